import type { WorkspaceScope } from '~/auth/workspace.server'
import type { SendingDomainRecord } from '~/db/schema/mail-provider'
import { hasSendingDomain, sendingDomainNotInPlanMessage } from '~/lib/plans'
import { domainOf, SENDING_DOMAIN_MESSAGES } from '~/lib/sending-domains'
import {
  deleteSendingDomain,
  getSendingDomain,
  insertSendingDomain,
  updateSendingDomainStatus,
} from '~/models/sending-domains.server'
import { resendClient } from '~/platform/resend.server'

// Settings → Sending domain through Resend's Domains API (issue 32 Deliver 6; docs/follow-up.md):
// create → the SPF and DKIM records to add; Check = verify (Resend looks again) + get (its answer);
// remove. Resend is called first and our row written from its answer, so the page never claims a
// domain Resend does not have. No page load calls Resend: the page shows the last answer stored.

type ResendRecord = { record: string; name: string; type: string; value: string; ttl: string; status: string; priority?: number }
export type DomainOutcome = { ok: true } | { ok: false; status: number; message: string; field?: 'fromAddress' }

const refused = (status: number, message: string, field?: 'fromAddress'): DomainOutcome => ({ ok: false, status, message, field })

/** Only what authenticates sending: SPF (with its return-path MX) and DKIM. */
function keptRecords(records: ResendRecord[] | undefined): SendingDomainRecord[] {
  return (records ?? [])
    .filter((r) => r.record === 'SPF' || r.record === 'DKIM')
    .map(({ record, name, type, value, ttl, status, priority }) => ({
      record,
      name,
      type,
      value,
      ttl,
      status,
      ...(priority === undefined ? {} : { priority }),
    }))
}

/** Resend's error, in a sentence for the page; its own message when it gives one (a domain in use…). */
function providerMessage(error: { message?: string; statusCode?: number | null } | null) {
  if (!error?.statusCode || error.statusCode >= 500 || error.statusCode === 429) return SENDING_DOMAIN_MESSAGES.providerDown
  return `Resend refused it: ${error.message ?? 'no reason given'}`
}

function planRefusal(scope: WorkspaceScope) {
  return hasSendingDomain(scope.workspace.plan) ? null : refused(403, sendingDomainNotInPlanMessage(scope.workspace.plan))
}

export async function addSendingDomain(scope: WorkspaceScope, fromAddress: string): Promise<DomainOutcome> {
  const notInPlan = planRefusal(scope)
  if (notInPlan) return notInPlan
  const resend = resendClient()
  if (!resend) return refused(409, SENDING_DOMAIN_MESSAGES.noProvider)
  if (await getSendingDomain(scope.ownerId)) return refused(409, 'This workspace has a sending domain already: remove it first.')
  const domain = domainOf(fromAddress)
  const { data, error } = await resend.domains.create({ name: domain })
  if (error || !data)
    return refused(error?.statusCode && error.statusCode < 500 ? 422 : 502, providerMessage(error), 'fromAddress')
  const stored = await insertSendingDomain(
    scope.ownerId,
    { fromAddress, domain, resendDomainId: data.id, status: data.status, records: keptRecords(data.records) },
    scope.user,
  )
  if (!stored) {
    // A second tab added one meanwhile: Resend keeps only the one our row names.
    await resend.domains.remove(data.id)
    return refused(409, 'This workspace has a sending domain already: remove it first.')
  }
  return { ok: true }
}

export async function checkSendingDomain(scope: WorkspaceScope): Promise<DomainOutcome> {
  const resend = resendClient()
  if (!resend) return refused(409, SENDING_DOMAIN_MESSAGES.noProvider)
  const current = await getSendingDomain(scope.ownerId)
  if (!current) return refused(404, SENDING_DOMAIN_MESSAGES.notFound)
  const verify = await resend.domains.verify(current.resendDomainId)
  if (verify.error) return refused(502, providerMessage(verify.error))
  const { data, error } = await resend.domains.get(current.resendDomainId)
  if (error || !data) return refused(502, providerMessage(error))
  await updateSendingDomainStatus(scope.ownerId, current.resendDomainId, {
    status: data.status,
    records: keptRecords(data.records),
  })
  return { ok: true }
}

export async function removeSendingDomain(scope: WorkspaceScope): Promise<DomainOutcome> {
  const current = await getSendingDomain(scope.ownerId)
  if (!current) return refused(404, SENDING_DOMAIN_MESSAGES.notFound)
  const resend = resendClient()
  if (resend) {
    const { error } = await resend.domains.remove(current.resendDomainId)
    // Gone at Resend already (removed in its dashboard) is what we want; anything else is kept.
    if (error && error.statusCode !== 404) return refused(502, providerMessage(error))
  }
  await deleteSendingDomain(scope.ownerId, current.resendDomainId, scope.user)
  return { ok: true }
}
