import { and, eq } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { contacts, leads } from '~/db/schema'
import { scoreLead } from '~/lib/lead-score'
import { latestDetails, visibleCaptures } from '~/models/lead-detail.server'
import type { LeadEventSubscriber } from './lead-events.server'

// Keeps each person's score (app/lib/lead-score.ts) on their contacts row: the lead.event subscriber
// rescores the person of every created, updated or deleted capture, and the 'leads.rescore' job
// rescores a session's people after the speaker changed its question weights. Only the captures
// the plan lets the speaker see count, so a locked capture never shows through the score.

/** Recomputes and stores one person's score; false when the person no longer exists. */
export async function rescorePerson(ownerId: string, contactId: string, db: Db = getDb()) {
  const [person] = await db
    .select({ id: contacts.id, email: contacts.email, firstName: contacts.firstName, jobTitle: contacts.jobTitle })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)))
  if (!person) return false
  const captures = await visibleCaptures(db, ownerId, contactId)
  const { jobTitle } = latestDetails(captures, person.firstName)
  // A person the plan withholds entirely scores nothing: their details are not the speaker's to see.
  const { score, band, reasons } =
    captures.length === 0
      ? { score: 0, band: 'cold' as const, reasons: [] }
      : scoreLead({ email: person.email, jobTitle, captures })
  await db
    .update(contacts)
    .set({ score, scoreBand: band, scoreReasons: reasons })
    .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)))
  return true
}

/** The lead.event subscriber: rescoring is idempotent, so a retried dispatch simply does it again. */
export const rescoreOnLeadEvent: LeadEventSubscriber = async (event, db) => {
  if (event.event === 'lead.deleted' && event.deleted?.contactDeleted) return
  await rescorePerson(event.ownerId, event.contactId, db)
}

/** Rescores every person with a capture at the session (after its weights changed). */
export async function rescoreSession({ ownerId, sessionId }: { ownerId: string; sessionId: string }, db: Db = getDb()) {
  const rows = await db
    .selectDistinct({ contactId: leads.contactId })
    .from(leads)
    .where(and(eq(leads.sessionId, sessionId), eq(leads.ownerId, ownerId)))
  let rescored = 0
  for (const { contactId } of rows) if (await rescorePerson(ownerId, contactId, db)) rescored++
  return { rescored }
}
