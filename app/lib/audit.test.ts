import { describe, expect, it } from 'vitest'
import {
  auditKindLabel,
  AUDIT_PERSON_MAX,
  describeAuditData,
  hasAuditFilter,
  parseAuditFilter,
  serializeAuditFilter,
} from './audit'

describe('the audit filter in the query string', () => {
  it('reads a known kind and a trimmed person, and writes them back short', () => {
    const filter = parseAuditFilter(new URLSearchParams('kind=webhook.added&person=%20Ada@Example.com%20&x=1'))
    expect(filter).toEqual({ kind: 'webhook.added', person: 'Ada@Example.com' })
    expect(hasAuditFilter(filter)).toBe(true)
    expect(serializeAuditFilter(filter, { page: 2 })).toBe('kind=webhook.added&person=Ada%40Example.com&page=2')
  })

  it('ignores an unknown kind, caps the person and leaves out empty fields and page 1', () => {
    const filter = parseAuditFilter(new URLSearchParams(`kind=toString&person=${'a'.repeat(300)}`))
    expect(filter.kind).toBeNull()
    expect(filter.person).toHaveLength(AUDIT_PERSON_MAX)
    expect(serializeAuditFilter({ kind: null, person: '' }, { page: 1 })).toBe('')
    expect(hasAuditFilter(parseAuditFilter(new URLSearchParams('kind=&person=')))).toBe(false)
  })
})

describe('an entry in words', () => {
  it.each([
    ['member.role_changed', { from: 'member', to: 'admin' }, 'role: member → admin'],
    ['plan.changed', { from: 'free', to: 'teams' }, 'plan: Free → Teams'],
    ['retention.changed', { from: null, to: 24 }, 'retention: kept → 24 months'],
    ['retention.changed', { from: 1, to: null }, 'retention: 1 month → kept'],
    ['seats.changed', { from: 3, to: 2, when: 'renewal' }, 'seats: 3 → 2; when: renewal'],
    ['export.made', { format: 'csv', rows: 1234 }, '1,234 rows, CSV'],
    ['export.made', { format: 'json', rows: 1, contactId: 'x' }, '1 person, JSON'],
    [
      'export.made',
      { format: 'csv', rows: 0, filter: 'status=new&q=ada+l', complete: false },
      '0 rows, CSV, filter: status new, q ada l, stopped before the end',
    ],
    ['export.made', { format: 'csv', rows: 2, selected: 3 }, '2 rows, CSV, 3 people selected'],
    ['webhook.added', { events: ['lead.created', 'lead.deleted'] }, 'events: lead.created, lead.deleted'],
    ['member.removed', { reassignedTo: 'bob@example.com', sessions: 3 }, 'reassigned to: bob@example.com; sessions: 3'],
    ['some.future_kind', { role: { from: 'member', to: 'admin' }, ok: true }, 'role: member → admin; ok: yes'],
    ['member.left', {}, ''],
    ['workspace.renamed', { from: 'Ada', to: 'Ada & Co' }, 'name: Ada → Ada & Co'],
    ['some.future_kind', { from: 1, to: 2, why: 'x' }, '1 → 2; why: x'],
    ['workspace.settings_changed', { membersSeeAllLeads: true }, 'members see all leads: yes'],
  ])('%s %j → %s', (kind, data, words) => {
    expect(describeAuditData(kind, data)).toBe(words)
  })

  it('names kinds with the log’s words, and an unknown kind as stored', () => {
    expect(auditKindLabel('export.made')).toBe('Export made')
    expect(auditKindLabel('some.future_kind')).toBe('some.future_kind')
  })
})
