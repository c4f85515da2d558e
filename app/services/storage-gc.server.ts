import { getConfig, type Config } from '~/config.server'
import type { Db } from '~/db/client.server'
import { enqueueJob } from '~/jobs/queue.server'
import { isKeyReferenced, referencedKeys } from '~/models/storage-references.server'
import { deleteObject, isValidKey, listObjects } from './storage.server'

// Stored objects no record uses are removed: a replaced or deleted record's object through a
// `storage.delete` job queued in the record's own transaction (so it runs only once the change has
// committed, and is retried until it succeeds), and anything left over by the daily `storage.sweep`
// (a photo chosen then replaced before saving) or `npm run storage:orphans`.

export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000

type Executor = Pick<Db, 'insert'>

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The keys of this storage's objects that a URL, HTML or markdown value points at. */
export function ownedKeysIn(value: string | null | undefined, config: Config = getConfig()): Set<string> {
  const keys = new Set<string>()
  if (!value) return keys
  const pattern = new RegExp(`${escapeRegExp(config.storagePublicUrl)}/((?:icons/)?[A-Za-z0-9][A-Za-z0-9._-]{0,199})`, 'g')
  for (const match of value.matchAll(pattern)) if (isValidKey(match[1]!)) keys.add(match[1]!)
  return keys
}

/**
 * Queues the deletion of every object the `before` values pointed at that the `after` values no
 * longer do. Call it inside the transaction that writes the change.
 */
export async function releaseStoredObjects(
  before: Array<string | null | undefined>,
  after: Array<string | null | undefined>,
  tx: Executor,
) {
  const kept = new Set(after.flatMap((v) => [...ownedKeysIn(v)]))
  const released = new Set(before.flatMap((v) => [...ownedKeysIn(v)]).filter((k) => !kept.has(k)))
  for (const key of released) await enqueueJob('storage.delete', { key }, { tx })
  return [...released]
}

/** Like releaseStoredObjects, for columns that hold bare keys (a session's offer file). */
export async function releaseStoredKeys(keys: Array<string | null | undefined>, tx: Executor) {
  const released = keys.filter((k): k is string => !!k && isValidKey(k))
  for (const key of new Set(released)) await enqueueJob('storage.delete', { key }, { tx })
  return released
}

/** The `storage.delete` job: deletes the object unless some record has come to use it again. */
export async function deleteIfUnreferenced(key: string) {
  if (await isKeyReferenced(key)) return { key, deleted: false, reason: 'referenced' }
  await deleteObject(key)
  return { key, deleted: true }
}

export type SweepReport = {
  scanned: number
  orphans: Array<{ key: string; size: number; lastModified: string }>
  deleted: number
  /** Objects younger than the minimum age, which a form may be about to save. */
  tooRecent: number
  /** Objects whose names Lectern never produces: not ours to judge. */
  foreign: number
}

/** Finds (and with `delete: true` removes) stored objects no record references, older than minAgeMs. */
export async function sweepOrphans(options: { delete: boolean; minAgeMs?: number; now?: Date }): Promise<SweepReport> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS)
  const referenced = await referencedKeys()
  const report: SweepReport = { scanned: 0, orphans: [], deleted: 0, tooRecent: 0, foreign: 0 }
  for await (const object of listObjects()) {
    report.scanned += 1
    if (!isValidKey(object.key)) report.foreign += 1
    else if (object.lastModified.getTime() > cutoff) report.tooRecent += 1
    else if (!referenced.has(object.key)) {
      report.orphans.push({ key: object.key, size: object.size, lastModified: object.lastModified.toISOString() })
    }
  }
  if (options.delete) {
    for (const orphan of report.orphans) {
      // Checked again one by one: a record saved since the scan keeps its object.
      if ((await deleteIfUnreferenced(orphan.key)).deleted) report.deleted += 1
    }
  }
  return report
}
