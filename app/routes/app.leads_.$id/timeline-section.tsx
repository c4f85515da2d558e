import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { Link } from '@remix-run/react'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, TextareaField } from '~/components/forms'
import { NOTE_MAX_LENGTH } from '~/lib/lead-follow-up'
import { Card, stamp } from './person-sections'
import type { PersonView } from './view.server'

// Notes and the timeline of one person, newest first: what happened (captures, status, tags, deal,
// emails, follow-ups received and their fate, webhook and CRM deliveries) with the speaker's notes among them. A note is edited in place
// (?note={id} opens its form, so it works without JavaScript) or deleted.

type Result = SubmissionResult<string[]> | undefined

export function NotesAndTimeline({
  timeline,
  editingNote,
  base,
  addResult,
  editResult,
}: {
  timeline: PersonView['timeline']
  editingNote: string | null
  base: string
  addResult: Result
  editResult: Result
}) {
  return (
    <Card title="Notes and timeline" id="timeline-title">
      <AddNoteForm key={timeline.length} lastResult={addResult} />
      <ol className="mt-6 flex flex-col gap-4 border-l border-white/15 pl-4" aria-label="Timeline, newest first">
        {timeline.map((entry) => (
          <li key={entry.key} className="text-sm">
            <p className="text-xs text-slate-400">
              <time dateTime={entry.at}>{stamp(entry.at)}</time>
            </p>
            {entry.kind === 'note' ? (
              editingNote === entry.id ? (
                <EditNoteForm id={entry.id} body={entry.body} base={base} lastResult={editResult} />
              ) : (
                <div className="mt-1 rounded-lg border border-white/10 bg-white/5 p-3">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">
                    Note{entry.edited ? ' (edited)' : ''}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-slate-100">{entry.body}</p>
                  <div className="mt-2 flex gap-3">
                    <Link
                      to={`${base}?note=${entry.id}#note-${entry.id}`}
                      className="text-brand-300 underline"
                      id={`note-${entry.id}`}
                    >
                      Edit<span className="sr-only"> this note</span>
                    </Link>
                    <WorkspaceForm method="post">
                      <input type="hidden" name="intent" value="delete-note" />
                      <input type="hidden" name="noteId" value={entry.id} />
                      <button type="submit" className="text-red-300 underline">
                        Delete<span className="sr-only"> this note</span>
                      </button>
                    </WorkspaceForm>
                  </div>
                </div>
              )
            ) : entry.kind === 'follow-up' ? (
              <>
                <p className="mt-0.5 break-words text-slate-100">
                  {entry.href ? (
                    <Link to={entry.href} className="text-brand-300 underline">
                      {entry.title}
                    </Link>
                  ) : (
                    entry.title
                  )}
                </p>
                <p className="break-words text-slate-400">{entry.detail}</p>
              </>
            ) : (
              <>
                <p className="mt-0.5 break-words text-slate-100">{entry.title}</p>
                {entry.detail ? <p className="break-words text-slate-400">{entry.detail}</p> : null}
              </>
            )}
          </li>
        ))}
      </ol>
    </Card>
  )
}

function AddNoteForm({ lastResult }: { lastResult: Result }) {
  const [form, fields] = useServerForm<{ body: string }>({ id: 'add-note', lastResult })
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-3">
      <input type="hidden" name="intent" value="add-note" />
      <TextareaField
        label="New note"
        hint={`Only you see notes; they are not sent to webhooks or your CRM. Up to ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`}
        errors={fields.body.errors}
        textareaProps={{ ...getTextareaProps(fields.body), rows: 3 }}
      />
      <div>
        <button type="submit" className={buttonClass.secondary}>
          Add note
        </button>
      </div>
    </WorkspaceForm>
  )
}

function EditNoteForm({ id, body, base, lastResult }: { id: string; body: string; base: string; lastResult: Result }) {
  const [form, fields] = useServerForm({ id: `edit-note-${id}`, lastResult, defaultValue: { body } })
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-1 flex flex-col gap-3">
      <input type="hidden" name="intent" value="edit-note" />
      <input type="hidden" name="noteId" value={id} />
      <TextareaField
        label="Edit note"
        errors={fields.body.errors}
        textareaProps={{ ...getTextareaProps(fields.body), rows: 4, autoFocus: true }}
      />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary}>
          Save note
        </button>
        <Link to={base} className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </WorkspaceForm>
  )
}
