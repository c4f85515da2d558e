import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { requireEvent, requireEventsPlan } from '~/services/event-scope.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Field, FormMessage } from '~/components/forms'
import { workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { IMPORT_MAX_ROWS } from '~/lib/events'
import { IMPORT_COLUMNS, IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, IMPORT_TIME_FORMAT } from '~/lib/speaker-import'
import { createImport, discardImport, getImport } from '~/models/event-speakers.server'
import { readForm } from '~/services/request-body.server'
import {
  importSpeakersCsv,
  importSummary,
  previewImport,
  readImportUpload,
  type PreviewRow,
} from '~/services/speaker-import.server'
import { redirectWithToast } from '~/services/toast.server'

// The speakers CSV of an event (issue 23 Deliver 2): upload → the file kept as text (event_imports)
// → a preview of every row with its problems and what it will do, importing nothing → "Import N
// valid rows" imports them all in one transaction. A file refused as a whole is never kept.

const PREVIEW_PARAM = 'preview'
const DecisionSchema = z.object({ intent: z.enum(['confirm', 'discard']), importId: z.uuid() })
export const PREVIEW_GONE = 'This preview is no longer waiting: it was imported or cancelled.'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const importId = new URL(request.url).searchParams.get(PREVIEW_PARAM)
  const base = { event: { id: event.id, name: event.name, timeZone: event.timeZone } }
  if (importId === null) return { ...base, preview: null }
  const waiting = await getImport(scope.ownerId, event.id, importId)
  if (!waiting) throw new Response(PREVIEW_GONE, { status: 404 })
  const preview = await previewImport(event, waiting.content)
  return {
    ...base,
    preview: {
      id: waiting.id,
      fileName: waiting.fileName,
      ...(preview.ok
        ? { rows: preview.rows.map(shownRow), ignoredColumns: preview.ignoredColumns, valid: preview.valid, error: null }
        : { rows: [], ignoredColumns: [], valid: 0, error: preview.error }),
    },
  }
}

/** What the preview shows of a row (the parsed value stays on the server). */
function shownRow({ row, cells, problems, speaker, session }: PreviewRow) {
  return { row, cells, problems: problems.map((p) => p.message), speaker, session }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  // Changing the programme is the Event Organiser plan's (403 on another plan; reading stays open).
  requireEventsPlan(scope)
  const page = `/app/events/${event.id}/speakers`
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const upload = await readImportUpload(request)
    if (!upload.ok) return data({ uploadError: upload.error }, { status: upload.status })
    // A file refused as a whole (not a CSV, too many rows, formulas) is answered now and never kept.
    const preview = await previewImport(event, upload.text)
    if (!preview.ok) return data({ uploadError: preview.error }, { status: 400 })
    const importId = await createImport({
      eventId: event.id,
      workspaceId: scope.ownerId,
      createdBy: scope.userId,
      fileName: upload.fileName,
      content: upload.text,
    })
    return redirect(`${page}/import?${PREVIEW_PARAM}=${importId}`)
  }
  const decision = DecisionSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!decision.success) return data({ uploadError: 'Choose a CSV file to upload.' }, { status: 400 })
  const { intent, importId } = decision.data
  if (intent === 'discard') {
    await discardImport(scope.ownerId, event.id, importId)
    return redirectWithToast(`${page}/import`, { type: 'info', description: 'Import cancelled: nothing was imported.' })
  }
  const waiting = await getImport(scope.ownerId, event.id, importId)
  if (!waiting) return redirectWithToast(page, { type: 'info', description: PREVIEW_GONE })
  const result = await importSpeakersCsv(event, { id: scope.userId, email: scope.user.email }, waiting.content, {
    importId,
    fileName: waiting.fileName,
  })
  if (!result.ok) {
    if ('gone' in result) return redirectWithToast(page, { type: 'info', description: PREVIEW_GONE })
    return data({ confirmError: result.error }, { status: 400 })
  }
  return redirectWithToast(page, { type: 'success', description: importSummary(result.counts) })
}

export default function ImportSpeakers() {
  const { event, preview } = useLoaderData<typeof loader>()
  return (
    <>
      <div className="mt-8">
        <Link to={`/app/events/${event.id}/speakers`} className="text-sm text-brand-300 underline-offset-2 hover:underline">
          ← Speakers
        </Link>
        <h2 className="mt-2 text-2xl font-semibold text-white">
          {preview ? `Preview of ${preview.fileName}` : 'Import speakers from a CSV file'}
        </h2>
      </div>
      {preview ? <Preview /> : <UploadForm />}
    </>
  )
}

