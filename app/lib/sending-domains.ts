import { z } from 'zod'

// A workspace's own sending domain (issue 32 Deliver 6; docs/follow-up.md "Sending domains"): the
// form's rule and the words for Resend's statuses, shared by the settings page and its tests.

export const SENDING_DOMAIN_MESSAGES = {
  address: 'Enter the address follow-ups should come from, like talks@yourcompany.com',
  noProvider:
    'Sending domains need the Resend email provider, and this server sends without it (RESEND_API_KEY is not set): follow-ups go out from the default address.',
  providerDown: 'Resend did not answer. Nothing was changed; try again in a minute.',
  notFound: 'This workspace has no sending domain.',
} as const

export const SendingDomainSchema = z.object({
  fromAddress: z
    .string({ error: SENDING_DOMAIN_MESSAGES.address })
    .trim()
    .toLowerCase()
    .max(254, SENDING_DOMAIN_MESSAGES.address)
    .pipe(z.email({ error: SENDING_DOMAIN_MESSAGES.address })),
})

/** The domain part of an address: what is registered with Resend. */
export function domainOf(address: string) {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase()
}

/** Resend's domain statuses (its Domains API), in the words the settings page shows. */
export const DOMAIN_STATUS_LABELS: Record<string, string> = {
  not_started: 'Not checked yet',
  pending: 'Checking',
  verified: 'Verified',
  partially_verified: 'Partly verified',
  partially_failed: 'Partly failed',
  failed: 'Failed',
  temporary_failure: 'Temporary failure',
}

/** What the status means for the workspace's follow-ups, and what to do next. */
export function domainStatusSentence(status: string, fromAddress: string) {
  switch (status) {
    case 'verified':
      return `Verified: follow-ups go out from ${fromAddress}.`
    case 'not_started':
      return 'Add the DNS records below at your domain’s DNS provider, then press Check. Until the domain is verified, follow-ups go out from the default address.'
    case 'pending':
      return 'Resend is looking for the DNS records. It can take a few minutes to a few hours after you add them: press Check again later. Until then, follow-ups go out from the default address.'
    case 'partially_verified':
    case 'partially_failed':
      return 'Some of the DNS records were found, others not yet: compare the records marked below with your DNS provider’s, then press Check. Until then, follow-ups go out from the default address.'
    case 'failed':
    case 'temporary_failure':
      return 'Resend could not find the DNS records. Compare them with your DNS provider’s, then press Check to try again. Until then, follow-ups go out from the default address.'
    default:
      return `Resend says “${status}”. Until the domain is verified, follow-ups go out from the default address.`
  }
}

export function domainStatusLabel(status: string) {
  return DOMAIN_STATUS_LABELS[status] ?? status
}
