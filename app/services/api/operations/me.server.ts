import { z } from 'zod'
import { API_SCOPES } from '~/lib/api-keys'
import { hasApi, PLANS, type Plan } from '~/lib/plans'
import { defineOperation } from '../operation.server'

// GET /me: who the key is (issue 30 Deliver 2). What Zapier, Make and n8n call to test a connection:
// the workspace, its plan and the scopes the key has now (its own, cut to its creator's current role).

export const MeSchema = z
  .object({
    workspace: z.object({
      id: z.uuid().meta({ description: 'The workspace the key belongs to.' }),
      name: z.string(),
    }),
    plan: z
      .enum(PLANS.filter(hasApi) as [Plan, ...Plan[]])
      .meta({ description: 'The workspace’s plan: pro (Professional), teams or organiser (Event Organiser).' }),
    scopes: z.array(z.enum(API_SCOPES)).meta({ description: 'What the key may do now.' }),
  })
  .meta({ id: 'Me' })

export const getMe = defineOperation({
  operationId: 'getMe',
  method: 'GET',
  path: '/me',
  tag: 'Account',
  summary: 'The key’s workspace, plan and scopes',
  description:
    'Answers for any working key, whatever its scopes: use it to test a connection. The scopes are those the key was given, cut to what its creator’s role allows today.',
  scope: null,
  response: { status: 200, description: 'The key’s workspace, plan and scopes.', schema: MeSchema },
  handler: async ({ ctx }) => ({
    workspace: { id: ctx.workspace.id, name: ctx.workspace.name },
    plan: ctx.workspace.plan,
    scopes: ctx.scopes,
  }),
})
