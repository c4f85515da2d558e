import type { LoaderFunctionArgs } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { loadReport, reportPdf } from '~/services/feedback-report.server'

// /r/{token}.pdf: the shareable report as a PDF (issue 33 Deliver 5); revoked or unknown → 404.

export async function loader({ params }: LoaderFunctionArgs) {
  const report = await loadReport(params.token ?? '')
  if (!report) return new Response('Report not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const config = getConfig()
  const pdf = await reportPdf(report, { brand: config.BRAND_NAME, webUrl: `${config.appUrl}/r/${params.token}` })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="feedback-report.pdf"',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
