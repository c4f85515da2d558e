import { INTER_ADVANCES, INTER_UNITS_PER_EM } from './slide-font-metrics'
import { SLIDE_LIMITS } from './talk-session'

// The 1920×1080 slide of a session (issue 9 §3, issue 20 §1), as pure rules: what text it prints,
// where that text is cut, and how large each piece is drawn so that nothing runs off the slide.
// app/services/qr.server.ts draws it with satori; text is measured here with the advance widths of
// the same font (Inter), so the sizes chosen here are the sizes that fit there.

export const SLIDE_WIDTH = 1920
export const SLIDE_HEIGHT = 1080
export { SLIDE_LIMITS }

/** The box model of the slide, in pixels. */
export const SLIDE_BOX = {
  padding: 72,
  /** QR code on the left, as tall as the row it sits in. */
  qr: 700,
  columnGap: 72,
  /** The band under the QR code and text: "Scan the code or type" and the address, full width. */
  bandGap: 44,
  labelSize: 32,
  labelGap: 8,
  addressMaxSize: 112,
  addressLineHeight: 1.2,
  accentBar: 8,
  blockGap: 28,
} as const

export const SLIDE_FALLBACK_OFFER = 'Leave your details to stay in touch.'

// Base sizes of the text column's blocks; the layout scales them down together until they fit.
const BLOCKS = {
  title: { size: 64, minSize: 34, lineHeight: 1.15, weight: 700 },
  offerTitle: { size: 46, minSize: 28, lineHeight: 1.2, weight: 700 },
  offerPromise: { size: 40, minSize: 26, lineHeight: 1.3, weight: 400 },
} as const
type BlockName = keyof typeof BLOCKS

// Satori may place glyphs a little differently (kerning, rounding): keep a margin of safety.
const WIDTH_SAFETY = 0.96

const advances = new Map<string, readonly [number, number]>(
  INTER_ADVANCES.map(([code, regular, bold]) => [String.fromCodePoint(code), [regular, bold]] as const),
)
// A character the table lacks is measured as the widest ASCII letter, so text never grows past a box.
const UNKNOWN = [INTER_UNITS_PER_EM, INTER_UNITS_PER_EM] as const

/** Width in pixels of text in Inter at a size and weight (400 or 700). */
export function textWidth(text: string, size: number, weight: 400 | 700): number {
  let units = 0
  for (const char of text) units += (advances.get(char) ?? UNKNOWN)[weight === 700 ? 1 : 0]
  return (units / INTER_UNITS_PER_EM) * size
}

/** Collapses runs of white space (line breaks included) into single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Text up to max characters unchanged; longer text cut at the last word that fits, plus "…". */
export function shortenForSlide(text: string, max: number): string {
  const clean = oneLine(text)
  if (clean.length <= max) return clean
  let cut = clean.slice(0, max - 1)
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  // Cut at a word when one ends in the last third; a single huge word is cut where it must be.
  const space = cut.lastIndexOf(' ')
  if (clean[cut.length] !== ' ' && space > max * 0.66) cut = cut.slice(0, space)
  return `${cut.replace(/[\s,;:.–—-]+$/, '')}…`
}

/** How many lines text takes when wrapped at spaces into width (words wider than a line are split). */
export function lineCount(text: string, size: number, weight: 400 | 700, width: number): number {
  if (!text) return 0
  const space = textWidth(' ', size, weight)
  let lines = 1
  let used = 0
  for (const word of text.split(' ')) {
    let w = textWidth(word, size, weight)
    const needed = used === 0 ? w : used + space + w
    if (needed <= width) {
      used = needed
      continue
    }
    if (used > 0) lines++
    // A word longer than a line breaks between characters (satori's wordBreak: break-word).
    while (w > width) {
      lines++
      w -= width
    }
    used = w
  }
  return lines
}

/** The largest size (at most max) at which text stays on one line of width. */
export function oneLineSize(text: string, weight: 400 | 700, width: number, max: number): number {
  const atOne = textWidth(text, 1, weight)
  return atOne === 0 ? max : Math.min(max, Math.floor((width * WIDTH_SAFETY) / atOne))
}

export type SlideBlock = { text: string; size: number; lineHeight: number; lines: number }
export type SlideLayout = {
  width: number
  height: number
  qr: number
  /** The text column beside the QR code; used = the height its blocks take. */
  column: { width: number; height: number; used: number }
  title: SlideBlock
  offerTitle: SlideBlock
  offerPromise: SlideBlock
  address: { text: string; size: number; width: number }
}

export type SlideText = { title: string; offerTitle: string; offerPromise: string; address: string }

/** Sizes and cut text for the slide: the address on one line, the rest wrapped inside the column. */
export function slideLayout(input: SlideText): SlideLayout {
  const b = SLIDE_BOX
  const inner = SLIDE_WIDTH - 2 * b.padding
  const address = oneLine(input.address)
  const addressSize = oneLineSize(address, 700, inner, b.addressMaxSize)
  const row =
    SLIDE_HEIGHT - 2 * b.padding - b.bandGap - b.labelSize * 1.25 - b.labelGap - Math.ceil(b.addressMaxSize * b.addressLineHeight)
  const qr = Math.min(b.qr, row)
  const column = { width: inner - qr - b.columnGap, height: row }

  const texts: Record<BlockName, string> = {
    title: shortenForSlide(input.title, SLIDE_LIMITS.title),
    offerTitle: shortenForSlide(input.offerTitle, SLIDE_LIMITS.offerTitle),
    offerPromise: shortenForSlide(input.offerPromise, SLIDE_LIMITS.offerPromise),
  }
  const names = (Object.keys(BLOCKS) as BlockName[]).filter((n) => texts[n])
  const measure = (scale: number) => {
    const blocks = {} as Record<BlockName, SlideBlock>
    let height = b.accentBar + b.blockGap
    for (const name of Object.keys(BLOCKS) as BlockName[]) {
      const spec = BLOCKS[name]
      const size = Math.max(spec.minSize, Math.floor(spec.size * scale))
      const lines = lineCount(texts[name], size, spec.weight, column.width * WIDTH_SAFETY)
      blocks[name] = { text: texts[name], size, lineHeight: spec.lineHeight, lines }
      if (lines) height += Math.ceil(lines * size * spec.lineHeight)
    }
    height += b.blockGap * Math.max(0, names.length - 1)
    return { blocks, height }
  }
  let fitted = measure(1)
  for (let scale = 0.95; fitted.height > column.height && scale >= 0.4; scale -= 0.05) fitted = measure(scale)
  return {
    width: SLIDE_WIDTH,
    height: SLIDE_HEIGHT,
    qr,
    column: { ...column, used: fitted.height },
    ...fitted.blocks,
    address: { text: address, size: addressSize, width: textWidth(address, addressSize, 700) },
  }
}

/** What the slide of a session says: its headline (or talk title), its offer, its short address. */
export function slideText(
  session: { headline: string; talkTitle: string; offerTitle: string; offerPromise: string },
  address: string,
): SlideText {
  const offerTitle = session.offerTitle.trim()
  const offerPromise = session.offerPromise.trim()
  return {
    title: session.headline.trim() || session.talkTitle,
    offerTitle,
    offerPromise: offerTitle || offerPromise ? offerPromise : SLIDE_FALLBACK_OFFER,
    address,
  }
}
