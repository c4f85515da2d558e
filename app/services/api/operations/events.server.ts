import { z } from 'zod'
import { listSchema, PageQuerySchema } from '~/lib/api'
import { SESSION_STATUSES } from '~/lib/talk-session'
import { getEventRecord, listEventRecords } from '~/models/event-records.server'
import { listSessionRecords } from '~/models/session-records.server'
import { ApiEventSchema, toApiEvent } from '../objects/event.server'
import { ApiSessionListSchema, toApiSession } from '../objects/session.server'
import { defineOperation } from '../operation.server'
import { IdParams, notFound, pageAnswer } from './answers.server'

// Events (issue 30 Deliver 2): an organiser's events and their sessions, for the owner and admins
// (events:read needs the role table's events.manage). Events made stay readable after the plan ends,
// as in the app; a workspace without events answers an empty list.

const EVENT = 'event'

const listEvents = defineOperation({
  operationId: 'listEvents',
  method: 'GET',
  path: '/events',
  tag: 'Events',
  summary: 'List events',
  description: 'Newest first (by when they were made), with their rooms and numbers of sessions and speakers.',
  scope: 'events:read',
  query: PageQuerySchema,
  response: { status: 200, description: 'A page of events.', schema: listSchema(ApiEventSchema, 'EventList') },
  handler: async ({ ctx, query }) =>
    pageAnswer(
      await listEventRecords(ctx.scope.ownerId, { limit: query.limit, startingAfter: query.starting_after }),
      EVENT,
      (e) => toApiEvent(e),
    ),
})

const getEvent = defineOperation({
  operationId: 'getEvent',
  method: 'GET',
  path: '/events/{id}',
  tag: 'Events',
  summary: 'Get an event',
  scope: 'events:read',
  params: IdParams,
  response: { status: 200, description: 'The event.', schema: ApiEventSchema },
  handler: async ({ ctx, params }) => {
    const event = await getEventRecord(ctx.scope.ownerId, params.id)
    if (!event) throw notFound(EVENT)
    return toApiEvent(event)
  },
})

const listEventSessions = defineOperation({
  operationId: 'listEventSessions',
  method: 'GET',
  path: '/events/{id}/sessions',
  tag: 'Events',
  summary: 'List an event’s sessions',
  description: 'The event’s programme as Session objects (room, roster speaker), newest first by when they were made.',
  scope: 'events:read',
  params: IdParams,
  query: PageQuerySchema.extend({ status: z.enum(SESSION_STATUSES).optional() }),
  response: { status: 200, description: 'A page of the event’s sessions.', schema: ApiSessionListSchema },
  handler: async ({ ctx, params, query }) => {
    if (!(await getEventRecord(ctx.scope.ownerId, params.id))) throw notFound(EVENT)
    const result = await listSessionRecords({
      scope: ctx.sessionsScope.read,
      filters: { status: query.status ?? null, talk: null, event: params.id.toLowerCase() },
      limit: query.limit,
      startingAfter: query.starting_after,
    })
    return pageAnswer(result, 'session', (s) => toApiSession(s))
  },
})

export const EVENT_OPERATIONS = [listEvents, getEvent, listEventSessions]
