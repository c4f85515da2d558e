import { AUDIT_KINDS, type AuditKind } from './permissions'
import { PLAN_LABELS, type Plan } from './plans'

// The audit log's pure rules (issue 21 Deliver 7): its filter in the query string (the page, its
// pagination and the CSV export carry the same text) and how an entry's data reads in the table
// and the CSV ("role: member → admin", "1,234 rows, CSV").

export const AUDIT_PAGE_SIZE = 50
/** An email is at most 254 characters; nothing longer can match a person. */
export const AUDIT_PERSON_MAX = 254

export type AuditFilter = { kind: AuditKind | null; person: string }

export const EMPTY_AUDIT_FILTER: AuditFilter = { kind: null, person: '' }

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === 'string' && Object.hasOwn(AUDIT_KINDS, value)
}

/** The words the log shows for a kind; a kind this build does not know shows as it is stored. */
export function auditKindLabel(kind: string) {
  return isAuditKind(kind) ? AUDIT_KINDS[kind] : kind
}

/** Lenient, as the leads filters are: an unknown kind is no kind filter, a person is trimmed and capped. */
export function parseAuditFilter(params: URLSearchParams): AuditFilter {
  const kind = params.get('kind')
  return {
    kind: isAuditKind(kind) ? kind : null,
    person: (params.get('person') ?? '').trim().slice(0, AUDIT_PERSON_MAX),
  }
}

/** The filter as a short query string (empty fields left out), optionally with a page after the first. */
export function serializeAuditFilter(filter: AuditFilter, { page }: { page?: number } = {}) {
  const params = new URLSearchParams()
  if (filter.kind) params.set('kind', filter.kind)
  if (filter.person) params.set('person', filter.person)
  if (page && page > 1) params.set('page', String(page))
  return params.toString()
}

export function hasAuditFilter(filter: AuditFilter) {
  return filter.kind !== null || filter.person !== ''
}

const EXPORT_FORMATS: Record<string, string> = { csv: 'CSV', json: 'JSON', vcard: 'vCard' }
/** What a top-level { from, to } changes, by kind. */
const CHANGED: Partial<Record<AuditKind, { what: string; show: (value: unknown) => string }>> = {
  'member.role_changed': { what: 'role', show: (v) => text(v) },
  'plan.changed': { what: 'plan', show: (v) => (typeof v === 'string' && v in PLAN_LABELS ? PLAN_LABELS[v as Plan] : text(v)) },
  'retention.changed': { what: 'retention', show: (v) => months(v) },
  'seats.changed': { what: 'seats', show: (v) => text(v) },
  'workspace.renamed': { what: 'name', show: (v) => text(v) },
  'ownership.transferred': { what: 'owner', show: (v) => text(v) },
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
const months = (v: unknown) => (typeof v === 'number' ? count(v, 'month', 'months') : 'kept')
/** "reassignedTo" → "reassigned to". */
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'number') return value.toLocaleString('en-US')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (Array.isArray(value)) return value.map(text).join(', ')
  if (typeof value === 'object') {
    const { from, to } = value as { from?: unknown; to?: unknown }
    if ('from' in value || 'to' in value) return `${text(from)} → ${text(to)}`
    return JSON.stringify(value)
  }
  return String(value)
}

/** A saved leads filter ("status=new&q=ada") as "status new, q ada". */
function readableQuery(query: string) {
  return [...new URLSearchParams(query)].map(([k, v]) => `${k} ${v}`).join(', ')
}

function describeExport(data: Record<string, unknown>) {
  const parts: string[] = []
  // A CSV counts its rows; a person's JSON or vCard is one person.
  if (typeof data.rows === 'number')
    parts.push(data.format === 'csv' ? count(data.rows, 'row', 'rows') : count(data.rows, 'person', 'people'))
  if (typeof data.format === 'string') parts.push(EXPORT_FORMATS[data.format] ?? data.format)
  if (typeof data.selected === 'number') parts.push(`${count(data.selected, 'person', 'people')} selected`)
  if (typeof data.filter === 'string' && data.filter) parts.push(`filter: ${readableQuery(data.filter)}`)
  if (data.complete === false) parts.push('stopped before the end')
  return parts.join(', ')
}

/**
 * An entry's data in words. Exports and the { from, to } changes have their own wording; anything
 * else (whatever a later kind records) reads as "key: value" pairs, so nothing is ever hidden.
 */
export function describeAuditData(kind: string, data: Record<string, unknown>): string {
  if (kind === 'export.made') return describeExport(data)
  const parts: string[] = []
  const changed = (isAuditKind(kind) ? CHANGED[kind] : undefined) ?? { what: '', show: text }
  const rest = { ...data }
  if ('from' in data || 'to' in data) {
    const change = `${changed.show(data.from)} → ${changed.show(data.to)}`
    parts.push(changed.what ? `${changed.what}: ${change}` : change)
    delete rest.from
    delete rest.to
  }
  for (const [key, value] of Object.entries(rest)) parts.push(`${words(key)}: ${text(value)}`)
  return parts.join('; ')
}
