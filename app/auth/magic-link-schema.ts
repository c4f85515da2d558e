import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { MAGIC_CODE_LENGTH } from '~/lib/constants'
import type { MagicLinkIntent } from './magic-link-text'

// Shared by the magic-link forms (client validation through Conform) and their actions.

// The intents and texts live in magic-link-text.ts so pages that only show a text ship no zod.
export * from './magic-link-text'

export const RequestLinkSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address')),
})

export const CodeSchema = z.object({
  code: z
    .string({ error: `Enter the ${MAGIC_CODE_LENGTH}-digit code from the email.` })
    .trim()
    .regex(new RegExp(`^\\d{${MAGIC_CODE_LENGTH}}$`), `Enter the ${MAGIC_CODE_LENGTH}-digit code from the email.`),
})

/** What <MagicLinkForm> shows: the email field, or the "sent" state of this browser's pending sign-in. */
export type MagicLinkView =
  | { stage: 'form' }
  | {
      stage: 'sent'
      email: string
      intent: MagicLinkIntent
      resendAvailableAt: number
      serverNow: number
      /** The link was opened on another device (now signed in); this tab can still use the code. */
      openedElsewhere: boolean
    }

/** The action half's answer when it does not redirect (validation errors, limits, "not yet"). */
export type MagicLinkActionData = {
  magicLink: { form: 'request' | 'code' | 'resend' | 'check'; result: SubmissionResult<string[]>; notice?: string }
}
