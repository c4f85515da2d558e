import { z } from 'zod'
import { accentKeepsTextReadable, isHexColor } from '~/lib/accent-color'
import { PageQuerySchema } from '~/lib/api'
import { can, SESSION_READ_ONLY } from '~/lib/permissions'
import { liveLimitMessage } from '~/lib/plans'
import { isWebUrl, SESSION_ERRORS, SESSION_LIMITS, SESSION_STATUSES } from '~/lib/talk-session'
import { isTimeZone } from '~/lib/time-zone'
import { getSessionRecord, listSessionRecords } from '~/models/session-records.server'
import { closeSession, createSession, goLive, type SessionInput } from '~/models/talk-sessions.server'
import { publicNameOf } from '~/services/first-run.server'
import { newSessionDefaults } from '~/services/session-form.server'
import { ApiSessionListSchema, ApiSessionSchema, toApiSession } from '../objects/session.server'
import { ApiError, defineOperation, type ApiContext } from '../operation.server'
import { IdParams, Instant, notFound, pageAnswer } from './answers.server'

// Sessions (issue 30 Deliver 2): list, get, create a draft, go live, close — through the app's own
// models and guards: the sessions the key's creator reads (sessionsScope 'read') and changes
// ('change'), the plan's live-session limit under the workspace's lock (goLive), "only a live session
// can be closed". A session the creator reads but may not change is a 403, as on its page.

const SESSION = 'session'

const listSessions = defineOperation({
  operationId: 'listSessions',
  method: 'GET',
  path: '/sessions',
  tag: 'Sessions',
  summary: 'List sessions',
  description: 'Newest first (by when they were made), with their attendee links and QR code addresses.',
  scope: 'sessions:read',
  query: PageQuerySchema.extend({
    status: z.enum(SESSION_STATUSES).optional(),
    talk: z.guid().optional().meta({ description: 'Sessions of this talk.' }),
    event: z.guid().optional().meta({ description: 'Sessions of this organiser’s event.' }),
  }),
  response: { status: 200, description: 'A page of sessions.', schema: ApiSessionListSchema },
  handler: async ({ ctx, query }) => {
    const result = await listSessionRecords({
      scope: ctx.sessionsScope.read,
      filters: {
        status: query.status ?? null,
        talk: query.talk?.toLowerCase() ?? null,
        event: query.event?.toLowerCase() ?? null,
      },
      limit: query.limit,
      startingAfter: query.starting_after,
    })
    return pageAnswer(result, SESSION, (s) => toApiSession(s))
  },
})

async function sessionOrNotFound(ctx: ApiContext, id: string) {
  const session = await getSessionRecord(ctx.sessionsScope.read, id)
  if (!session) throw notFound(SESSION)
  return toApiSession(session)
}

const getSession = defineOperation({
  operationId: 'getSession',
  method: 'GET',
  path: '/sessions/{id}',
  tag: 'Sessions',
  summary: 'Get a session',
  scope: 'sessions:read',
  params: IdParams,
  response: { status: 200, description: 'The session.', schema: ApiSessionSchema },
  handler: async ({ ctx, params }) => sessionOrNotFound(ctx, params.id),
})

const text = (max: number) => z.string().trim().max(max)

const CreateSessionBody = z
  .strictObject({
    talk_id: z.guid().meta({ description: 'One of the workspace’s talks (GET /talks).' }),
    event_name: text(SESSION_LIMITS.eventName).min(1),
    starts_at: Instant.meta({ description: 'ISO 8601 with Z or an offset.' }),
    time_zone: z.string().refine(isTimeZone, SESSION_ERRORS.timeZone).meta({ description: 'An IANA zone: Europe/Berlin.' }),
    city: text(SESSION_LIMITS.city).optional().meta({ description: 'Required unless is_online.' }),
    is_online: z.boolean().optional(),
    audience_size: z.number().int().min(1).max(SESSION_LIMITS.audienceMax).nullable().optional(),
    headline: text(SESSION_LIMITS.headline).optional(),
    offer: z
      .strictObject({
        title: text(SESSION_LIMITS.offerTitle).min(1),
        promise: text(SESSION_LIMITS.offerPromise).optional(),
        url: z.string().max(SESSION_LIMITS.offerUrl).refine(isWebUrl, SESSION_ERRORS.offerUrl),
      })
      .optional()
      .meta({ description: 'A link delivered to attendees who leave their details (upload a file in the app).' }),
    fields: z
      .strictObject({
        company: z.boolean().optional(),
        job_title: z.boolean().optional(),
        phone: z.boolean().optional(),
        linkedin: z.boolean().optional(),
      })
      .optional(),
    accent_color: z
      .string()
      .refine(isHexColor, 'Enter a colour as #rrggbb')
      .refine((c) => !isHexColor(c) || accentKeepsTextReadable(c), SESSION_ERRORS.accent)
      .optional(),
    consent_text: text(SESSION_LIMITS.consentText)
      .min(1)
      .optional()
      .meta({ description: 'Default: the app’s wording, naming you.' }),
    marketing_text: text(SESSION_LIMITS.marketingText).optional(),
  })
  .superRefine((v, issue) => {
    if (!v.is_online && !v.city) issue.addIssue({ code: 'custom', path: ['city'], message: SESSION_ERRORS.cityOrOnline })
  })
  .meta({
    examples: [
      {
        talk_id: '5f0c1d9e-8a43-4c1b-9d55-2f7d0b6e9a31',
        event_name: 'NDC Oslo 2027',
        starts_at: '2027-06-01T09:00:00+02:00',
        time_zone: 'Europe/Oslo',
        city: 'Oslo',
        offer: { title: 'The slides', url: 'https://example.com/slides.pdf' },
      },
    ],
  })

