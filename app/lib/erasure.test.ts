import { describe, expect, it } from 'vitest'
import { ERASED_PAYLOAD, excerptWithout, finishedDeletionBody, finishedLeadEventPayload, isErasedPayload } from './erasure'

const base = { event: 'lead.deleted', ownerId: 'o', contactId: 'c', leadId: 'l', occurredAt: '2026-11-24T10:00:00.000Z' }

describe('finishedLeadEventPayload', () => {
  it.each([
    ['a lead.deleted drops its snapshot', { ...base, deleted: { email: 'grace@example.com', crmRecords: [] } }, base],
    ['a lead.created has nothing to drop', { ...base, event: 'lead.created' }, null],
    ['an already reduced payload stays', base, null],
  ])('%s', (_, payload, expected) => {
    expect(finishedLeadEventPayload(payload)).toEqual(expected)
  })
})

describe('finishedDeletionBody', () => {
  const data = { id: 'l', personId: 'c', email: 'grace@example.com', sessionId: 's', personDeleted: true }
  it.each([
    [
      'lead.deleted keeps its ids, not the email',
      { type: 'lead.deleted', timestamp: 't', data },
      { type: 'lead.deleted', timestamp: 't', data: { id: 'l', personId: 'c', sessionId: 's', personDeleted: true } },
    ],
    ['lead.deleted without an email: nothing to do', { type: 'lead.deleted', data: { id: 'l' } }, null],
    ['lead.created is erased with the capture, not here', { type: 'lead.created', data }, null],
    ['a ping', { type: 'webhook.ping', data: { endpointId: 'e' } }, null],
    ['an erased body', ERASED_PAYLOAD, null],
  ])('%s', (_, body, expected) => {
    expect(finishedDeletionBody(body)).toEqual(expected)
  })
})

describe('excerptWithout', () => {
  it.each([
    ['ok', 'grace@example.com', 'ok'],
    ['deleted GRACE@example.com', 'grace@example.com', null],
    [null, 'grace@example.com', null],
    ['ok', null, 'ok'],
  ])('%s without %s → %s', (excerpt, email, expected) => {
    expect(excerptWithout(excerpt, email)).toBe(expected)
  })
})

describe('isErasedPayload', () => {
  it.each([
    [ERASED_PAYLOAD, true],
    [{ erased: 'yes' }, false],
    [{ type: 'lead.created', data: {} }, false],
    [null, false],
  ])('%j → %s', (payload, expected) => {
    expect(isErasedPayload(payload)).toBe(expected)
  })
})
