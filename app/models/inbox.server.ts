import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { speakerMessages, speakers } from '~/db/schema/directory'
import { contactMessages, newsletterSubscribers } from '~/db/schema/marketing'
import { likePattern } from '~/lib/text'

// Read-only admin views of what visitors sent us: contact messages, contact-speaker messages
// and newsletter subscribers (startup applications live in startup-applications.server.ts).
// Every list is newest first, searchable (case-insensitive substring) and paged; without a
// limit it returns every match (the CSV export).

type ListOptions = { q?: string; limit?: number; offset?: number }

async function countWhere(table: typeof contactMessages | typeof newsletterSubscribers, where: SQL | undefined) {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where)
  return row?.n ?? 0
}

export async function listContactMessages({ q = '', limit, offset = 0 }: ListOptions) {
  const like = likePattern(q.trim())
  const where = q.trim()
    ? or(ilike(contactMessages.name, like), ilike(contactMessages.email, like), ilike(contactMessages.message, like))
    : undefined
  const query = getDb()
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset)
  return { rows, total: await countWhere(contactMessages, where) }
}

export async function listSpeakerMessages({ q = '', limit, offset = 0 }: ListOptions) {
  const like = likePattern(q.trim())
  const where = q.trim()
    ? or(
        ilike(speakerMessages.senderName, like),
        ilike(speakerMessages.senderEmail, like),
        ilike(speakerMessages.senderCompany, like),
        ilike(speakerMessages.message, like),
        ilike(speakers.name, like),
      )
    : undefined
  const query = getDb()
    .select({
      id: speakerMessages.id,
      speakerName: speakers.name,
      speakerSlug: speakers.slug,
      senderName: speakerMessages.senderName,
      senderEmail: speakerMessages.senderEmail,
      senderCompany: speakerMessages.senderCompany,
      message: speakerMessages.message,
      createdAt: speakerMessages.createdAt,
    })
    .from(speakerMessages)
    .innerJoin(speakers, eq(speakers.id, speakerMessages.speakerId))
    .where(where)
    .orderBy(desc(speakerMessages.createdAt), desc(speakerMessages.id))
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset)
  const [count] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(speakerMessages)
    .innerJoin(speakers, eq(speakers.id, speakerMessages.speakerId))
    .where(where)
  return { rows, total: count?.n ?? 0 }
}

export async function listNewsletterSubscribers({ q = '', limit, offset = 0 }: ListOptions) {
  const like = likePattern(q.trim())
  const where = q.trim()
    ? or(
        ilike(newsletterSubscribers.email, like),
        ilike(newsletterSubscribers.source, like),
        ilike(sql`${newsletterSubscribers.status}::text`, like),
      )
    : undefined
  const query = getDb()
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      source: newsletterSubscribers.source,
      flags: newsletterSubscribers.flags,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset)
  return { rows, total: await countWhere(newsletterSubscribers, where) }
}
