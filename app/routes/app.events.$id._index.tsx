import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { EventsPlanNotice } from '~/components/events/event-status'
import { Programme } from '~/components/events/programme'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { StatusBadge, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { programmeView } from '~/lib/event-programme'
import { EVENT_STATUS_MOVES, type EventStatus } from '~/lib/events'
import { eventProgramme } from '~/models/event-pages.server'
import { listRooms, setEventStatus } from '~/models/events.server'
import { auditActor, hasEventsPlan, requireEvent, requireEventsPlan } from '~/services/event-scope.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

const StatusSchema = z.object({ intent: z.literal('status'), status: z.enum(['draft', 'published', 'archived']) })

const MOVE: Record<EventStatus, { button: (from: EventStatus) => string; toast: string }> = {
  published: {
    button: (from) => (from === 'archived' ? 'Publish again' : 'Publish'),
    toast: 'Event published: its public page and speaker pages are online.',
  },
  archived: { button: () => 'Archive', toast: 'Event archived: its public page stays online and says the event has ended.' },
  draft: { button: () => 'Back to draft', toast: 'Event back to draft: its public pages are offline.' },
}

const STATUS_TEXT: Record<EventStatus, string> = {
  draft: 'A draft: only you and your admins see it. Publish it to put its programme and speaker pages online.',
  published: 'Published: the programme and the speaker pages are online.',
  archived: 'Archived: the public page stays online and says the event has ended.',
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const [rooms, sessions] = await Promise.all([listRooms(event.id), eventProgramme(event.id)])
  return {
    event: { id: event.id, status: event.status },
    // Events made on the plan stay readable after it ends; changing them needs it again.
    canEdit: hasEventsPlan(scope),
    rooms: rooms.length,
    days: programmeView(sessions, rooms, event.timeZone, (s) => ({ href: `/app/sessions/${s.id}`, status: s.status })),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  requireEventsPlan(scope)
  const parsed = StatusSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'Unknown action.' }, { status: 400 })
  const result = await setEventStatus(scope.ownerId, event.id, auditActor(scope), parsed.data.status)
  if (result === 'not-found') throw new Response('Event not found', { status: 404 })
  if (result === 'not-allowed')
    return data({ error: `A ${event.status} event cannot become ${parsed.data.status}.` }, { status: 409 })
  return redirectWithToast(`/app/events/${event.id}`, { type: 'success', description: MOVE[parsed.data.status].toast })
}

export default function EventOverview() {
  const { event, canEdit, rooms, days } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const base = `/app/events/${event.id}`
  return (
    <>
      {actionData?.error ? <FormMessage>{actionData.error}</FormMessage> : null}
      <section aria-labelledby="event-status" className="rounded-xl border border-white/10 bg-ink-900/60 p-6">
        <h2 id="event-status" className="text-lg font-semibold text-white">
          Status
        </h2>
        <p className="mt-2 text-sm text-slate-300">{STATUS_TEXT[event.status]}</p>
        {canEdit ? (
          <WorkspaceForm method="post" className="mt-4 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="status" />
            {EVENT_STATUS_MOVES[event.status].map((to, i) => (
              <button
                key={to}
                type="submit"
                name="status"
                value={to}
                className={i === 0 ? buttonClass.primary : buttonClass.secondary}
              >
                {MOVE[to].button(event.status)}
              </button>
            ))}
          </WorkspaceForm>
        ) : (
          <EventsPlanNotice />
        )}
      </section>

      <section aria-labelledby="programme" className="mt-8">
        <h2 id="programme" className="text-2xl font-semibold text-white">
          Programme
        </h2>
        {days.length === 0 ? (
          <div className="mt-4 rounded-xl border border-white/10 bg-ink-900/60 p-8">
            <p className="text-slate-200">No sessions yet.</p>
            <ol className="mt-3 list-decimal pl-5 text-slate-300">
              <li>
                {rooms === 0 ? 'Add the event’s rooms in ' : 'Check the event’s rooms in '}
                <Link to={`${base}/settings`} className="text-brand-300 underline">
                  Settings
                </Link>
                .
              </li>
              <li>
                <Link to={`${base}/speakers/import`} className="text-brand-300 underline">
                  Import the speakers
                </Link>{' '}
                from a CSV: each row makes the speaker’s page, their talk and a session with its QR code.
              </li>
            </ol>
          </div>
        ) : (
          <div className="mt-4">
            <Programme
              headingLevel={3}
              noRoomLabel="No room"
              days={days.map((d) => ({
                ...d,
                rooms: d.rooms.map((r) => ({
                  ...r,
                  sessions: r.sessions.map((s) => ({ ...s, note: <StatusBadge status={s.status} /> })),
                })),
              }))}
            />
          </div>
        )}
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Event overview')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
