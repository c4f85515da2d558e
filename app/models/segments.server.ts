import { and, asc, eq, ne } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { segments } from '~/db/schema/people'
import { canonicalSegmentQuery } from '~/lib/lead-filters'
import { isUuid } from '~/lib/text'

// Saved filters of the leads list (issue 10 Deliver 1): a name, unique per speaker, and the list's
// canonical query string. Another speaker's segment looks like none (the route answers 404).

export type Segment = { id: string; name: string; query: string }

const columns = { id: segments.id, name: segments.name, query: segments.query }

export async function listSegments(ownerId: string): Promise<Segment[]> {
  return getDb().select(columns).from(segments).where(eq(segments.ownerId, ownerId)).orderBy(asc(segments.name))
}

export async function getSegment(ownerId: string, id: string): Promise<Segment | null> {
  if (!isUuid(id)) return null
  const [row] = await getDb()
    .select(columns)
    .from(segments)
    .where(and(eq(segments.id, id), eq(segments.ownerId, ownerId)))
    .limit(1)
  return row ?? null
}

async function nameTaken(ownerId: string, name: string, exceptId?: string) {
  const [row] = await getDb()
    .select({ id: segments.id })
    .from(segments)
    .where(and(eq(segments.ownerId, ownerId), eq(segments.name, name), exceptId ? ne(segments.id, exceptId) : undefined))
    .limit(1)
  return !!row
}

/** Saves a segment; 'taken' when the speaker already has one of that name. */
export async function createSegment(ownerId: string, name: string, query: string): Promise<Segment | 'taken'> {
  if (await nameTaken(ownerId, name)) return 'taken'
  const [row] = await getDb()
    .insert(segments)
    .values({ ownerId, name, query: canonicalSegmentQuery(query) })
    .onConflictDoNothing()
    .returning(columns)
  return row ?? 'taken'
}

export async function renameSegment(ownerId: string, id: string, name: string): Promise<'ok' | 'not-found' | 'taken'> {
  if (!isUuid(id)) return 'not-found'
  if (await nameTaken(ownerId, name, id)) return 'taken'
  try {
    const rows = await getDb()
      .update(segments)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(segments.id, id), eq(segments.ownerId, ownerId)))
      .returning({ id: segments.id })
    return rows.length ? 'ok' : 'not-found'
  } catch (error) {
    // A concurrent rename to the same name loses at the unique index.
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505')
      return 'taken'
    throw error
  }
}

export async function deleteSegment(ownerId: string, id: string) {
  if (!isUuid(id)) return false
  const rows = await getDb()
    .delete(segments)
    .where(and(eq(segments.id, id), eq(segments.ownerId, ownerId)))
    .returning({ id: segments.id })
  return rows.length > 0
}
