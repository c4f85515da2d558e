import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'

// The PDF report's fonts (issue 33 Deliver 5): pdfkit's standard fonts speak WinAnsi only, so a name like Łukasz
// or Дмитрий lost letters. The report embeds Inter from @fontsource/inter (already a dependency, the web font of
// the app) — its WOFF subsets, one file per script, which pdfkit's fontkit reads — and picks, for every character, the
// first subset that has a glyph for it. Characters no subset covers (CJK, Arabic, emoji…) are dropped from the PDF
// and counted, so the report can say that the web page shows them (see reportPdf).

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const
export type PdfWeight = 400 | 700

const require = createRequire(import.meta.url)

type Face = { name: string; data: Buffer; covers: Set<number> }
let faces: Map<PdfWeight, Face[]> | null = null

// pdfkit 0.20.2 (pinned) keeps the fontkit font of the current face as doc._font.font.
type WithFont = { _font: { font: { characterSet: number[] } } }

function loadFaces(): Map<PdfWeight, Face[]> {
  if (faces) return faces
  const probe = new PDFDocument({ autoFirstPage: false })
  const byWeight = new Map<PdfWeight, Face[]>()
  for (const weight of [400, 700] as const) {
    byWeight.set(
      weight,
      SUBSETS.map((subset) => {
        const name = `Inter-${subset}-${weight}`
        const data = readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`))
        probe.font(data)
        return { name, data, covers: new Set((probe as unknown as WithFont)._font.font.characterSet) }
      }),
    )
  }
  faces = byWeight
  return faces
}

/** Registers the embedded faces on a document (call once per document). */
export function registerPdfFonts(doc: PDFKit.PDFDocument) {
  for (const list of loadFaces().values()) for (const f of list) doc.registerFont(f.name, f.data)
}

export type PdfRun = { font: string; text: string }

/**
 * Splits text into runs, each in the first face of that weight that has all its characters; whitespace and line
 * breaks stay in the current run. `missing` counts the characters no face has (they are left out).
 */
export function pdfRuns(text: string, weight: PdfWeight): { runs: PdfRun[]; missing: number } {
  const list = loadFaces().get(weight)!
  const runs: PdfRun[] = []
  let missing = 0
  let current: Face | null = null
  let buf = ''
  const flush = () => {
    if (buf) runs.push({ font: (current ?? list[0]!).name, text: buf })
    buf = ''
  }
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (ch === '\n' || ch === '\r' || ch === '\t') {
      buf += ch === '\t' ? ' ' : ch
      continue
    }
    if (current?.covers.has(cp)) {
      buf += ch
      continue
    }
    const face = list.find((f) => f.covers.has(cp))
    if (!face) {
      // Variation selectors and joiners are invisible parts of a dropped emoji: not counted twice.
      if (cp !== 0x200d && cp !== 0xfe0e && cp !== 0xfe0f) missing++
      continue
    }
    flush()
    current = face
    buf = ch
  }
  flush()
  if (runs.length === 0) runs.push({ font: list[0]!.name, text: '' })
  return { runs, missing }
}
