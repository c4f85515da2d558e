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
      {
        endpoint: 'https://hooks.example/x',
        status: 'succeeded',
        event: 'lead.updated',
        responseStatus: 200,
        deliveryId: 'msg_1',
      },
      null,
      { title: 'Webhook lead.updated to https://hooks.example/x: succeeded', detail: 'responseStatus: 200' },
    ],
    ['crm', { provider: 'hubspot', status: 'synced' }, null, { title: 'HubSpot sync: synced', detail: null }],
    [
      'crm',
      { provider: 'hubspot', outcome: 'failed', httpStatus: 401, error: 'HubSpot refused the access token (401)' },
      null,
      { title: 'HubSpot sync: failed', detail: 'httpStatus: 401 · error: HubSpot refused the access token (401)' },
    ],
    [
      'crm',
      { provider: 'pipedrive', status: 'failed', error: 'HTTP 401' },
      null,
      { title: 'pipedrive sync: failed', detail: 'error: HTTP 401' },
    ],
    ['email', { subject: 'Your slides' }, null, { title: 'Email: Your slides', detail: null }],
    ['sms.sent', { to: '+44', nested: { x: 1 } }, null, { title: 'Sms sent', detail: 'to: +44' }],
    ['<b>x</b>', {}, null, { title: '<b>x</b>', detail: null }],
  ])('%s %j', (type, data, session, line) => expect(describeLeadEvent(type, data, session)).toEqual(line))
})
