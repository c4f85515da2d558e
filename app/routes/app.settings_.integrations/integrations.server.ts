import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { enqueueJob } from '~/jobs/queue.server'
import { CrmMappingSchema, fieldMapFromInput, HUBSPOT_SCOPES } from '~/lib/crm-mapping'
import { crmNotInPlanMessage, hasCrmIntegration } from '~/lib/plans'
import { disconnectCrm, getCrmConnection, saveCrmConnection, saveCrmFieldMap } from '~/models/crm.server'
import type { AuditActor } from '~/models/audit.server'
import { ownerPlan } from '~/models/leads.server'
import { requeueCrmSync } from '~/services/crm-sync.server'
import { HubSpotError, verifyHubSpotToken } from '~/services/hubspot.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { ConnectHubSpotSchema, IntentSchema, INTEGRATIONS_PATH } from './schema'

// The actions of Settings → Integrations, told apart by `intent`.

/** Why HubSpot would not take the token, in words that say what to do. */
function refusal(error: HubSpotError) {
  if (error.status === 401)
    return 'HubSpot refused this token (401). Check that you copied the whole access token of the private app and that the app still exists.'
  if (error.status === 403)
    return `This token lacks the scope ${HUBSPOT_SCOPES[0]}. In HubSpot, give the private app the scopes ${HUBSPOT_SCOPES.join(' and ')}, then paste its token again.`
  if (error.retryable) return 'HubSpot could not be reached to check the token. Nothing was saved; try again in a minute.'
  return error.message
}

const VerifiedTokenSchema = ConnectHubSpotSchema.transform(async (value, ctx) => {
  try {
    await verifyHubSpotToken(value.token)
  } catch (error) {
    if (!(error instanceof HubSpotError)) throw error
    ctx.addIssue({ code: 'custom', path: ['token'], message: refusal(error) })
    return z.NEVER
  }
  return value
})

/** The workspace acted in, and who acts (for the audit log). */
type Acting = { ownerId: string; user: AuditActor }

export async function integrationsAction(request: Request, { ownerId, user }: Acting) {
  const formData = await readForm(request)
  const intent = IntentSchema.safeParse({ intent: formData.get('intent') })
  if (!intent.success) throw new Response('Unknown action', { status: 400 })

  // Every intent but disconnect needs a plan with CRM integration (a downgraded speaker can still
  // disconnect). Checked before the token goes to HubSpot.
  const plan = await ownerPlan(ownerId)
  const notInPlan = intent.data.intent !== 'disconnect' && !hasCrmIntegration(plan) ? crmNotInPlanMessage(plan) : null

  switch (intent.data.intent) {
    case 'connect': {
      if (notInPlan) {
        const submission = parseWithZod(formData, { schema: ConnectHubSpotSchema })
        return data(
          {
            intent: 'connect' as const,
            result: submission.reply({ hideFields: ['token'], fieldErrors: { token: [notInPlan] } }),
          },
          { status: 403 },
        )
      }
      const submission = await parseWithZod(formData, { schema: VerifiedTokenSchema, async: true })
      // The token never travels back to the page.
      if (submission.status !== 'success')
        return data({ intent: 'connect' as const, result: submission.reply({ hideFields: ['token'] }) }, { status: 400 })
      // A key is always at hand: generated into DATA_DIR, or the server refused to start without it.
      await saveCrmConnection(ownerId, submission.value.token, user)
      return redirectWithToast(INTEGRATIONS_PATH, {
        type: 'success',
        description: 'HubSpot connected. New and updated leads will be sent to it.',
      })
    }
    case 'mapping': {
      const submission = parseWithZod(formData, { schema: CrmMappingSchema })
      if (notInPlan)
        return data({ intent: 'mapping' as const, result: submission.reply({ formErrors: [notInPlan] }) }, { status: 403 })
      if (submission.status !== 'success')
        return data({ intent: 'mapping' as const, result: submission.reply() }, { status: 400 })
      if (!(await saveCrmFieldMap(ownerId, fieldMapFromInput(submission.value)))) {
        return data(
          { intent: 'mapping' as const, result: submission.reply({ formErrors: ['Connect HubSpot first.'] }) },
          { status: 400 },
        )
      }
      return redirectWithToast(INTEGRATIONS_PATH, {
        type: 'success',
        description: 'Field mapping saved. It applies to the next leads sent.',
      })
    }
    case 'disconnect': {
      // Without JavaScript the first post asks for confirmation (the page shows the step).
      if (formData.get('confirmed') !== '1') return data({ intent: 'disconnect' as const, confirm: true })
      if (!(await getCrmConnection(ownerId)))
        return redirectWithToast(INTEGRATIONS_PATH, { type: 'info', description: 'HubSpot is not connected.' })
      await disconnectCrm(ownerId, user)
      return redirectWithToast(INTEGRATIONS_PATH, {
        type: 'success',
        description: 'HubSpot disconnected. Its token and record links were deleted from Lectern; the contacts stay in HubSpot.',
      })
    }
    case 'backfill': {
      if (notInPlan) return redirectWithToast(INTEGRATIONS_PATH, { type: 'error', description: notInPlan })
      if (!(await getCrmConnection(ownerId)))
        return redirectWithToast(INTEGRATIONS_PATH, { type: 'error', description: 'Connect HubSpot first.' })
      await enqueueJob('crm.backfill', { provider: 'hubspot', ownerId, after: null })
      return redirectWithToast(INTEGRATIONS_PATH, {
        type: 'success',
        description: 'Sending your leads that are not in HubSpot yet. They appear there over the next minutes.',
      })
    }
    case 'resync': {
      const outcome = await requeueCrmSync(ownerId, String(formData.get('contactId') ?? ''))
      if (outcome === 'not-found') throw new Response('Not found', { status: 404 })
      if (outcome === 'not-connected')
        return redirectWithToast(INTEGRATIONS_PATH, { type: 'error', description: 'Connect HubSpot first.' })
      if (outcome === 'not-in-plan')
        return redirectWithToast(INTEGRATIONS_PATH, { type: 'error', description: crmNotInPlanMessage(plan) })
      return redirectWithToast(INTEGRATIONS_PATH, { type: 'success', description: 'Sending again to HubSpot.' })
    }
  }
}
