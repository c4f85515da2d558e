import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

// public/favicon.ico from public/favicon.svg: browsers and crawlers ask for /favicon.ico on any page
// that names no icon. An ICO file may hold PNG images; this one holds 16, 32 and 48 px.
// Run after changing the SVG: npx tsx scripts/favicon-ico.ts

const svg = readFileSync('public/favicon.svg')
const sizes = [16, 32, 48]
const pngs = await Promise.all(
  sizes.map((size) =>
    sharp(svg, { density: 72 * (size / 32) * 4 })
      .resize(size, size)
      .png()
      .toBuffer(),
  ),
)

const header = Buffer.alloc(6)
header.writeUInt16LE(0, 0) // reserved
header.writeUInt16LE(1, 2) // 1 = icon
header.writeUInt16LE(sizes.length, 4)
let offset = 6 + 16 * sizes.length
const entries = sizes.map((size, i) => {
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size, 0) // width
  entry.writeUInt8(size, 1) // height
  entry.writeUInt16LE(1, 4) // colour planes
  entry.writeUInt16LE(32, 6) // bits per pixel
  entry.writeUInt32LE(pngs[i]!.length, 8)
  entry.writeUInt32LE(offset, 12)
  offset += pngs[i]!.length
  return entry
})
writeFileSync('public/favicon.ico', Buffer.concat([header, ...entries, ...pngs]))
