import { sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { getDb, type Db } from '~/db/client.server'
import { featuredSections, posts } from '~/db/schema/content'
import { speakers } from '~/db/schema/directory'
import { eventSpeakers } from '~/db/schema/events'
import { talkSessions } from '~/db/schema/talks'

// Every column that can point at a stored object. A table that gains an upload adds its column here,
// and both the deletion of replaced objects and the orphan sweep respect it.
//   url  — a whole URL (`{storagePublicUrl}/{key}`)
//   text — HTML or markdown that may embed such URLs
//   key  — a bare storage key
type Reference = { label: string; column: PgColumn; kind: 'url' | 'text' | 'key' }

export const STORAGE_REFERENCES: Reference[] = [
  { label: 'speakers.profile_image_url', column: speakers.profileImageUrl, kind: 'url' },
  { label: 'speakers.bio', column: speakers.bio, kind: 'text' },
  { label: 'posts.hero_image_url', column: posts.heroImageUrl, kind: 'url' },
  { label: 'posts.content', column: posts.content, kind: 'text' },
  { label: 'featured_sections.icon', column: featuredSections.icon, kind: 'url' },
  { label: 'talk_sessions.offer_file_key', column: talkSessions.offerFileKey, kind: 'key' },
  { label: 'event_speakers.photo_url', column: eventSpeakers.photoUrl, kind: 'url' },
]

/**
 * Whether any record still mentions the key. Matched as a substring of every URL and text column
 * (whatever base URL it was saved under), exactly in key columns: when unsure, an object is kept.
 */
export async function isKeyReferenced(key: string, db: Pick<Db, 'select'> = getDb()): Promise<boolean> {
  for (const { column, kind } of STORAGE_REFERENCES) {
    const where = kind === 'key' ? sql`${column} = ${key}` : sql`position(${key} in ${column}) > 0`
    const [hit] = await db
      .select({ one: sql<number>`1` })
      .from(column.table)
      .where(where)
      .limit(1)
    if (hit) return true
  }
  return false
}

// A path segment that could be a key (`/1732450000000-photo.webp`, `/icons/…-mic.svg`).
const KEY_TOKEN = /\/((?:icons\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,199})/g

/**
 * Every key any record could be pointing at: exact keys, and every path segment of every URL and text
 * column (so a URL saved under an older public URL still protects its object).
 */
export async function referencedKeys(db: Pick<Db, 'select'> = getDb()): Promise<Set<string>> {
  const keys = new Set<string>()
  for (const { column, kind } of STORAGE_REFERENCES) {
    const rows = await db
      .select({ value: sql<string | null>`${column}` })
      .from(column.table)
      .where(sql`${column} is not null and ${column} <> ''`)
    for (const { value } of rows) {
      if (!value) continue
      if (kind === 'key') keys.add(value)
      else for (const match of value.matchAll(KEY_TOKEN)) keys.add(match[1]!)
    }
  }
  return keys
}
