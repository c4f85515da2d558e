import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { EventForm } from '~/components/events/event-form'
import { EventsPlanNotice } from '~/components/events/event-status'
import { RoomList, type RoomErrors } from '~/components/events/room-list'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FormMessage } from '~/components/forms'
import { workspaceMeta } from '~/components/workspace/workspace'
import { getConfig } from '~/config.server'
import { EVENT_ERRORS, EVENT_LIMITS, EventSchema, RoomSchema } from '~/lib/event-form'
import { timeZoneList } from '~/lib/time-zone'
import { addRoom, listRoomsWithSessions, moveRoom, removeRoom, renameRoom, type RoomResult } from '~/models/event-rooms.server'
import { updateEvent } from '~/models/events.server'
import { auditActor, hasEventsPlan, requireEvent, requireEventsPlan } from '~/services/event-scope.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

const IntentSchema = z.object({ intent: z.enum(['save', 'add-room', 'rename-room', 'move-room', 'remove-room']) })
const RoomIdSchema = z.object({ roomId: z.uuid(), direction: z.enum(['up', 'down']).optional() })

const ROOM_MESSAGES: Record<Exclude<RoomResult, 'ok' | 'not-found'>, string> = {
  taken: EVENT_ERRORS.roomTaken,
  'too-many': EVENT_ERRORS.tooManyRooms,
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const rooms = await listRoomsWithSessions(event.id)
  const removeId = new URL(request.url).searchParams.get('remove')
  return {
    event: { id: event.id },
    canEdit: hasEventsPlan(scope),
    defaults: {
      name: event.name,
      slug: event.slug,
      description: event.description,
      startsOn: event.startsOn,
      endsOn: event.endsOn,
      timeZone: event.timeZone,
      isOnline: event.isOnline,
      venue: event.venue ?? '',
      city: event.city ?? '',
      recipients: event.recipients,
    },
    rooms,
    confirmRemove: rooms.find((r) => r.id === removeId) ?? null,
    timeZones: timeZoneList(),
    appUrl: getConfig().appUrl,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  requireEventsPlan(scope)
  const form = await readForm(request)
  const intent = IntentSchema.safeParse({ intent: form.get('intent') })
  if (!intent.success) return data({ error: 'Unknown action.' }, { status: 400 })
  const here = `/app/events/${event.id}/settings`
  const actor = auditActor(scope)
  const notFound = () => new Response('Room not found', { status: 404 })

  if (intent.data.intent === 'save') {
    const submission = parseWithZod(form, { schema: EventSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    const saved = await updateEvent(scope.ownerId, event.id, actor, submission.value)
    if (!saved.ok && saved.reason === 'not-found') throw new Response('Event not found', { status: 404 })
    if (!saved.ok) return data({ result: submission.reply({ fieldErrors: { slug: [EVENT_ERRORS.slugTaken] } }) }, { status: 409 })
    return redirectWithToast(here, { type: 'success', description: 'Event saved.' })
  }

  const room = RoomIdSchema.safeParse({ roomId: form.get('roomId'), direction: form.get('direction') ?? undefined })
  const typed = typeof form.get('name') === 'string' ? String(form.get('name')) : ''
  const refused = (roomId: string | null, message: string, status: number) =>
    data({ room: { roomId, message, value: typed } satisfies RoomErrors }, { status })

  if (intent.data.intent === 'add-room' || intent.data.intent === 'rename-room') {
    const roomId = intent.data.intent === 'rename-room' ? (room.success ? room.data.roomId : null) : null
    if (intent.data.intent === 'rename-room' && !roomId) throw notFound()
    const name = parseWithZod(form, { schema: RoomSchema })
    if (name.status !== 'success') return refused(roomId, name.error?.name?.[0] ?? 'Room name is required', 400)
    const result = roomId
      ? await renameRoom(scope.ownerId, event.id, roomId, actor, name.value.name)
      : await addRoom(scope.ownerId, event.id, actor, name.value.name)
    if (result === 'not-found') throw notFound()
    if (result !== 'ok') return refused(roomId, ROOM_MESSAGES[result], 409)
    return redirectWithToast(here, {
      type: 'success',
      description: roomId ? `Room renamed to “${name.value.name}”.` : `Room “${name.value.name}” added.`,
    })
  }

  if (!room.success) throw notFound()
  if (intent.data.intent === 'move-room') {
    if (!room.data.direction) return data({ error: 'Unknown action.' }, { status: 400 })
    if ((await moveRoom(scope.ownerId, event.id, room.data.roomId, actor, room.data.direction)) === 'not-found') throw notFound()
    return redirectWithToast(here, { type: 'success', description: 'Rooms reordered.' })
  }
  if ((await removeRoom(scope.ownerId, event.id, room.data.roomId, actor)) === 'not-found') throw notFound()
  return redirectWithToast(here, {
    type: 'success',
    description: 'Room removed. Its sessions are in the programme without a room.',
  })
}

export default function EventSettings() {
  const { event, canEdit, defaults, rooms, confirmRemove, timeZones, appUrl } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const base = `/app/events/${event.id}`
  return (
    <>
      {actionData && 'error' in actionData ? <FormMessage>{actionData.error}</FormMessage> : null}
      <RoomList
        base={base}
        rooms={rooms}
        error={actionData && 'room' in actionData ? actionData.room : null}
        confirmRemove={confirmRemove}
        canEdit={canEdit}
        canAdd={canEdit && rooms.length < EVENT_LIMITS.rooms}
      />
      <h2 className="mt-10 text-2xl font-semibold text-white">Event details</h2>
      {canEdit ? (
        <EventForm
          defaults={defaults}
          timeZones={timeZones}
          appUrl={appUrl}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          submitLabel="Save event"
          cancelTo={base}
          editing
        />
      ) : (
        <EventsPlanNotice />
      )}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Event settings')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
