import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { changesSession, requireWorkspace, sessionChangeRefusal, sessionsScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import {
  BookingLeadsList,
  FeedbackComments,
  FeedbackFiguresView,
  TestimonialApprovals,
} from '~/components/workspace/feedback-view'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { feedbackState, feedbackWindowSentence } from '~/lib/feedback'
import { isUuid } from '~/lib/text'
import { formatSessionTime } from '~/lib/time-zone'
import { getSession } from '~/models/talk-sessions.server'
import { loadFeedbackView, testimonialApprovalAction } from '~/services/feedback-view.server'

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
    ...(await loadFeedbackView(read, { sessionId: session.id }, q)),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request)
  if (!isUuid(params.id)) throw notFound()
  const change = sessionsScope(scope, 'change')
  if (!(await getSession(change, params.id))) throw await sessionChangeRefusal(scope, params.id)
  return testimonialApprovalAction(request, change, `/app/sessions/${params.id}/feedback`)
}

export default function SessionFeedbackPage() {
  const { session, window, canChange, figures, q, comments, testimonials, bookings } = useLoaderData<typeof loader>()
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
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  workspaceMeta(matches, data ? `Feedback: ${data.session.eventName}` : 'Session not found')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
