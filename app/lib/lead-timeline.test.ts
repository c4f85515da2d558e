import { describe, expect, it } from 'vitest'
import { describeFollowUpReceived, describeLeadEvent, followUpFate, type ReceivedFollowUp } from './lead-timeline'

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

describe('a follow-up the person received (issue 32 Deliver 5)', () => {
  const at = (hhmm: string) => new Date(`2026-12-02T${hhmm}:30.000Z`)
  const none = { sentAt: null, deliveredAt: null, bouncedAt: null, complainedAt: null, unsubscribedAt: null, clickedAt: null }
  const row = (fields: Partial<ReceivedFollowUp>): ReceivedFollowUp => ({
    subject: 'The slides',
    status: 'sent',
    ...none,
    ...fields,
  })

  it.each<[string, Partial<ReceivedFollowUp>, string]>([
    ['queued', { status: 'queued' }, 'waiting to be sent'],
    ['failed (sending stopped)', { status: 'failed' }, 'not sent: sending stopped before it went'],
    ['sent', { sentAt: at('18:05') }, 'sent 2026-12-02 18:05 UTC'],
    [
      'delivered',
      { status: 'delivered', sentAt: at('18:05'), deliveredAt: at('18:06') },
      'sent 2026-12-02 18:05 UTC · delivered',
    ],
    ['bounced', { status: 'bounced', sentAt: at('18:05'), bouncedAt: at('18:06') }, 'sent 2026-12-02 18:05 UTC · bounced'],
    [
      'complained after delivery',
      { status: 'complained', sentAt: at('18:05'), deliveredAt: at('18:06'), complainedAt: at('19:00') },
      'sent 2026-12-02 18:05 UTC · delivered · complained (marked as spam)',
    ],
    [
      'clicked, then unsubscribed',
      { status: 'delivered', sentAt: at('18:05'), deliveredAt: at('18:06'), clickedAt: at('18:42'), unsubscribedAt: at('18:50') },
      'sent 2026-12-02 18:05 UTC · delivered · clicked 2026-12-02 18:42 UTC (first click) · unsubscribed through it',
    ],
    // Without Resend no delivery event ever arrives: sent and clicked is all there is.
    [
      'clicked without delivery events',
      { sentAt: at('18:05'), clickedAt: at('18:10') },
      'sent 2026-12-02 18:05 UTC · clicked 2026-12-02 18:10 UTC (first click)',
    ],
  ])('%s', (_name, fields, fate) => expect(followUpFate(row(fields))).toBe(fate))

  it('names the follow-up by its subject and says its fate below, as plain text', () => {
    expect(describeFollowUpReceived(row({ subject: ' <b>Slides</b> ', sentAt: at('18:05'), deliveredAt: at('18:06') }))).toEqual({
      title: 'Follow-up email: “<b>Slides</b>”',
      detail: 'Sent 2026-12-02 18:05 UTC · delivered',
    })
    expect(describeFollowUpReceived(row({ subject: '', status: 'queued' }))).toEqual({
      title: 'Follow-up email (no subject)',
      detail: 'Waiting to be sent',
    })
  })
})
