import { listSchema, PageQuerySchema } from '~/lib/api'
import { getTalkRecord, listTalkRecords } from '~/models/talks.server'
import { ApiTalkSchema, toApiTalk } from '../objects/session.server'
import { defineOperation } from '../operation.server'
import { IdParams, notFound, pageAnswer } from './answers.server'

// Talks (issue 30 Deliver 2): the workspace's reusable talks, shared by every member as in the app.

const TALK = 'talk'

const listTalks = defineOperation({
  operationId: 'listTalks',
  method: 'GET',
  path: '/talks',
  tag: 'Talks',
  summary: 'List talks',
  description: 'Newest first, each with its number of sessions.',
  scope: 'sessions:read',
  query: PageQuerySchema,
  response: { status: 200, description: 'A page of talks.', schema: listSchema(ApiTalkSchema, 'TalkList') },
  handler: async ({ ctx, query }) =>
    pageAnswer(
      await listTalkRecords(ctx.scope.ownerId, { limit: query.limit, startingAfter: query.starting_after }),
      TALK,
      toApiTalk,
    ),
})

const getTalk = defineOperation({
  operationId: 'getTalk',
  method: 'GET',
  path: '/talks/{id}',
  tag: 'Talks',
  summary: 'Get a talk',
  scope: 'sessions:read',
  params: IdParams,
  response: { status: 200, description: 'The talk.', schema: ApiTalkSchema },
  handler: async ({ ctx, params }) => {
    const talk = await getTalkRecord(ctx.scope.ownerId, params.id)
    if (!talk) throw notFound(TALK)
    return toApiTalk(talk)
  },
})

export const TALK_OPERATIONS = [listTalks, getTalk]
