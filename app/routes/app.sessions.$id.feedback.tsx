import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { changesSession, requireWorkspace, sessionChangeRefusal, sessionsScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { getConfig } from '~/config.server'
import { buttonClass } from '~/components/forms'
import {
  BookingLeadsList,
  FeedbackComments,
  FeedbackFiguresView,
  TestimonialApprovals,
} from '~/components/workspace/feedback-view'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { feedbackState, feedbackWindowSentence } from '~/lib/feedback'
import { isUuid } from '~/lib/text'
import { formatSessionTime } from '~/lib/time-zone'
import { getSession } from '~/models/talk-sessions.server'
import { activeReportLink, createReportLink, revokeReportLink } from '~/models/feedback-report-links.server'
import { loadFeedbackView, testimonialApprovalAction } from '~/services/feedback-view.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// /app/sessions/{id}/feedback: what the room thought of one session (issue 33 Deliver 4) — the
// response rate, the distribution, the part-ratings, the comments, the testimonials to approve or
// hide and the booking leads. Read with the session's read scope; approving needs the change scope.

const notFound = () => new Response('Session not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const read = sessionsScope(scope, 'read')
  const session = isUuid(params.id) ? await getSession(read, params.id) : null
  if (!session) throw notFound()
  const q = new URL(request.url).searchParams.get('q')?.slice(0, 200) ?? null
  const window = feedbackWindowSentence(feedbackState(session, new Date()), session.timeZone)
  return {
    session: {
      id: session.id,
      eventName: session.eventName,
      talkTitle: session.talkTitle,
      talkId: session.talkId,
      when: formatSessionTime(session.startsAt, session.timeZone),
    },
    window: window ?? 'Feedback is off for this session: turn it on in Edit.',
    canChange: changesSession(scope, session),
    reportSince: await activeReportLink(scope.ownerId, session.id).then((r) =>
      r ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: session.timeZone }).format(r.createdAt) : null,
    ),
    ...(await loadFeedbackView(read, { sessionId: session.id }, q)),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request)
  if (!isUuid(params.id)) throw notFound()
  const change = sessionsScope(scope, 'change')
  if (!(await getSession(change, params.id))) throw await sessionChangeRefusal(scope, params.id)
  const here = `/app/sessions/${params.id}/feedback`
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'report-create') {
    const token = await createReportLink(change, params.id)
    if (!token) throw notFound()
    // The token is kept only as a hash: this message is the one time it is shown.
    return redirectWithToast(here, {
      type: 'success',
      description: `Report link: ${getConfig().appUrl}/r/${token} — copy it now, it is shown only once. Any earlier link stopped working.`,
    })
  }
  if (intent === 'report-revoke') {
    await revokeReportLink(change, params.id)
    return redirectWithToast(here, { type: 'success', description: 'Report link revoked: it now answers “not found”.' })
  }
  return testimonialApprovalAction(form, change, here)
}

export default function SessionFeedbackPage() {
  const { session, window, canChange, reportSince, figures, q, comments, testimonials, bookings } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Feedback: ${session.eventName}`} intro={`${session.talkTitle} · ${session.when}`}>
        <Link to={`/app/sessions/${session.id}`} className={buttonClass.secondary}>
          Session
        </Link>
        <Link to={`/app/talks/${session.talkId}/feedback`} className={buttonClass.secondary}>
          Every delivery of the talk
        </Link>
      </PageHeader>
      <p className="mt-4 text-sm text-slate-300">{window}</p>
      <FeedbackFiguresView figures={figures} />
      <FeedbackComments comments={comments} q={q} showEvent={false} />
      <TestimonialApprovals testimonials={testimonials} canChange={canChange} />
      <BookingLeadsList bookings={bookings} />
      <ReportLink since={reportSince} canChange={canChange} />
    </>
  )
}

/** The shareable report for the event's organiser or the speaker's agent (issue 33 Deliver 5). */
function ReportLink({ since, canChange }: { since: string | null; canChange: boolean }) {
  return (
    <section aria-labelledby="report-title" className="mt-8 rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="report-title" className="text-lg font-semibold text-white">
        Shareable report
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        A link anyone can open without signing in, with a PDF of the same: the talk, the date, the response rate, the
        distribution, the part-ratings and only the comments you approved whose authors allowed quoting them.
      </p>
      <p className="mt-2 text-sm text-slate-300">{since ? `A link made on ${since} is working.` : 'No link is working.'}</p>
      {canChange ? (
        <WorkspaceForm method="post" className="mt-3 flex flex-wrap gap-2">
          <button type="submit" name="intent" value="report-create" className={buttonClass.primary}>
            {since ? 'Make a new link' : 'Make a report link'}
          </button>
          {since ? (
            <button type="submit" name="intent" value="report-revoke" className={buttonClass.secondary}>
              Revoke the link
            </button>
          ) : null}
        </WorkspaceForm>
      ) : null}
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  workspaceMeta(matches, data ? `Feedback: ${data.session.eventName}` : 'Session not found')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
