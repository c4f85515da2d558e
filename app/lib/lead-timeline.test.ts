import { describe, expect, it } from 'vitest'
import { describeLeadEvent } from './lead-timeline'

describe('describeLeadEvent', () => {
  it.each([
    ['captured', {}, 'Talk · Conf', { title: 'Left their details at Talk · Conf', detail: null }],
    ['captured', {}, null, { title: 'Left their details', detail: null }],
    ['resubmitted', {}, 'Talk · Conf', { title: 'Sent their details again at Talk · Conf', detail: null }],
    ['erased', { requestedBy: 'attendee' }, null, { title: 'A capture was deleted at the attendee’s request', detail: null }],
    ['erased', { requestedBy: 'speaker' }, null, { title: 'A capture was deleted', detail: null }],
    ['status', { from: 'new', to: 'meeting' }, null, { title: 'Status: New → Meeting', detail: null }],
    ['deal', { from: null, to: { cents: 150000, currency: 'EUR' } }, null, { title: 'Deal value set to €1,500', detail: null }],
    [
      'deal',
      { from: { cents: 100, currency: 'USD' }, to: { cents: 250, currency: 'USD' } },
      null,
      { title: 'Deal value: $1 → $2.50', detail: null },
    ],
    ['deal', { from: { cents: 100, currency: 'USD' }, to: null }, null, { title: 'Deal value cleared', detail: 'Was $1' }],
    ['tags', { added: ['vip', 'q3'], removed: [] }, null, { title: 'Tagged vip, q3', detail: null }],
    ['tags', { added: [], removed: ['old'] }, null, { title: 'Tag removed: old', detail: null }],
    ['note', { action: 'edited' }, null, { title: 'Note edited', detail: null }],
    ['note', { action: 'deleted' }, null, { title: 'Note deleted', detail: null }],
    [
      'webhook',
      { endpointId: 'e1', host: 'hooks.example', event: 'lead.updated', deliveryId: 'msg_1', status: 200, ok: true, attempt: 1 },
      null,
      { title: 'Webhook lead.updated to hooks.example: delivered (HTTP 200)', detail: 'attempt: 1' },
    ],
    [
      'webhook',
      { host: 'hooks.example', event: 'lead.created', status: null, ok: false, attempt: 3, error: 'timed out' },
      null,
      { title: 'Webhook lead.created to hooks.example: failed', detail: 'attempt: 3 · error: timed out' },
    ],
    [
      'webhook',
      { endpoint: 'https://hooks.example/x', status: 'succeeded' },
      null,
      { title: 'Webhook to https://hooks.example/x: succeeded', detail: null },
    ],
    [
      'crm',
      { provider: 'hubspot', outcome: 'created', externalId: '123' },
      null,
      { title: 'HubSpot sync: created', detail: null },
    ],
    [
      'crm',
      { provider: 'hubspot', outcome: 'failed', httpStatus: 401, error: 'Token revoked' },
      null,
      { title: 'HubSpot sync: failed (HTTP 401)', detail: 'error: Token revoked' },
    ],
    ['crm', { provider: 'pipedrive', status: 'synced' }, null, { title: 'pipedrive sync: synced', detail: null }],
    ['email', { subject: 'Your slides' }, null, { title: 'Email: Your slides', detail: null }],
    [
      'consent_withdrawn',
      { via: 'unsubscribe', followUpId: 'f1' },
      null,
      { title: 'Consent withdrawn: unsubscribed from a follow-up', detail: null },
    ],
    ['consent_withdrawn', { via: 'speaker' }, null, { title: 'Consent withdrawn by your team', detail: null }],
    ['sms.sent', { to: '+44', nested: { x: 1 } }, null, { title: 'Sms sent', detail: 'to: +44' }],
    ['<b>x</b>', {}, null, { title: '<b>x</b>', detail: null }],
  ])('%s %j', (type, data, session, line) => expect(describeLeadEvent(type, data, session)).toEqual(line))
})
