import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { z } from 'zod'
import { requireEvent, requireEventsPlan } from '~/services/event-scope.server'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SessionFields } from '~/components/events/programme-fields'
import { buttonClass, CheckboxField, Field, FormMessage, TextareaField } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { PHOTO_FIELD, type EventSessionSchema, type RosterSpeakerSchema } from '~/lib/event-speaker-forms'
import {
  CLAIM_STATE_LABELS,
  claimState,
  DEFAULT_SESSION_MINUTES,
  SESSION_PAGE_FIELD_LABELS,
  SESSION_PAGE_FIELDS,
  SPEAKER_PAGE_FIELD_LABELS,
  SPEAKER_PAGE_FIELDS,
} from '~/lib/events'
import { IMPORT_LIMITS } from '~/lib/speaker-import'
import { formatSessionTime, utcToZonedLocal } from '~/lib/time-zone'
import { getEventSpeaker } from '~/models/event-speakers.server'
import { listRooms } from '~/models/events.server'
import { readEventSpeakerForm, saveEventSpeakerForm } from '~/services/event-speaker-edit.server'

// One speaker of an event as the organiser edits it (issue 23 Deliver 3): the roster speaker's page
// fields, each of their sessions at this event, the fields locked against the speaker's own edits,
// and taking them off the event. A speaker of another event or workspace is a 404.

export const SPEAKER_NOT_FOUND = 'Speaker not found'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const found = await getEventSpeaker(scope.ownerId, event.id, params.speakerId)
  if (!found) throw new Response(SPEAKER_NOT_FOUND, { status: 404 })
  const { speaker, sessions } = found
  const rooms = await listRooms(event.id)
  return {
    event: { id: event.id, name: event.name, timeZone: event.timeZone },
    rooms: rooms.map((r) => ({ id: r.id, name: r.name })),
    speaker: {
      id: speaker.id,
      email: speaker.email,
      name: speaker.name,
      jobTitle: speaker.jobTitle,
      company: speaker.company,
      bio: speaker.bio,
      photoUrl: speaker.photoUrl,
      locked: speaker.lockedFields,
      state: CLAIM_STATE_LABELS[claimState(speaker)],
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      code: s.code,
      leads: s.leads,
      when: formatSessionTime(s.startsAt, event.timeZone),
      defaults: {
        talkTitle: s.talkTitle,
        talkDescription: s.talkDescription,
        startTime: utcToZonedLocal(s.startsAt, event.timeZone),
        duration: String(s.durationMinutes ?? DEFAULT_SESSION_MINUTES),
        room: rooms.find((r) => r.id === s.roomId)?.name ?? '',
        locked: s.lockedFields,
      },
    })),
    confirmRemove: new URL(request.url).searchParams.has('remove'),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  // Changing the programme is the Event Organiser plan's (403 on another plan; reading stays open).
  requireEventsPlan(scope)
  const found = await getEventSpeaker(scope.ownerId, event.id, params.speakerId)
  if (!found) throw new Response(SPEAKER_NOT_FOUND, { status: 404 })
  const form = await readEventSpeakerForm(request)
  const answer = await saveEventSpeakerForm(form, { event, found })
  if (answer instanceof Response) return answer
  return data(answer.body, { status: answer.status })
}

export default function EventSpeaker() {
  const { event, speaker, sessions, confirmRemove } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const base = `/app/events/${event.id}/speakers`
  return (
    <>
      <div className="mt-8">
        <Link to={base} className="text-sm text-brand-300 underline-offset-2 hover:underline">
          ← Speakers
        </Link>
        <h2 className="mt-2 text-2xl font-semibold text-white">{speaker.name}</h2>
        <p className="mt-1 text-slate-300">
          {speaker.email} · Page: {speaker.state}
        </p>
      </div>
      {actionData && 'removeError' in actionData ? (
        <div className="mt-4">
          <FormMessage>{actionData.removeError}</FormMessage>
        </div>
      ) : null}
      <SpeakerForm />
      <section aria-labelledby="sessions-heading" className="mt-12 max-w-3xl">
        <h3 id="sessions-heading" className="text-xl font-semibold text-white">
          Sessions at {event.name}
        </h3>
        {sessions.map((s) => (
          <SessionForm key={s.id} session={s} />
        ))}
      </section>
      <section aria-labelledby="remove-heading" className="mt-12 max-w-3xl">
        <h3 id="remove-heading" className="text-xl font-semibold text-white">
          Remove from this event
        </h3>
        <p className="mt-1 text-sm text-slate-300">
          Deletes their sessions at this event, with the attendee pages. A session that has captured leads is kept: remove is
          refused then. The speaker stays on your roster for other events.
        </p>
        {confirmRemove ? (
          <ConfirmDeletePanel
            message={`Remove ${speaker.name} and their sessions from ${event.name}?`}
            fields={{ intent: 'remove' }}
            cancelTo={`${base}/${speaker.id}`}
          />
        ) : (
          <Link to="?remove=1" className={`${buttonClass.secondary} mt-4`}>
            Remove {speaker.name} from this event
          </Link>
        )}
      </section>
    </>
  )
}

