import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { csvStream, type CsvColumn } from '~/lib/csv'
import { EMPTY_LEAD_FILTERS, parseLeadFilters, serializeLeadFilters } from '~/lib/lead-filters'
import { CONTACT_STATUS_LABELS, SCORE_BAND_LABELS } from '~/lib/lead-status'
import { isUuid } from '~/lib/text'
import { recordAudit } from '~/models/audit.server'
import { BULK_MAX, leadPeopleBatches, type LeadPersonRow } from '~/models/lead-list.server'
import { ownerPlan } from '~/models/leads.server'

// GET /app/leads/export?{filters} — the people of the current filter or segment as CSV; with
// ?id=…&id=… only those people (a selection; ids that are not the speaker's match nothing). A
// member exports only the people they see (the leads of the sessions they run, issue 21): the
// model's runner condition, as on the list.
// One row per person, as a CRM import expects (one contact per email; docs/leads.md says why).
// Streamed: rows are read in keyset batches and written as they come, so memory stays flat at any
// size. UTF-8 with a BOM; cells that would run as formulas are neutralised by toCsv's rules.
// Locked captures are not read (the model applies the plan gate to every capture). Each download is
// in the workspace's audit log: who, the filter or selection, and how many rows went out.

type ExportRow = {
  email: string
  firstName: string
  company: string
  jobTitle: string
  status: string
  scoreBand: string
  score: number
  tags: string[]
  dealValue: string
  dealCurrency: string
  captures: number
  events: string[]
  firstCapturedAt: Date
  lastCapturedAt: Date
  marketingConsent: string
  consentNoticeHash: string
  consentMarketingHash: string
  consentAt: Date | null
  bookingOrganisation: string
  bookingRole: string
  bookingTiming: string
}

export const LEAD_EXPORT_COLUMNS: CsvColumn<ExportRow>[] = [
  { key: 'email', label: 'Email' },
  { key: 'firstName', label: 'First name' },
  { key: 'company', label: 'Company' },
  { key: 'jobTitle', label: 'Job title' },
  { key: 'status', label: 'Status' },
  { key: 'scoreBand', label: 'Score band' },
  { key: 'score', label: 'Score' },
  { key: 'tags', label: 'Tags' },
  { key: 'dealValue', label: 'Deal value' },
  { key: 'dealCurrency', label: 'Deal currency' },
  { key: 'captures', label: 'Talks attended' },
  { key: 'events', label: 'Events' },
  { key: 'firstCapturedAt', label: 'First seen (UTC)' },
  { key: 'lastCapturedAt', label: 'Last seen (UTC)' },
  { key: 'marketingConsent', label: 'Marketing consent' },
  { key: 'consentNoticeHash', label: 'Consent notice (SHA-256)' },
  { key: 'consentMarketingHash', label: 'Marketing wording (SHA-256)' },
  { key: 'consentAt', label: 'Consent recorded at (UTC)' },
  // Issue 33 Deliver 3: the newest booking request of a capture shown (empty for everyone else).
  { key: 'bookingOrganisation', label: 'Booking organisation' },
  { key: 'bookingRole', label: 'Booking role' },
  { key: 'bookingTiming', label: 'Booking when' },
]

function toExportRow(p: LeadPersonRow): ExportRow {
  return {
    email: p.email,
    firstName: p.firstName,
    company: p.company ?? '',
    jobTitle: p.jobTitle ?? '',
    status: CONTACT_STATUS_LABELS[p.status],
    scoreBand: SCORE_BAND_LABELS[p.scoreBand],
    score: p.score,
    tags: p.tags,
    // Minor units to a plain decimal a spreadsheet reads as a number.
    dealValue: p.dealValueCents === null ? '' : (p.dealValueCents / 100).toFixed(2),
    dealCurrency: p.dealCurrency ?? '',
    captures: p.captures,
    events: p.events,
    firstCapturedAt: p.firstCapturedAt,
    lastCapturedAt: p.lastCapturedAt,
    marketingConsent: p.marketingConsent ? 'yes' : 'no',
    consentNoticeHash: p.consent?.noticeHash ?? '',
    consentMarketingHash: p.consent?.marketingHash ?? '',
    consentAt: p.consent?.at ?? null,
    bookingOrganisation: p.booking?.organisation ?? '',
    bookingRole: p.booking?.role ?? '',
    bookingTiming: p.booking?.timing ?? '',
  }
}

/** The CSV as a byte stream (app/lib/csv.ts's csvStream): BOM and header, then one chunk per batch. */
export function leadExportStream(batches: AsyncGenerator<LeadPersonRow[]>, options?: Parameters<typeof csvStream>[3]) {
  return csvStream(batches, LEAD_EXPORT_COLUMNS, toExportRow, options)
}

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const url = new URL(request.url)
  const ids = url.searchParams.getAll('id')
  if (ids.length > BULK_MAX || !ids.every(isUuid)) return new Response('Bad Request', { status: 400 })
  const selection = ids.length > 0
  const filters = selection ? EMPTY_LEAD_FILTERS : parseLeadFilters(url.searchParams)
  const plan = await ownerPlan(scope.ownerId)
  const batches = leadPeopleBatches({ scope, plan, filters, contactIds: selection ? ids : undefined })
  const file = `leads-${new Date().toISOString().slice(0, 10)}.csv`
  const filter = serializeLeadFilters(filters)
  // Recorded when the stream ends, with the rows that went out: batches are separate statements,
  // so a count taken first could differ from what is written (a capture arriving meanwhile), and
  // would cost another pass over every person.
  const stream = leadExportStream(batches, {
    signal: request.signal,
    onEnd: ({ rows, complete }) =>
      recordAudit({
        workspaceId: scope.ownerId,
        actor: scope.user,
        kind: 'export.made',
        subject: 'Leads CSV',
        data: {
          format: 'csv',
          rows,
          ...(selection ? { selected: ids.length } : filter ? { filter } : {}),
          ...(complete ? {} : { complete }),
        },
      }),
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
