import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { Link } from '@remix-run/react'
import { ConfirmDeleteForm } from '~/components/content/confirm-submit'
import { buttonClass, Field } from '~/components/forms'
import { composeLink } from '~/lib/follow-up-compose'
import { BOOKING_LEADS_QUERY } from '~/lib/lead-filters'
import type { LeadsActionData } from './actions.server'

// Segments: named saved filters beside the filter form. Opening one is a link to its query; saving,
// renaming and deleting are real forms (rename opens through ?rename=id, so it works without JS).

type Segment = { id: string; name: string; query: string }

const hrefOf = (query: string) => (query ? `/app/leads?${query}` : '/app/leads')

export function SegmentsPanel({
  segments,
  query,
  renaming,
  actionData,
  canFollowUp,
}: {
  canFollowUp: boolean
  segments: Segment[]
  query: string
  renaming: Segment | null
  actionData: LeadsActionData | undefined
}) {
  const saveErrors = actionData?.form === 'save-segment' ? actionData.errors.name : undefined
  const renameErrors = actionData?.form === 'rename-segment' ? actionData.errors.name : undefined
  const renameTarget =
    renaming ?? (actionData?.form === 'rename-segment' ? (segments.find((s) => s.id === actionData.segmentId) ?? null) : null)
  const renameWith = (id: string) => {
    const params = new URLSearchParams(query)
    params.set('rename', id)
    return `/app/leads?${params}`
  }
  return (
    <section aria-labelledby="lead-segments" className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <h2 id="lead-segments" className="text-lg font-semibold text-white">
        Segments
      </h2>
      {/* Built in (issue 33 Deliver 3): the people who asked the speaker to speak at their company or event. */}
      <p className="mt-3 text-sm">
        <Link
          to={hrefOf(BOOKING_LEADS_QUERY)}
          aria-current={query === BOOKING_LEADS_QUERY ? 'page' : undefined}
          // Underlined: it sits in a sentence, where colour alone would not mark it as a link (WCAG 1.4.1).
          className={`underline underline-offset-2 ${query === BOOKING_LEADS_QUERY ? 'font-semibold text-white' : 'text-brand-300'}`}
        >
          Booking leads
        </Link>{' '}
        <span className="text-slate-400">— people who asked for a booking</span>
      </p>
      {segments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">Save the filters you use often under a name to open them in one click.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {segments.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Link
                to={hrefOf(s.query)}
                aria-current={s.query === query ? 'page' : undefined}
                className={`underline-offset-2 hover:underline ${s.query === query ? 'font-semibold text-white' : 'text-brand-300'}`}
              >
                {s.name}
              </Link>
              <Link to={renameWith(s.id)} className="text-slate-300 underline" aria-label={`Rename the segment ${s.name}`}>
                Rename
              </Link>
              {canFollowUp ? (
                <Link to={composeLink('segment', s.id)} className="text-slate-300 underline">
                  Write a follow-up<span className="sr-only"> to the segment {s.name}</span>
                </Link>
              ) : null}
              <ConfirmDeleteForm
                message={`Delete the segment “${s.name}”? The people in it stay.`}
                fields={{ intent: 'delete-segment', segmentId: s.id, name: s.name, back: query }}
                className="text-red-300 underline"
              >
                Delete<span className="sr-only"> the segment {s.name}</span>
              </ConfirmDeleteForm>
            </li>
          ))}
        </ul>
      )}

      {renameTarget ? (
        <WorkspaceForm method="post" className="mt-4 flex flex-col gap-2" aria-label={`Rename the segment ${renameTarget.name}`}>
          <input type="hidden" name="intent" value="rename-segment" />
          <input type="hidden" name="segmentId" value={renameTarget.id} />
          <input type="hidden" name="back" value={query} />
          <Field
            label={`New name for “${renameTarget.name}”`}
            errors={renameErrors}
            inputProps={{
              name: 'name',
              defaultValue: actionData?.form === 'rename-segment' ? actionData.name : renameTarget.name,
              required: true,
              maxLength: 60,
            }}
          />
          <div className="flex gap-2">
            <button type="submit" className={buttonClass.primary}>
              Rename
            </button>
            <Link to={hrefOf(query)} className={buttonClass.secondary}>
              Cancel
            </Link>
          </div>
        </WorkspaceForm>
      ) : null}

      <WorkspaceForm method="post" className="mt-4 flex flex-col gap-2" aria-label="Save these filters as a segment">
        <input type="hidden" name="intent" value="save-segment" />
        <input type="hidden" name="query" value={query} />
        <input type="hidden" name="back" value={query} />
        <Field
          label="Segment name"
          hint="Saves the filters and sort shown now."
          errors={saveErrors}
          inputProps={{
            name: 'name',
            defaultValue: actionData?.form === 'save-segment' ? actionData.name : '',
            required: true,
            maxLength: 60,
          }}
        />
        <button type="submit" className={buttonClass.secondary}>
          Save as segment
        </button>
      </WorkspaceForm>
    </section>
  )
}
