import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { getConfig } from '~/config.server'

// Social-sharing images (spec 000 §2: "image generated from an og endpoint using the title"):
// the title drawn on a 1200×630 card with satori (layout → SVG) and resvg (SVG → PNG). Rendering
// takes tens of milliseconds, so results are kept in memory and on disk under DATA_DIR.

export const OG_WIDTH = 1200
export const OG_HEIGHT = 630
export const OG_TITLE_MAX = 200
const MEMORY_ENTRIES = 100

const memory = new Map<string, Uint8Array>()
let fonts: Promise<Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }>> | undefined

/** Inter 400 and 700, shared by every satori image (OG cards, session slides). */
export function loadFonts() {
  // Inter from @fontsource (OFL); satori reads WOFF and TTF, not WOFF2.
  const require = createRequire(import.meta.url)
  const file = (weight: number) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)
  fonts ??= Promise.all([
    readFile(file(400)).then((data) => ({ name: 'Inter', data, weight: 400 as const, style: 'normal' as const })),
    readFile(file(700)).then((data) => ({ name: 'Inter', data, weight: 700 as const, style: 'normal' as const })),
  ])
  return fonts
}

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } }
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({ type, props: { style, children } })

export async function renderOgImage(rawTitle: string): Promise<Uint8Array> {
  const config = getConfig()
  const title = rawTitle.trim().slice(0, OG_TITLE_MAX) || config.BRAND_NAME
  const brand = config.BRAND_NAME
  const key = createHash('sha256').update(`v1\n${brand}\n${title}`).digest('hex')
  const cached = memory.get(key)
  if (cached) return cached

  const dir = path.join(config.dataDir, 'og-cache')
  const file = path.join(dir, `${key}.png`)
  let png: Uint8Array | null = await readFile(file).catch(() => null)
  if (!png) {
    const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')])
    const size = title.length > 90 ? 52 : title.length > 50 ? 64 : 76
    const tree = el(
      'div',
      {
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: 'linear-gradient(135deg, #070a12 0%, #141b2b 55%, #2241ad 100%)',
        color: '#ffffff',
        fontFamily: 'Inter',
      },
      [
        el('div', { display: 'flex', alignItems: 'center', fontSize: 34, fontWeight: 700, color: '#8fb4ff' }, brand),
        el('div', { display: 'flex', fontSize: size, fontWeight: 700, lineHeight: 1.15, letterSpacing: -1 }, title),
        el('div', { display: 'flex', height: 8, width: 160, background: '#5e8fff', borderRadius: 4 }),
      ],
    )
    const svg = await satori(tree as never, { width: OG_WIDTH, height: OG_HEIGHT, fonts: await loadFonts() })
    const rendered = new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH } }).render().asPng())
    png = rendered
    await mkdir(dir, { recursive: true })
    // One temporary file per write: two requests rendering the same new title at once in one process
    // would otherwise share it, and the second rename would find it gone (a 500).
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    await writeFile(tmp, rendered)
    await rename(tmp, file)
  }
  memory.set(key, png)
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!)
  return png
}
