import { z } from 'zod'
import { WORKSPACE_ROLES } from '~/lib/permissions'

// The team page's forms (client and server). Which roles someone may give is decided by the model
// (grantableRoles); the select only offers those.

export const TEAM_PATH = '/app/team'

export const INVITE_ERRORS = {
  email: 'Enter the email address of the person to invite',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  role: 'Choose a role',
} as const

export const InviteSchema = z.object({
  email: z
    .string({ error: INVITE_ERRORS.email })
    .trim()
    .min(1, INVITE_ERRORS.email)
    .max(254, INVITE_ERRORS.emailInvalid)
    .pipe(z.email(INVITE_ERRORS.emailInvalid)),
  role: z.enum(WORKSPACE_ROLES, { error: INVITE_ERRORS.role }),
})

export const InvitationIdSchema = z.object({ invitationId: z.uuid() })

export const TEAM_INTENTS = ['invite', 'add-seat', 'resend', 'revoke'] as const
export type TeamIntent = (typeof TEAM_INTENTS)[number]
