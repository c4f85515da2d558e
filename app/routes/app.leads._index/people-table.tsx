import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { Link } from '@remix-run/react'
import { useRef } from 'react'
import { buttonClass, FormMessage } from '~/components/forms'
import { CollapsingTable, UtcMinute, type CollapsingColumn } from '~/components/leads/collapsing-table'
import { useHydrated } from '~/components/use-hydrated'
import { TAG_MAX_LENGTH } from '~/lib/lead-follow-up'
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, SCORE_BAND_LABELS, type ContactStatus, type ScoreBand } from '~/lib/lead-status'
import type { LeadsActionData } from './actions.server'

// The people of one page, each with a checkbox, inside one real POST form: the bulk actions are its
// submit buttons (told apart by `intent`), so they work without JavaScript. With JavaScript a
// "select all" box appears and Delete asks in the browser first; without, the server asks.

export type PersonRow = {
  id: string
  email: string
  firstName: string
  company: string | null
  jobTitle: string | null
  status: ContactStatus
  tags: string[]
  score: number
  scoreBand: ScoreBand
  marketingConsent: boolean
  captures: number
  latestEvent: string
  lastCapturedAt: string
  /** The organisation of their newest booking request at a visible capture (issue 33), else null. */
  bookingOrganisation: string | null
}

const BAND_CLASS: Record<ScoreBand, string> = {
  hot: 'border-red-400/60 text-red-200',
  warm: 'border-amber-400/60 text-amber-200',
  cold: 'border-sky-400/60 text-sky-200',
}

export function PeopleTable({ rows, back, actionData }: { rows: PersonRow[]; back: string; actionData?: LeadsActionData }) {
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const bulkError = actionData?.form === 'bulk' ? actionData.error : null
  const toggleAll = (checked: boolean) => {
    formRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]').forEach((box) => (box.checked = checked))
  }
  return (
    <WorkspaceForm method="post" ref={formRef} className="mt-4" aria-label="Selected people">
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="confirmed" defaultValue="" />
      <fieldset
        className="flex flex-wrap items-end gap-3 rounded-xl border border-white/10 bg-ink-900/60 p-4"
        aria-describedby={bulkError ? 'bulk-error' : undefined}
      >
        <legend className="sr-only">With the selected people</legend>
        <div>
          <label htmlFor="bulk-status" className="mb-1 block text-sm font-medium text-slate-200">
            New status
          </label>
          <select
            id="bulk-status"
            name="status"
            defaultValue="contacted"
            className="rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100"
          >
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CONTACT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="status" className={buttonClass.secondary}>
          Set status
        </button>
        <div>
          <label htmlFor="bulk-tag" className="mb-1 block text-sm font-medium text-slate-200">
            Tag to add or remove
          </label>
          <input
            id="bulk-tag"
            name="tag"
            maxLength={TAG_MAX_LENGTH}
            list="lead-tags"
            autoComplete="off"
            className="w-36 rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100"
          />
        </div>
        <button type="submit" name="intent" value="add-tag" className={buttonClass.secondary}>
          Add tag
        </button>
        <button type="submit" name="intent" value="remove-tag" className={buttonClass.secondary}>
          Remove tag
        </button>
        <button type="submit" name="intent" value="export" className={buttonClass.secondary}>
          Export selected
        </button>
        <button
          type="submit"
          name="intent"
          value="delete"
          className={buttonClass.danger}
          onClick={(event) => {
            const form = event.currentTarget.form
            const n = form?.querySelectorAll('input[name="ids"]:checked').length ?? 0
            if (n === 0) return // the server answers with the message
            if (!window.confirm(`Delete ${n === 1 ? '1 person' : `${n} people`} and every capture of theirs?`)) {
              event.preventDefault()
              return
            }
            const confirmed = form?.elements.namedItem('confirmed')
            if (confirmed instanceof HTMLInputElement) confirmed.value = '1'
          }}
        >
          Delete selected
        </button>
      </fieldset>
      {bulkError ? (
        <div className="mt-2">
          <FormMessage id="bulk-error">{bulkError}</FormMessage>
        </div>
      ) : null}

      <div className="mt-4">
        <CollapsingTable
          label="People"
          caption="People, one row each, with their status, score and tags"
          rows={rows}
          rowKey={(r) => r.id}
          rowName={(r) => r.firstName}
          leading={{
            header: hydrated ? (
              <input
                type="checkbox"
                aria-label="Select everyone on this page"
                className="h-4 w-4 accent-brand-500"
                onChange={(e) => toggleAll(e.currentTarget.checked)}
              />
            ) : (
              <span className="sr-only">Select</span>
            ),
            cell: (r) => (
              <input
                type="checkbox"
                name="ids"
                value={r.id}
                aria-label={`Select ${r.firstName} (${r.email})`}
                className="h-4 w-4 accent-brand-500"
              />
            ),
          }}
          primary={{ label: 'Person', cell: (r) => <PersonCell row={r} />, className: '@3xl:w-2/5' }}
          columns={COLUMNS}
        />
      </div>
    </WorkspaceForm>
  )
}

/** Who: name (the link to their page), email, company and job title, marketing consent. */
function PersonCell({ row: r }: { row: PersonRow }) {
  return (
    <>
      <Link to={`/app/leads/${r.id}`} className="font-semibold text-white underline-offset-2 hover:underline">
        {r.firstName}
      </Link>
      <div className="text-slate-400">{r.email}</div>
      {r.company || r.jobTitle ? (
        <div className="text-slate-300">{[r.company, r.jobTitle].filter(Boolean).join(' · ')}</div>
      ) : null}
      {r.marketingConsent ? <div className="text-xs text-emerald-300">Marketing consent</div> : null}
      {r.bookingOrganisation !== null ? (
        <div className="text-xs text-amber-200">Booking request: {r.bookingOrganisation}</div>
      ) : null}
    </>
  )
}

// What a speaker scans first after the person: status and score, then when and where they were
// last seen, then tags. Narrower boxes move them, last first, into each row's details.
const COLUMNS: CollapsingColumn<PersonRow>[] = [
  { id: 'status', label: 'Status', from: '@md', cell: (r) => CONTACT_STATUS_LABELS[r.status] },
  {
    id: 'score',
    label: 'Score',
    from: '@lg',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <>
        <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${BAND_CLASS[r.scoreBand]}`}>
          {SCORE_BAND_LABELS[r.scoreBand]}
        </span>{' '}
        <span className="tabular-nums text-slate-300">{r.score}</span>
      </>
    ),
  },
  {
    id: 'last-seen',
    label: 'Last seen',
    from: '@xl',
    cell: (r) => (
      <>
        <UtcMinute iso={r.lastCapturedAt} />
        <div className="text-slate-400">{r.captures > 1 ? `latest: ${r.latestEvent}` : r.latestEvent}</div>
        {r.captures > 1 ? <div className="font-semibold">Seen at {r.captures} talks</div> : null}
      </>
    ),
  },
  {
    id: 'tags',
    label: 'Tags',
    from: '@2xl',
    breakAnywhere: true,
    cell: (r) => (r.tags.length ? r.tags.join(', ') : <span className="text-slate-400">–</span>),
  },
]
