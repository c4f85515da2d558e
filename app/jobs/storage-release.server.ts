import { getConfig, type Config } from '~/config.server'
import type { Db } from '~/db/client.server'
import { isValidKey } from '~/lib/storage-keys'
import { enqueueJob } from './queue.server'

// A replaced or deleted record's stored objects are removed through a `storage.delete` job queued
// in the record's own transaction, so it runs only once the change has committed (the job and the
// daily sweep: app/services/storage-gc.server.ts). Models call this, so it sits with the queue.

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
