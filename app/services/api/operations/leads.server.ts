import { z } from 'zod'
import { listSchema, PageQuerySchema } from '~/lib/api'
import { EVENT_MAX } from '~/lib/lead-filters'
import { FOLLOW_UP_ERRORS, normalizeTag, NoteBodySchema, TAG_MAX_LENGTH, TAGS_PER_PERSON, tagProblem } from '~/lib/lead-follow-up'
import { CONTACT_STATUSES, SCORE_BANDS } from '~/lib/lead-status'
import { MAX_MONEY_MAJOR, minorUnits, MONEY_CURRENCIES } from '~/lib/money'
import { addNote, changePerson } from '~/models/lead-follow-up.server'
import { getLeadRecord, listLeadRecords } from '~/models/lead-records.server'
import { ApiLeadSchema, ApiNoteSchema, toApiLead, toApiNote } from '../objects/lead.server'
import { defineOperation, ApiError, type ApiContext } from '../operation.server'
import { IdParams, Instant, notFound, pageAnswer, queryText } from './answers.server'

// Leads (issue 30 Deliver 2): people with their captures, consent, score, status, tags and notes.
// Every read and change goes through the app's own models with the key's scope (its creator's, as
// they are now) and the workspace's plan: a person the key may not see — another workspace's, erased,
// only locked or withheld captures — is a 404 on every operation.

const LEAD = 'lead'

const ListLeadsQuery = PageQuerySchema.extend({
  session: z.guid().optional().meta({ description: 'People captured at this session.' }),
  talk: z.guid().optional().meta({ description: 'People captured at a session of this talk.' }),
  event: z.guid().optional().meta({ description: 'People captured at a session of this organiser’s event.' }),
  event_name: queryText(EVENT_MAX)
    .optional()
    .meta({ description: 'People captured at a session given this event name (exact).' }),
  status: z.enum(CONTACT_STATUSES).optional(),
  tag: queryText(TAG_MAX_LENGTH).optional().meta({ description: 'People with this tag (any case).' }),
  score_band: z.enum(SCORE_BANDS).optional(),
  created_since: Instant.optional().meta({
    description: 'People first recorded at or after this instant (ISO 8601 with Z or an offset).',
  }),
  updated_since: Instant.optional().meta({
    description: 'People changed at or after this instant: a capture or resubmission, status, deal, tags, a note.',
  }),
})

const listLeads = defineOperation({
  operationId: 'listLeads',
  method: 'GET',
  path: '/leads',
  tag: 'Leads',
  summary: 'List leads',
  description:
    'People newest first (by when they were first recorded). The filters on session, talk, event and event name select people through one capture your key may see. A new person appears at the start of the list, so a walk with starting_after never answers anyone twice.',
  scope: 'leads:read',
  query: ListLeadsQuery,
  response: { status: 200, description: 'A page of leads.', schema: listSchema(ApiLeadSchema, 'LeadList') },
  handler: async ({ ctx, query }) => {
    const result = await listLeadRecords({
      scope: ctx.scope,
      plan: ctx.workspace.plan,
      limit: query.limit,
      startingAfter: query.starting_after,
      filters: {
        session: query.session?.toLowerCase() ?? null,
        talk: query.talk?.toLowerCase() ?? null,
        event: query.event?.toLowerCase() ?? null,
        eventName: query.event_name ?? '',
        status: query.status ?? null,
        band: query.score_band ?? null,
        tag: query.tag ? normalizeTag(query.tag) : '',
        createdSince: query.created_since ?? null,
        updatedSince: query.updated_since ?? null,
      },
    })
    return pageAnswer(result, LEAD, toApiLead)
  },
})

async function leadOrNotFound(ctx: ApiContext, id: string) {
  const record = await getLeadRecord(ctx.scope, ctx.workspace.plan, id)
  if (!record) throw notFound(LEAD)
  return toApiLead(record)
}

const getLead = defineOperation({
  operationId: 'getLead',
  method: 'GET',
  path: '/leads/{id}',
  tag: 'Leads',
  summary: 'Get a lead',
  scope: 'leads:read',
  params: IdParams,
  response: { status: 200, description: 'The lead.', schema: ApiLeadSchema },
  handler: async ({ ctx, params }) => leadOrNotFound(ctx, params.id),
})

const Tags = z
  .array(
    z
      .string()
      .max(200)
      .superRefine((tag, issue) => {
        const problem = tagProblem(normalizeTag(tag))
        if (problem) issue.addIssue({ code: 'custom', message: problem })
      }),
  )
  .max(TAGS_PER_PERSON)

