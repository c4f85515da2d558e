import PDFDocument from 'pdfkit'
import { formatSessionTime } from '~/lib/time-zone'
import { feedbackOverview, reportTestimonials } from '~/models/feedback-report.server'
import { sessionByReportToken } from '~/models/feedback-report-links.server'
import { feedbackFigures } from './feedback-view.server'

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

// The PDF's standard fonts speak WinAnsi: characters outside it would print as garbage, so they go.
const winAnsi = (text: string) =>
  text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u20ac\n]/g, '')

/** The report as a PDF (A4, text only, so a screen reader and a search find every word). */
export function reportPdf(report: FeedbackReport, brand: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: winAnsi(`Feedback: ${report.talkTitle}`), Creator: brand },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const { figures } = report
  doc.font('Helvetica-Bold').fontSize(20).text(winAnsi(report.talkTitle))
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(12)
    .text(winAnsi(`${report.eventName} · ${report.when}`))
  doc.moveDown()
  doc.font('Helvetica-Bold').fontSize(14).text('Responses')
  doc.font('Helvetica').fontSize(11)
  doc.text(`Responses: ${figures.responses}`)
  doc.text(winAnsi(`Response rate: ${figures.rate} (${figures.rateHint})`))
  doc.text(`Rating: ${figures.mean}`)
  doc.moveDown()
  doc.font('Helvetica-Bold').fontSize(14).text('Rating distribution')
  doc.font('Helvetica').fontSize(11)
  const left = doc.page.margins.left
  const max = Math.max(1, ...figures.distribution.map((d) => d.count))
  for (const d of figures.distribution) {
    const y = doc.y
    doc.text(d.label, left, y, { width: 60 })
    doc.rect(left + 70, y + 1, Math.max(1, (d.count / max) * 260), 10).fill('#3b5bdb')
    doc.fillColor('black').text(`${d.count} (${d.percent}%)`, left + 340, y)
  }
  doc.x = left
  doc.moveDown()
  doc.font('Helvetica-Bold').fontSize(14).text('Content, delivery and slides')
  doc.font('Helvetica').fontSize(11)
  for (const p of figures.parts) doc.text(`${p.label}: ${p.text}`)
  doc.moveDown()
  doc.font('Helvetica-Bold').fontSize(14).text('Comments')
  doc.font('Helvetica').fontSize(11)
  if (report.quotes.length === 0) doc.text('No comments approved for quoting.')
  for (const q of report.quotes) {
    doc.moveDown(0.5).text(winAnsi(`“${q.quote}”`))
    doc
      .fillColor('#444444')
      .text(winAnsi(`— ${q.author}`))
      .fillColor('black')
  }
  doc.end()
  return done
}
