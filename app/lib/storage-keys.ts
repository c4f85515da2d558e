// A stored object's key is an optional `icons/` prefix plus one safe file name: no traversal, no
// hidden files. Shared by the storage (app/services/storage.server.ts) and the release of objects a
// change stops using (app/jobs/storage-release.server.ts).
const KEY_PATTERN = /^(icons\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/

export function isValidKey(key: string) {
  return KEY_PATTERN.test(key) && !key.includes('..')
}
