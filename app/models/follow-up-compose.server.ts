import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { events } from '~/db/schema/events'
import { segments } from '~/db/schema/people'
import { talkSessions, talks } from '~/db/schema/talks'
import type { MergeValues } from '~/lib/follow-up-merge'
import type { FollowUpSource } from '~/lib/follow-ups'
import { isUuid } from '~/lib/text'
import { audienceFactsQuery, includedCondition } from './follow-up-audience.server'
import { audienceOf, type FollowUp } from './follow-ups.server'
import { workspacePlan } from './workspaces.server'

// What the compose page needs beyond the draft (issue 32 Deliver 1): the source's name, the values
// its merge fields take, and the people it would reach now (to preview as one of them). The people
// are the recipients rule's (app/models/follow-up-audience.server.ts): the same included facts the
// freeze selects, so a preview is always of someone who would receive it.

export type SourceInfo = { kind: FollowUpSource; id: string; name: string }

/** The source's name in the workspace (a session by its talk and event), or null when it is not there. */
export async function sourceInfo(ownerId: string, source: FollowUpSource, sourceId: string): Promise<SourceInfo | null> {
  if (!isUuid(sourceId)) return null
  const db = getDb()
  let name: string | undefined
  switch (source) {
    case 'session': {
      const [row] = await db
        .select({ title: talks.title, eventName: talkSessions.eventName })
        .from(talkSessions)
        .innerJoin(talks, eq(talks.id, talkSessions.talkId))
        .where(and(eq(talkSessions.id, sourceId), eq(talkSessions.workspaceId, ownerId)))
        .limit(1)
      name = row && `${row.title} at ${row.eventName}`
      break
    }
    case 'talk': {
      const [row] = await db
        .select({ title: talks.title })
        .from(talks)
        .where(and(eq(talks.id, sourceId), eq(talks.workspaceId, ownerId)))
        .limit(1)
      name = row?.title
      break
    }
    case 'event': {
      const [row] = await db
        .select({ name: events.name })
        .from(events)
        .where(and(eq(events.id, sourceId), eq(events.workspaceId, ownerId)))
        .limit(1)
      name = row?.name
      break
    }
    case 'segment': {
      const [row] = await db
        .select({ name: segments.name })
        .from(segments)
        .where(and(eq(segments.id, sourceId), eq(segments.ownerId, ownerId)))
        .limit(1)
      name = row?.name
      break
    }
  }
  return name === undefined ? null : { kind: source, id: sourceId.toLowerCase(), name }
}

/**
 * The values every recipient of this follow-up shares (first_name is each one's own): a session's
 * talk, event and offer link (a link offer's address; a file offer's download is personal to each
 * sign-up, so it has none), a talk's title, an event's name, and the sender's name.
 */
export async function sharedMergeValues(
  followUp: Pick<FollowUp, 'ownerId' | 'source' | 'sourceId' | 'fromName'>,
): Promise<Omit<MergeValues, 'first_name'>> {
  const db = getDb()
  const values: Omit<MergeValues, 'first_name'> = {
    talk_title: null,
    event_name: null,
    offer_link: null,
    sender_name: followUp.fromName || null,
  }
  if (followUp.source === 'session') {
    const [row] = await db
      .select({
        title: talks.title,
        eventName: talkSessions.eventName,
        offerKind: talkSessions.offerKind,
        offerUrl: talkSessions.offerUrl,
      })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(and(eq(talkSessions.id, followUp.sourceId), eq(talkSessions.workspaceId, followUp.ownerId)))
      .limit(1)
    if (row) {
      values.talk_title = row.title
      values.event_name = row.eventName
      values.offer_link = row.offerKind === 'url' ? row.offerUrl : null
    }
  } else if (followUp.source === 'talk' || followUp.source === 'event') {
    const info = await sourceInfo(followUp.ownerId, followUp.source, followUp.sourceId)
    if (info && followUp.source === 'talk') values.talk_title = info.name
    if (info && followUp.source === 'event') values.event_name = info.name
  }
  return values
}

export type PreviewRecipient = { contactId: string; email: string; firstName: string | null }

/** The people it would reach now, by address (the first `limit`), each one the recipients rule includes. */
export async function previewRecipients(followUp: FollowUp, limit = 50, contactId?: string): Promise<PreviewRecipient[]> {
  if (contactId !== undefined && !isUuid(contactId)) return []
  const db = getDb()
  const facts = await audienceFactsQuery(audienceOf(followUp), await workspacePlan(followUp.ownerId, db), db)
  if (!facts) return []
  const result = await db.execute(sql`select f.contact_id, f.email, f.first_name from (${facts}) f
    where ${includedCondition()} ${contactId ? sql`and f.contact_id = ${contactId}::uuid` : sql``}
    order by f.email limit ${limit}`)
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as {
    contact_id: string
    email: string
    first_name: string | null
  }[]
  return rows.map((r) => ({ contactId: r.contact_id, email: r.email, firstName: r.first_name }))
}

/** One of those people (the preview's "as"), or null when they would not receive it. */
export async function previewRecipient(followUp: FollowUp, contactId: string) {
  const [row] = await previewRecipients(followUp, 1, contactId)
  return row ?? null
}