function SpeakerForm() {
  const { speaker } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm<z.input<typeof RosterSpeakerSchema>>({
    id: 'speaker-form',
    lastResult: actionData && 'speakerResult' in actionData ? actionData.speakerResult : null,
    shouldValidate: 'onSubmit',
    defaultValue: { ...speaker, locked: speaker.locked as z.input<typeof RosterSpeakerSchema>['locked'] },
  })
  return (
    <section aria-labelledby="page-heading" className="mt-8 max-w-3xl">
      <h3 id="page-heading" className="text-xl font-semibold text-white">
        Speaker page
      </h3>
      <WorkspaceForm method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="speaker" />
        {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: IMPORT_LIMITS.name }}
            errors={fields.name.errors}
          />
          <Field
            label="Job title"
            inputProps={getInputProps(fields.jobTitle, { type: 'text' })}
            errors={fields.jobTitle.errors}
          />
          <Field label="Company" inputProps={getInputProps(fields.company, { type: 'text' })} errors={fields.company.errors} />
        </div>
        <TextareaField label="Bio" textareaProps={{ ...getTextareaProps(fields.bio), rows: 5 }} errors={fields.bio.errors} />
        <div className="flex flex-wrap items-start gap-4">
          {speaker.photoUrl ? (
            <img src={speaker.photoUrl} alt={speaker.name} className="h-20 w-20 rounded-full object-cover" />
          ) : null}
          <div className="flex-1">
            <Field
              label={speaker.photoUrl ? 'Replace the photo' : 'Photo'}
              hint="JPEG, PNG, WebP or GIF, at most 5 MB."
              errors={actionData && 'photoError' in actionData && actionData.photoError ? [actionData.photoError] : undefined}
              inputProps={{ type: 'file', name: PHOTO_FIELD, accept: 'image/*' }}
            />
            {speaker.photoUrl ? (
              <CheckboxField
                className="mt-2"
                label="Remove the photo"
                inputProps={getInputProps(fields.removePhoto, { type: 'checkbox' })}
              />
            ) : null}
          </div>
        </div>
        <LockFields
          field={fields.locked}
          legend="Locked: the speaker cannot change these once they claim their page"
          options={SPEAKER_PAGE_FIELDS}
          labels={SPEAKER_PAGE_FIELD_LABELS}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Save speaker page
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}

/** The organiser's locks: a checkbox for each field the speaker may not change (value = field key). */
function LockFields<F extends string>({
  field,
  legend,
  options,
  labels,
}: {
  field: FieldMetadata<string[] | undefined>
  legend: string
  options: readonly F[]
  labels: Readonly<Record<F, string>>
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-200">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {getCollectionProps(field, { type: 'checkbox', options: [...options] }).map(({ key, ...props }) => (
          <CheckboxField key={key} label={labels[props.value as F]} inputProps={props} />
        ))}
      </div>
    </fieldset>
  )
}

type ShownSession = ReturnType<typeof useLoaderData<typeof loader>>['sessions'][number]

function SessionForm({ session }: { session: ShownSession }) {
  const { event, rooms } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const mine = actionData && 'sessionResult' in actionData && actionData.sessionId === session.id
  const [form, fields] = useServerForm<z.input<typeof EventSessionSchema>>({
    id: `session-${session.id}`,
    lastResult: mine ? actionData.sessionResult : null,
    shouldValidate: 'onSubmit',
    defaultValue: { ...session.defaults, locked: session.defaults.locked as z.input<typeof EventSessionSchema>['locked'] },
  })
  return (
    <div className="mt-6 rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <h4 className="font-semibold text-white">{session.defaults.talkTitle}</h4>
      <p className="mt-1 text-sm text-slate-400">
        {session.when} · {session.leads === 1 ? '1 lead' : `${session.leads} leads`} ·{' '}
        <Link to={`/app/sessions/${session.id}`} className="text-brand-300 underline">
          Session page, QR code and offer
        </Link>
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="session" />
        <input type="hidden" name="sessionId" value={session.id} />
        {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
        <SessionFields fields={fields} rooms={rooms} timeZone={event.timeZone} />
        <LockFields
          field={fields.locked}
          legend="Locked: the speaker cannot change these"
          options={SESSION_PAGE_FIELDS}
          labels={SESSION_PAGE_FIELD_LABELS}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Save session
          </button>
        </div>
      </WorkspaceForm>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => workspaceMeta(matches, data?.speaker.name ?? 'Speaker')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
