import { and, countDistinct, eq, isNotNull, sql } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { followUpRecipients } from '~/db/schema/follow-ups'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { scoreLead } from '~/lib/lead-score'
import { latestDetails, visibleCapturesOf } from '~/models/lead-detail.server'
import type { LeadEventSubscriber } from '~/models/lead-events.server'

// Keeps each person's score (app/lib/lead-score.ts) on their contacts row: the lead.event subscriber
// rescores the people of every created, updated or deleted capture, and the 'leads.rescore' job
// rescores a session's people after the speaker changed its question weights. Only the captures
// the plan lets the speaker see count, so a locked capture never shows through the score.

/** People rescored per round of queries (a session's people are rescored in rounds of this many). */
const RESCORE_ROUND = 500

/**
 * Recomputes and stores these people's scores: three queries for the lot (people, their visible
 * captures, one update). Returns how many were rescored; a person who no longer exists, or is not
 * the named owner's, is skipped.
 */
export async function rescorePeople(people: readonly { ownerId: string; contactId: string }[], db: Db = getDb()) {
  const wanted = new Map(people.map((p) => [p.contactId, p.ownerId]))
  if (wanted.size === 0) return 0
  const found = await db
    .select({
      id: contacts.id,
      ownerId: contacts.ownerId,
      email: contacts.email,
      firstName: contacts.firstName,
    })
    .from(contacts)
    .where(inIdList(contacts.id, [...wanted.keys()]))
  const persons = found.filter((p) => wanted.get(p.id) === p.ownerId)
  if (persons.length === 0) return 0
  const captures = await visibleCapturesOf(
    db,
    persons.map((p) => ({ ownerId: p.ownerId, contactId: p.id })),
  )
  const clicks = await followUpsClicked(db, persons)
  const scores = persons.map((person) => {
    const own = captures.get(person.id) ?? []
    // A person the plan withholds entirely scores nothing: their details are not the speaker's to see.
    const { score, band, reasons } =
      own.length === 0
        ? { score: 0, band: 'cold' as const, reasons: [] }
        : scoreLead({
            email: person.email,
            jobTitle: latestDetails(own, person.firstName).jobTitle,
            captures: own,
            followUpsClicked: clicks.get(person.id) ?? 0,
          })
    return { id: person.id, owner_id: person.ownerId, score, band, reasons }
  })
  // One JSON parameter (the same on PGlite and postgres.js) unpacked into rows.
  await db.execute(sql`
    update ${contacts}
    set score = d.score, score_band = d.band::score_band, score_reasons = d.reasons
    from jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as d(id uuid, owner_id uuid, score integer, band text, reasons jsonb)
    where ${contacts.id} = d.id and ${contacts.ownerId} = d.owner_id`)
  return persons.length
}

/** How many of their workspace's follow-ups each person clicked a link in (issue 32 Deliver 5). */
async function followUpsClicked(db: Db, persons: readonly { id: string; ownerId: string }[]) {
  const rows = await db
    .select({
      contactId: followUpRecipients.contactId,
      ownerId: followUpRecipients.ownerId,
      n: countDistinct(followUpRecipients.followUpId),
    })
    .from(followUpRecipients)
    .where(
      and(
        inIdList(
          followUpRecipients.contactId,
          persons.map((p) => p.id),
        ),
        isNotNull(followUpRecipients.clickedAt),
      ),
    )
    .groupBy(followUpRecipients.contactId, followUpRecipients.ownerId)
  const owner = new Map(persons.map((p) => [p.id, p.ownerId]))
  return new Map(rows.filter((r) => owner.get(r.contactId) === r.ownerId).map((r) => [r.contactId, Number(r.n)]))
}

/** The lead.event subscriber: rescoring is idempotent, so a retried dispatch simply does it again. */
export const rescoreOnLeadEvent: LeadEventSubscriber = async (events, db) => {
  await rescorePeople(
    events
      .filter((e) => !(e.event === 'lead.deleted' && e.deleted?.contactDeleted))
      .map((e) => ({ ownerId: e.ownerId, contactId: e.contactId })),
    db,
  )
}

/** Rescores every person with a capture at the session (after its weights changed). */
export async function rescoreSession({ ownerId, sessionId }: { ownerId: string; sessionId: string }, db: Db = getDb()) {
  const rows = await db
    .selectDistinct({ contactId: leads.contactId })
    .from(leads)
    .where(and(eq(leads.sessionId, sessionId), eq(leads.ownerId, ownerId)))
  let rescored = 0
  for (let i = 0; i < rows.length; i += RESCORE_ROUND) {
    const round = rows.slice(i, i + RESCORE_ROUND).map(({ contactId }) => ({ ownerId, contactId }))
    rescored += await rescorePeople(round, db)
  }
  return { rescored }
}