const createSessionOperation = defineOperation({
  operationId: 'createSession',
  method: 'POST',
  path: '/sessions',
  tag: 'Sessions',
  summary: 'Create a draft session',
  description:
    'A draft of one of your talks, run by the key’s creator, with the app’s defaults for what is left out. Questions and an offer file are added in the app; go live with POST /sessions/{id}/go-live.',
  scope: 'sessions:write',
  body: CreateSessionBody,
  response: { status: 201, description: 'The draft.', schema: ApiSessionSchema },
  handler: async ({ ctx, body }) => {
    if (!can(ctx.role, 'sessions.create')) throw new ApiError('forbidden', "This key's creator may not create sessions.")
    const defaults = newSessionDefaults(await publicNameOf(ctx.actor.id), null)
    const input: SessionInput = {
      talkId: body.talk_id.toLowerCase(),
      eventName: body.event_name,
      startsAt: body.starts_at,
      timeZone: body.time_zone,
      city: body.is_online ? null : (body.city ?? null),
      isOnline: body.is_online ?? false,
      audienceSize: body.audience_size ?? null,
      headline: body.headline ?? '',
      offerKind: body.offer ? 'url' : 'none',
      offerTitle: body.offer?.title ?? '',
      offerPromise: body.offer?.promise ?? '',
      offerUrl: body.offer?.url ?? null,
      offerFile: null,
      fields: {
        company: body.fields?.company ?? defaults.fields.company,
        jobTitle: body.fields?.job_title ?? defaults.fields.jobTitle,
        phone: body.fields?.phone ?? defaults.fields.phone,
        linkedin: body.fields?.linkedin ?? defaults.fields.linkedin,
      },
      questions: [],
      accentColor: body.accent_color?.toLowerCase() ?? defaults.accentColor,
      consentText: body.consent_text ?? defaults.consentText,
      marketingText: body.marketing_text ?? defaults.marketingText,
    }
    const created = await createSession({ ownerId: ctx.scope.ownerId, userId: ctx.actor.id }, input)
    if (!created)
      throw new ApiError('unprocessable_entity', 'Invalid field "talk_id": no talk with this id in this workspace.', 'talk_id')
    return sessionOrNotFound(ctx, created.id)
  },
})

/** A change found nothing it may change: 403 when the creator reads the session (a colleague's), else 404. */
async function changeRefused(ctx: ApiContext, id: string) {
  if (await getSessionRecord(ctx.sessionsScope.read, id)) return new ApiError('forbidden', SESSION_READ_ONLY)
  return notFound(SESSION)
}

const goLiveOperation = defineOperation({
  operationId: 'goLiveSession',
  method: 'POST',
  path: '/sessions/{id}/go-live',
  tag: 'Sessions',
  summary: 'Take a session live',
  description:
    'A draft or closed session goes live: attendees can leave their details. Live already: answered as it is. Refused (403) when the plan’s live sessions at a time are all taken.',
  scope: 'sessions:write',
  params: IdParams,
  response: { status: 200, description: 'The session, live.', schema: ApiSessionSchema },
  handler: async ({ ctx, params }) => {
    const result = await goLive(ctx.sessionsScope.change, params.id)
    if (result === 'not-found') throw await changeRefused(ctx, params.id)
    if (result === 'plan-limit') throw new ApiError('forbidden', liveLimitMessage(ctx.workspace.plan))
    return sessionOrNotFound(ctx, params.id)
  },
})

const closeOperation = defineOperation({
  operationId: 'closeSession',
  method: 'POST',
  path: '/sessions/{id}/close',
  tag: 'Sessions',
  summary: 'Close a live session',
  description: 'Its page stays up and says the session has ended; no new leads. Only a live session can be closed (409).',
  scope: 'sessions:write',
  params: IdParams,
  response: { status: 200, description: 'The session, closed.', schema: ApiSessionSchema },
  handler: async ({ ctx, params }) => {
    const result = await closeSession(ctx.sessionsScope.change, params.id)
    if (result === 'not-found') throw await changeRefused(ctx, params.id)
    if (result === 'not-live') throw new ApiError('conflict', 'Only a live session can be closed.')
    return sessionOrNotFound(ctx, params.id)
  },
})

export const SESSION_OPERATIONS = [listSessions, getSession, createSessionOperation, goLiveOperation, closeOperation]
