import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace, sessionsScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import {
  BookingLeadsList,
  FeedbackComments,
  FeedbackFiguresView,
  TestimonialApprovals,
} from '~/components/workspace/feedback-view'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { isUuid } from '~/lib/text'
import { getTalk } from '~/models/talks.server'
import { loadFeedbackView, testimonialApprovalAction } from '~/services/feedback-view.server'
import { readForm } from '~/services/request-body.server'

// /app/talks/{id}/feedback: the feedback of every delivery of a talk together (issue 33 Deliver 4),
// as far as the scope opens its sessions (a member: the deliveries they run).

const notFound = () => new Response('Talk not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  const talk = isUuid(params.id) ? await getTalk(scope.ownerId, params.id) : null
  if (!talk) throw notFound()
  const q = new URL(request.url).searchParams.get('q')?.slice(0, 200) ?? null
  return {
    talk: { id: talk.id, title: talk.title },
    ...(await loadFeedbackView(sessionsScope(scope, 'read'), { talkId: talk.id }, q)),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  const talk = isUuid(params.id) ? await getTalk(scope.ownerId, params.id) : null
  if (!talk) throw notFound()
  return testimonialApprovalAction(await readForm(request), sessionsScope(scope, 'change'), `/app/talks/${talk.id}/feedback`)
}

export default function TalkFeedbackPage() {
  const { talk, figures, q, comments, testimonials, bookings } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Feedback: ${talk.title}`} intro="Every delivery of this talk together.">
        <Link to={`/app/talks/${talk.id}`} className={buttonClass.secondary}>
          Talk
        </Link>
      </PageHeader>
      <FeedbackFiguresView figures={figures} />
      <FeedbackComments comments={comments} q={q} showEvent />
      <TestimonialApprovals testimonials={testimonials} canChange />
      <BookingLeadsList bookings={bookings} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  workspaceMeta(matches, data ? `Feedback: ${data.talk.title}` : 'Talk not found')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
