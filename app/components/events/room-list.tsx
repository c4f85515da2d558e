import { Link } from '@remix-run/react'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { buttonClass, ErrorList } from '~/components/forms'
import { WorkspaceForm } from '~/components/workspace/workspace-form'

// An event's rooms in Settings: rename, move up or down, remove (after a confirmation step, with or
// without JavaScript), and add. Each is its own small form posting an intent; the server's message
// shows by the field that caused it.

export type RoomView = { id: string; name: string; sessions: number }
/** The refused room change: which room's field (null = the new room's), the message and what was typed. */
export type RoomErrors = { roomId: string | null; message: string; value: string } | null

const inputClass =
  'w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 aria-[invalid=true]:border-red-400'

export function RoomList({
  base,
  rooms,
  error,
  confirmRemove,
  canEdit,
  canAdd,
}: {
  base: string
  rooms: RoomView[]
  error: RoomErrors
  confirmRemove: RoomView | null
  /** False once the workspace has left the Event Organiser plan: the rooms are listed, not changed. */
  canEdit: boolean
  canAdd: boolean
}) {
  const here = `${base}/settings`
  const addError = error && error.roomId === null ? error.message : null
  return (
    <section aria-labelledby="rooms-title" className="rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="rooms-title" className="text-lg font-semibold text-white">
        Rooms
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        The programme shows each day’s sessions room by room, in this order. The speakers CSV names a session’s room by its name.
        Removing a room keeps its sessions, without a room.
      </p>
      {confirmRemove && canEdit ? (
        <ConfirmDeletePanel
          message={`Remove the room “${confirmRemove.name}”? ${confirmRemove.sessions === 0 ? 'It has no sessions.' : `Its ${confirmRemove.sessions === 1 ? 'session stays' : `${confirmRemove.sessions} sessions stay`} in the programme without a room.`}`}
          fields={{ intent: 'remove-room', roomId: confirmRemove.id }}
          cancelTo={here}
        />
      ) : null}
      {rooms.length === 0 ? (
        <p className="mt-4 text-slate-200">{canEdit ? 'No rooms yet: add the first one below.' : 'No rooms.'}</p>
      ) : null}
      <ol className="mt-4 flex flex-col gap-3">
        {rooms.map((room, i) => {
          if (!canEdit)
            return (
              <li key={room.id} className="text-slate-100">
                {room.name}
              </li>
            )
          const message = error?.roomId === room.id ? error.message : null
          const inputId = `room-${room.id}`
          return (
            <li key={room.id} className="flex flex-wrap items-start gap-2">
              <WorkspaceForm method="post" className="flex min-w-[16rem] flex-1 flex-wrap items-start gap-2">
                <input type="hidden" name="intent" value="rename-room" />
                <input type="hidden" name="roomId" value={room.id} />
                <div className="min-w-[12rem] flex-1">
                  <label htmlFor={inputId} className="sr-only">
                    Name of room {i + 1}
                  </label>
                  <input
                    key={message ?? 'saved'}
                    id={inputId}
                    name="name"
                    type="text"
                    required
                    maxLength={80}
                    defaultValue={message ? error!.value : room.name}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${inputId}-error` : undefined}
                    className={inputClass}
                  />
                  <ErrorList id={`${inputId}-error`} errors={message ? [message] : null} />
                </div>
                <button type="submit" className={buttonClass.secondary} aria-label={`Rename ${room.name}`}>
                  Rename
                </button>
              </WorkspaceForm>
              <WorkspaceForm method="post" className="flex gap-2">
                <input type="hidden" name="intent" value="move-room" />
                <input type="hidden" name="roomId" value={room.id} />
                <button
                  type="submit"
                  name="direction"
                  value="up"
                  disabled={i === 0}
                  className={buttonClass.secondary}
                  aria-label={`Move ${room.name} up`}
                >
                  ↑
                </button>
                <button
                  type="submit"
                  name="direction"
                  value="down"
                  disabled={i === rooms.length - 1}
                  className={buttonClass.secondary}
                  aria-label={`Move ${room.name} down`}
                >
                  ↓
                </button>
              </WorkspaceForm>
              <Link to={`${here}?remove=${room.id}`} className={buttonClass.secondary} aria-label={`Remove ${room.name}`}>
                Remove
              </Link>
            </li>
          )
        })}
      </ol>
      {canAdd ? (
        <WorkspaceForm method="post" className="mt-6 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="add-room" />
          <div className="min-w-[16rem] flex-1">
            <label htmlFor="new-room" className="mb-1 block text-sm font-medium text-slate-200">
              New room
            </label>
            <input
              key={addError ?? 'empty'}
              id="new-room"
              name="name"
              defaultValue={addError ? error!.value : ''}
              type="text"
              required
              maxLength={80}
              placeholder="Main Hall"
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? 'new-room-error' : undefined}
              className={inputClass}
            />
            <ErrorList id="new-room-error" errors={addError ? [addError] : null} />
          </div>
          <button type="submit" className={buttonClass.primary}>
            Add room
          </button>
        </WorkspaceForm>
      ) : null}
    </section>
  )
}
