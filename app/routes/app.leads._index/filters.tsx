import { Form, Link } from '@remix-run/react'
import { buttonClass, Field, SelectField } from '~/components/forms'
import { LEAD_SORT_LABELS, LEAD_SORTS, serializeLeadFilters, type LeadFilters } from '~/lib/lead-filters'
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, SCORE_BAND_LABELS, SCORE_BANDS } from '~/lib/lead-status'

// The filters of /app/leads: a GET form, so the result is a URL (bookmarkable, a segment, an export)
// and it works without JavaScript. Remounted per query so its controls show the URL's values after
// a client-side navigation too.

type Options = {
  sessions: { id: string; label: string }[]
  talks: { id: string; title: string }[]
  events: string[]
  tags: string[]
}

const any = (label: string) => ({ value: '', label })

export function LeadFiltersForm({ filters, options, filtered }: { filters: LeadFilters; options: Options; filtered: boolean }) {
  return (
    <section aria-labelledby="lead-filters" className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <h2 id="lead-filters" className="text-lg font-semibold text-white">
        Filters
      </h2>
      <Form method="get" action="/app/leads" key={serializeLeadFilters(filters)} className="mt-4 flex flex-col gap-4">
        <Field
          label="Search"
          hint="Name, email or company"
          inputProps={{ name: 'q', type: 'search', defaultValue: filters.q, maxLength: 100 }}
        />
        <SelectField
          label="Session"
          selectProps={{ name: 'session', defaultValue: filters.session ?? '' }}
          options={[any('Any session'), ...options.sessions.map((s) => ({ value: s.id, label: s.label }))]}
        />
        <SelectField
          label="Talk"
          selectProps={{ name: 'talk', defaultValue: filters.talk ?? '' }}
          options={[any('Any talk'), ...options.talks.map((t) => ({ value: t.id, label: t.title }))]}
        />
        <SelectField
          label="Event"
          selectProps={{ name: 'event', defaultValue: filters.event }}
          options={[any('Any event'), ...options.events.map((e) => ({ value: e, label: e }))]}
        />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-200">Captured (UTC days)</legend>
          <div className="grid grid-cols-2 gap-2">
            <Field label="From" inputProps={{ name: 'from', type: 'date', defaultValue: filters.from ?? '' }} />
            <Field label="To" inputProps={{ name: 'to', type: 'date', defaultValue: filters.to ?? '' }} />
          </div>
        </fieldset>
        <SelectField
          label="Status"
          selectProps={{ name: 'status', defaultValue: filters.status ?? '' }}
          options={[any('Any status'), ...CONTACT_STATUSES.map((s) => ({ value: s, label: CONTACT_STATUS_LABELS[s] }))]}
        />
        <SelectField
          label="Score"
          selectProps={{ name: 'band', defaultValue: filters.band ?? '' }}
          options={[any('Any score'), ...SCORE_BANDS.map((b) => ({ value: b, label: SCORE_BAND_LABELS[b] }))]}
        />
        <Field
          label="Tag"
          inputProps={{ name: 'tag', defaultValue: filters.tag, list: 'lead-tags', maxLength: 40, autoComplete: 'off' }}
        />
        <datalist id="lead-tags">
          {options.tags.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <SelectField
          label="Marketing consent"
          selectProps={{ name: 'consent', defaultValue: filters.consent ?? '' }}
          options={[any('Any'), { value: 'yes', label: 'Gave consent' }, { value: 'no', label: 'No consent' }]}
        />
        <SelectField
          label="Booking request"
          selectProps={{ name: 'booking', defaultValue: filters.booking ? 'yes' : '' }}
          options={[any('Any'), { value: 'yes', label: 'Asked for a booking' }]}
        />
        <SelectField
          label="Sort by"
          selectProps={{ name: 'sort', defaultValue: filters.sort }}
          options={LEAD_SORTS.map((s) => ({ value: s, label: LEAD_SORT_LABELS[s] }))}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary}>
            Apply filters
          </button>
          {filtered ? (
            <Link to="/app/leads" className={buttonClass.secondary}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  )
}
