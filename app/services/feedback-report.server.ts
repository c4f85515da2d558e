import PDFDocument from 'pdfkit'
import { formatSessionTime } from '~/lib/time-zone'
import { feedbackOverview, reportTestimonials } from '~/models/feedback-report.server'
import { sessionByReportToken } from '~/models/feedback-report-links.server'
import { feedbackFigures } from './feedback-view.server'
import { type PdfWeight, pdfRuns, registerPdfFonts } from './pdf-fonts.server'

// The shareable report of a session (issue 33 Deliver 5) as a page and as a PDF made with pdfkit
// (docs/decisions/0018-pdfkit-for-reports.md; no browser on the server): the talk, the date, the response rate,
// the distribution, the part-ratings and only the comments whose authors gave permission to quote
// them and the speaker approved — named with the parts of their name they permitted.

/** The report a working token opens, or null (404). */
export async function loadReport(token: string) {
  const session = await sessionByReportToken(token)
  if (!session) return null
  const scope = { ownerId: session.ownerId, userId: session.ownerId, runnerId: null }
  const [overview, quotes] = await Promise.all([
    feedbackOverview(scope, { sessionId: session.id }),
    // Every approved, permitted comment: the report is not capped like the public pages.
    reportTestimonials(session.id),
  ])
  return {
    talkTitle: session.talkTitle,
    eventName: session.eventName,
    when: formatSessionTime(session.startsAt, session.timeZone),
    figures: feedbackFigures(overview),
    quotes: quotes.map((q) => ({ id: q.id, quote: q.quote, author: q.author })),
  }
}
export type FeedbackReport = NonNullable<Awaited<ReturnType<typeof loadReport>>>

/**
 * The report as a PDF (A4, text only, so a screen reader and a search find every word), in the embedded Inter faces
 * (pdf-fonts.server.ts). Characters no embedded face has are left out and the PDF then says so and links the web
 * report, which shows them.
 */
export function reportPdf(report: FeedbackReport, opts: { brand: string; webUrl: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Feedback: ${report.talkTitle}`, Creator: opts.brand },
  })
  registerPdfFonts(doc)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  let missing = 0
  const write = (
    text: string,
    size: number,
    weight: PdfWeight = 400,
    at?: { x: number; y: number; width?: number },
    extra: PDFKit.Mixins.TextOptions = {},
  ) => {
    const { runs, missing: m } = pdfRuns(text, weight)
    missing += m
    doc.fontSize(size)
    runs.forEach((run, i) => {
      const options = { ...extra, continued: i < runs.length - 1, ...(i === 0 && at?.width ? { width: at.width } : {}) }
      doc.font(run.font)
      if (i === 0 && at) doc.text(run.text, at.x, at.y, options)
      else doc.text(run.text, options)
    })
  }
  const { figures } = report
  write(report.talkTitle, 20, 700)
  doc.moveDown(0.3)
  write(`${report.eventName} · ${report.when}`, 12)
  doc.moveDown()
  write('Responses', 14, 700)
  write(`Responses: ${figures.responses}`, 11)
  write(`Response rate: ${figures.rate} (${figures.rateHint})`, 11)
  write(`Rating: ${figures.mean}`, 11)
  doc.moveDown()
  write('Rating distribution', 14, 700)
  const left = doc.page.margins.left
  const max = Math.max(1, ...figures.distribution.map((d) => d.count))
  for (const d of figures.distribution) {
    const y = doc.y
    write(d.label, 11, 400, { x: left, y, width: 60 })
    doc.rect(left + 70, y + 1, Math.max(1, (d.count / max) * 260), 10).fill('#3b5bdb')
    doc.fillColor('black')
    write(`${d.count} (${d.percent}%)`, 11, 400, { x: left + 340, y })
  }
  doc.x = left
  doc.moveDown()
  write('Content, delivery and slides', 14, 700)
  for (const p of figures.parts) write(`${p.label}: ${p.text}`, 11)
  doc.moveDown()
  write('Comments', 14, 700)
  if (report.quotes.length === 0) write('No comments approved for quoting.', 11)
  for (const q of report.quotes) {
    doc.moveDown(0.5)
    write(`“${q.quote}”`, 11)
    doc.fillColor('#444444')
    write(`— ${q.author}`, 11)
    doc.fillColor('black')
  }
  if (missing > 0) {
    // Honest fallback: the scripts no embedded face covers do not vanish silently.
    doc.moveDown()
    write(
      `${missing === 1 ? 'One character' : `${missing} characters`} in this report cannot be shown in the PDF ` +
        '(a script its fonts do not cover). The web report shows everything:',
      10,
    )
    doc.fillColor('#1c3faa')
    write(opts.webUrl, 10, 400, undefined, { link: opts.webUrl, underline: true })
    doc.fillColor('black')
  }
  doc.end()
  return done
}