const ChangeLeadBody = z
  .strictObject({
    status: z.enum(CONTACT_STATUSES).optional().meta({ description: 'won needs a deal (sent now or set before).' }),
    deal: z
      .strictObject({
        amount: z.number().int().min(0).meta({ description: 'In minor units of the currency (cents; yen are whole).' }),
        currency: z.enum(MONEY_CURRENCIES),
      })
      .nullable()
      .optional()
      .meta({ description: 'The deal value; null clears it.' }),
    tags: Tags.optional().meta({ description: 'Every tag of the person, replacing theirs (normalised: trimmed, lower case).' }),
    add_tags: Tags.optional().meta({ description: 'Tags to add to theirs.' }),
    remove_tags: Tags.optional().meta({ description: 'Tags to take off.' }),
  })
  .superRefine((v, issue) => {
    if (Object.keys(v).length === 0)
      issue.addIssue({ code: 'custom', message: 'Send at least one of status, deal, tags, add_tags and remove_tags' })
    if (v.tags && (v.add_tags || v.remove_tags))
      issue.addIssue({
        code: 'custom',
        path: ['tags'],
        message: 'Send tags (the whole list) or add_tags / remove_tags, not both',
      })
    if (v.deal && v.deal.amount > MAX_MONEY_MAJOR * minorUnits(v.deal.currency))
      issue.addIssue({
        code: 'custom',
        path: ['deal', 'amount'],
        message: 'The amount must be under 10,000,000,000 in major units',
      })
  })
  .meta({ examples: [{ status: 'contacted', add_tags: ['follow-up'] }] })

const updateLead = defineOperation({
  operationId: 'updateLead',
  method: 'PATCH',
  path: '/leads/{id}',
  tag: 'Leads',
  summary: 'Change a lead’s status, deal or tags',
  description:
    'All or nothing, with the same rules and timeline entries as the lead’s page in the app (and the same lead.updated webhooks).',
  scope: 'leads:write',
  params: IdParams,
  body: ChangeLeadBody,
  response: { status: 200, description: 'The lead as it is now.', schema: ApiLeadSchema },
  handler: async ({ ctx, params, body }) => {
    const outcome = await changePerson(
      { ...ctx.scope, contactId: params.id },
      {
        status: body.status,
        deal: body.deal === undefined ? undefined : body.deal && { cents: body.deal.amount, currency: body.deal.currency },
        tags:
          body.tags || body.add_tags || body.remove_tags
            ? { set: body.tags, add: body.add_tags, remove: body.remove_tags }
            : undefined,
      },
    )
    if (outcome === 'not-found') throw notFound(LEAD)
    if (!outcome.ok) {
      const param = outcome.field === 'status' ? 'status' : body.tags ? 'tags' : 'add_tags'
      const message =
        outcome.error === FOLLOW_UP_ERRORS.dealRequiredForWon
          ? 'A lead is marked won with its deal value: send deal (amount and currency) with the status, or set it first'
          : outcome.error
      throw new ApiError('unprocessable_entity', `Invalid field "${param}": ${message}.`, param)
    }
    return leadOrNotFound(ctx, params.id)
  },
})

const createLeadNote = defineOperation({
  operationId: 'createLeadNote',
  method: 'POST',
  path: '/leads/{id}/notes',
  tag: 'Leads',
  summary: 'Add a note to a lead',
  description:
    'Notes are the workspace’s own: they show on the lead’s page and here; adding one tells no webhook or CRM (no lead.updated).',
  scope: 'leads:write',
  params: IdParams,
  body: z
    .strictObject({ body: NoteBodySchema.meta({ description: 'The note’s text (trimmed).' }) })
    .meta({ examples: [{ body: 'Met at the stand; send the workshop dates in May.' }] }),
  response: { status: 201, description: 'The note.', schema: ApiNoteSchema },
  handler: async ({ ctx, params, body }) => {
    const made = await addNote({ ...ctx.scope, contactId: params.id }, body.body)
    if (made === 'not-found') throw notFound(LEAD)
    const note = (await getLeadRecord(ctx.scope, ctx.workspace.plan, params.id))?.notes.find((n) => n.id === made.id)
    // Erased in the moment between: the note went with the person.
    if (!note) throw notFound(LEAD)
    return toApiNote(note)
  },
})

export const LEAD_OPERATIONS = [listLeads, getLead, updateLead, createLeadNote]