function UploadForm() {
  const { event } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const uploading = useNavigation().state === 'submitting'
  const error = actionData && 'uploadError' in actionData ? actionData.uploadError : null
  return (
    <>
      <div className="mt-4 max-w-2xl space-y-2 text-slate-300">
        <p>
          One row per talk, with the columns {IMPORT_COLUMNS.map((c) => c.label).join(', ')} (any order, in any case). Start times
          are written {IMPORT_TIME_FORMAT} in the event's time zone, {event.timeZone}; the duration is in minutes.
        </p>
        <p>
          You will see every row and what it will do before anything is imported. At most {IMPORT_MAX_ROWS} rows and{' '}
          {IMPORT_MAX_BYTES / (1024 * 1024)} MB a file; importing the same file again updates the speakers and sessions it made.{' '}
          <a href={`/app/events/${event.id}/speakers/template`} className="text-brand-300 underline" download>
            Download the template
          </a>
          .
        </p>
      </div>
      <WorkspaceForm method="post" encType="multipart/form-data" className="mt-6 flex max-w-xl flex-col gap-4">
        <Field
          label="CSV file"
          hint='Saved from your spreadsheet as "CSV UTF-8".'
          errors={error ? [error] : undefined}
          inputProps={{ type: 'file', name: IMPORT_FILE_FIELD, accept: '.csv,text/csv', required: true }}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={uploading}>
            Upload and preview
          </button>
        </div>
      </WorkspaceForm>
    </>
  )
}

const SPEAKER_OUTCOME = { new: 'New speaker', update: 'Update speaker' } as const
const SESSION_OUTCOME = { new: 'new session', update: 'update session' } as const

function Preview() {
  const { event, preview } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const importing = useNavigation().state === 'submitting'
  if (!preview) return null
  const problems = preview.rows.length - preview.valid
  const uploadAgain = (
    <Link to={`/app/events/${event.id}/speakers/import`} className={buttonClass.secondary}>
      Upload another file
    </Link>
  )
  if (preview.error) {
    return (
      <div className="mt-6 flex max-w-2xl flex-col items-start gap-4">
        <FormMessage>{preview.error}</FormMessage>
        {uploadAgain}
      </div>
    )
  }
  return (
    <>
      <p className="mt-4 text-slate-300" role="status">
        {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'}: {preview.valid} can be imported
        {problems ? `, ${problems} ${problems === 1 ? 'has problems and is' : 'have problems and are'} left out` : ''}. Nothing is
        imported until you confirm.
      </p>
      {preview.ignoredColumns.length ? (
        <p className="mt-2 text-sm text-slate-400">
          Columns left out (not ones the import reads): {preview.ignoredColumns.join(', ')}.
        </p>
      ) : null}
      {actionData && 'confirmError' in actionData ? (
        <div className="mt-4">
          <FormMessage>{actionData.confirmError}</FormMessage>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {preview.valid ? (
          <WorkspaceForm method="post">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="importId" value={preview.id} />
            <button type="submit" className={buttonClass.primary} disabled={importing}>
              Import {preview.valid} valid {preview.valid === 1 ? 'row' : 'rows'}
            </button>
          </WorkspaceForm>
        ) : null}
        <WorkspaceForm method="post">
          <input type="hidden" name="intent" value="discard" />
          <input type="hidden" name="importId" value={preview.id} />
          <button type="submit" className={buttonClass.secondary}>
            Cancel
          </button>
        </WorkspaceForm>
        {uploadAgain}
      </div>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of {preview.fileName}</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Row
              </th>
              <th scope="col" className="py-2 pr-3">
                Name
              </th>
              <th scope="col" className="py-2 pr-3">
                Email
              </th>
              <th scope="col" className="py-2 pr-3">
                Talk title
              </th>
              <th scope="col" className="py-2 pr-3">
                Start time
              </th>
              <th scope="col" className="py-2 pr-3">
                Room
              </th>
              <th scope="col" className="py-2 pr-3">
                What will happen
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10 align-top text-slate-200">
            {preview.rows.map((r) => (
              <tr key={r.row}>
                <th scope="row" className="py-2 pr-3 font-normal text-slate-400">
                  {r.row}
                </th>
                <td className="py-2 pr-3">{r.cells.name}</td>
                <td className="py-2 pr-3 break-all">{r.cells.email}</td>
                <td className="py-2 pr-3">{r.cells.talkTitle}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{r.cells.startTime}</td>
                <td className="py-2 pr-3">{r.cells.room}</td>
                <td className="py-2 pr-3">
                  {r.speaker && r.session ? (
                    <span className="text-emerald-200">
                      {SPEAKER_OUTCOME[r.speaker]}, {SESSION_OUTCOME[r.session]}
                    </span>
                  ) : (
                    <>
                      <span className="font-semibold text-red-200">Not imported:</span>
                      <ul className="mt-1 list-disc pl-5 text-red-200">
                        {r.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Import speakers')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
