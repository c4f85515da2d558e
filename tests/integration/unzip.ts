import { inflateRawSync } from 'node:zlib'

// Reads a whole ZIP the way unzip tools do — from its central directory (APPNOTE 4.3.12–4.3.16) — and
// checks each entry's CRC-32 and size, so a test sees what a person unpacking the download gets.
// Enough for the archives we write (no ZIP64, no encryption); anything else throws.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Uint8Array) {
  let c = 0xffffffff
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

export type ZipEntry = { data: Buffer; method: 'stored' | 'deflated' }

export function unzip(zip: Buffer): Record<string, ZipEntry> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory')
  const count = zip.readUInt16LE(eocd + 10)
  let at = zip.readUInt32LE(eocd + 16)
  const entries: Record<string, ZipEntry> = {}
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory record ${i}`)
    const method = zip.readUInt16LE(at + 10)
    const crc = zip.readUInt32LE(at + 16)
    const compressed = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    at += 46 + nameLength + extraLength + commentLength
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`${name}: bad local header`)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const raw = zip.subarray(start, start + compressed)
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression method ${method}`)
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw)
    if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC-32 does not match`)
    if (name in entries) throw new Error(`${name}: twice in the archive`)
    entries[name] = { data, method: method === 8 ? 'deflated' : 'stored' }
  }
  return entries
}
