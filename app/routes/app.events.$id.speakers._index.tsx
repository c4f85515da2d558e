import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { z } from 'zod'
import { requireEvent, requireEventsPlan } from '~/services/event-scope.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SessionFields } from '~/components/events/programme-fields'
import { buttonClass, Field, FormMessage, TextareaField } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { AddSpeakerSchema, cellsOf, problemsAsFieldErrors } from '~/lib/event-speaker-forms'
import { CLAIM_STATE_LABELS, claimState } from '~/lib/events'
import { checkProgrammeCells, IMPORT_LIMITS } from '~/lib/speaker-import'
import { listEventSpeakers } from '~/models/event-speakers.server'
import { listRooms } from '~/models/events.server'
import { addSpeaker } from '~/services/speaker-import.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// An event's speakers (issue 23 Deliver 2): the list with each speaker's claim state, one speaker
// added by hand (the same row rule and autogeneration as a CSV row), and the ways in and out by CSV.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const [speakers, rooms] = await Promise.all([listEventSpeakers(scope.ownerId, event.id), listRooms(event.id)])
  return {
    event: { id: event.id, name: event.name, timeZone: event.timeZone },
    rooms: rooms.map((r) => ({ id: r.id, name: r.name })),
    speakers: speakers.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      company: s.company,
      sessions: s.sessions,
      state: CLAIM_STATE_LABELS[claimState(s)],
    })),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  // Changing the programme is the Event Organiser plan's (403 on another plan; reading stays open).
  requireEventsPlan(scope)
  const submission = parseWithZod(await readForm(request), { schema: AddSpeakerSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const checked = checkProgrammeCells(cellsOf(submission.value), { timeZone: event.timeZone, rooms: await listRooms(event.id) })
  if (!checked.value)
    return data({ result: submission.reply({ fieldErrors: problemsAsFieldErrors(checked.problems) }) }, { status: 400 })
  const outcome = await addSpeaker(event, scope.userId, checked.value)
  const name = checked.value.name
  return redirectWithToast(`/app/events/${event.id}/speakers/${outcome.speakerId}`, {
    type: 'success',
    description:
      outcome.session === 'created'
        ? `${name} added, with their session, speaker page and attendee page.`
        : `${name} already gives this talk at the event: their session was updated.`,
  })
}

export default function EventSpeakers() {
  const { event, speakers } = useLoaderData<typeof loader>()
  const base = `/app/events/${event.id}/speakers`
  return (
    <>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold text-white">Speakers</h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/import`} className={buttonClass.primary}>
            Import from CSV
          </Link>
          <a href={`${base}/template`} className={buttonClass.secondary} download>
            Download template
          </a>
          {speakers.length ? (
            <a href={`${base}/export`} className={buttonClass.secondary} download>
              Export as CSV
            </a>
          ) : null}
        </div>
      </div>
      {speakers.length === 0 ? (
        <p className="mt-4 max-w-2xl text-slate-300">
          No speakers yet. Import the programme from a CSV (start from the template), or add a speaker below: each gets a speaker
          page, a talk and a session with its attendee page and QR code at once.
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Speakers of {event.name}</caption>
            <thead className="text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Email
                </th>
                <th scope="col" className="py-2 pr-4">
                  Company
                </th>
                <th scope="col" className="py-2 pr-4">
                  Sessions
                </th>
                <th scope="col" className="py-2 pr-4">
                  Page
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10 text-slate-200">
              {speakers.map((s) => (
                <tr key={s.id}>
                  <td className="py-2 pr-4">
                    <Link to={`${base}/${s.id}`} className="font-semibold text-brand-300 underline-offset-2 hover:underline">
                      {s.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-4 break-all">{s.email}</td>
                  <td className="py-2 pr-4">{s.company}</td>
                  <td className="py-2 pr-4">{s.sessions}</td>
                  <td className="py-2 pr-4">{s.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddSpeakerForm />
    </>
  )
}

function AddSpeakerForm() {
  const { event, rooms } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm<z.input<typeof AddSpeakerSchema>>({
    id: 'add-speaker',
    lastResult: actionData?.result,
    shouldValidate: 'onSubmit',
  })
  return (
    <section aria-labelledby="add-speaker-heading" className="mt-12 max-w-3xl">
      <h2 id="add-speaker-heading" className="text-xl font-semibold text-white">
        Add a speaker
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        A speaker already on your roster (the same email) is reused; their page shows every event they speak at.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="add" />
        {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: IMPORT_LIMITS.name }}
            errors={fields.name.errors}
          />
          <Field label="Email" inputProps={getInputProps(fields.email, { type: 'email' })} errors={fields.email.errors} />
          <Field
            label="Job title"
            inputProps={getInputProps(fields.jobTitle, { type: 'text' })}
            errors={fields.jobTitle.errors}
          />
          <Field label="Company" inputProps={getInputProps(fields.company, { type: 'text' })} errors={fields.company.errors} />
        </div>
        <TextareaField
          label="Bio"
          hint="Optional."
          textareaProps={{ ...getTextareaProps(fields.bio), rows: 3 }}
          errors={fields.bio.errors}
        />
        <SessionFields fields={fields} rooms={rooms} timeZone={event.timeZone} />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Add speaker
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Speakers')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
