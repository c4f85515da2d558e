import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FeedbackFiguresView } from '~/components/workspace/feedback-view'
import { loadReport } from '~/services/feedback-report.server'

// /r/{token}: a session's shareable feedback report (issue 33 Deliver 5) for the event's organiser or
// the speaker's agent — no sign-in; a revoked or unknown token is 404. Never cached or indexed.

export async function loader({ params }: LoaderFunctionArgs) {
  const report = await loadReport(params.token ?? '')
  if (!report) throw new Response('Report not found', { status: 404 })
  return { ...report, token: params.token! }
}

export default function FeedbackReportPage() {
  const report = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-white">Feedback: {report.talkTitle}</h1>
      <p className="mt-2 text-slate-300">
        {report.eventName} · {report.when}
      </p>
      <p className="mt-4">
        <a href={`/r/${report.token}.pdf`} className="text-brand-300 underline">
          Download as PDF
        </a>
      </p>
      <FeedbackFiguresView figures={report.figures} />
      <section aria-labelledby="report-comments" className="mt-8">
        <h2 id="report-comments" className="text-lg font-semibold text-white">
          Comments
        </h2>
        <p className="mt-1 text-sm text-slate-300">Only comments whose authors allowed quoting them and the speaker approved.</p>
        {report.quotes.length === 0 ? (
          <p className="mt-3 text-slate-300">No comments approved for quoting.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {report.quotes.map((q) => (
              <li key={q.id} className="rounded-lg border border-white/10 bg-ink-900/60 p-4">
                <figure>
                  <blockquote className="whitespace-pre-line text-slate-100">“{q.quote}”</blockquote>
                  <figcaption className="mt-2 text-sm text-slate-300">— {q.author}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Feedback: ${data.talkTitle}` : 'Report not found' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
