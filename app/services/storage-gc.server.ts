import { isValidKey } from '~/lib/storage-keys'
import { isKeyReferenced, referencedKeys } from '~/models/storage-references.server'
import { deleteObject, listObjects } from './storage.server'

// Stored objects no record uses are removed: a replaced or deleted record's object through a
// `storage.delete` job queued in the record's own transaction (app/jobs/storage-release.server.ts: so
// it runs only once the change has committed, and is retried until it succeeds), and anything left
// over by the daily `storage.sweep` (a photo chosen then replaced before saving) or
// `npm run storage:orphans`.

export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000

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
