import { CONTACT_STATUS_LABELS, isContactStatus } from './lead-status'
import { formatMoney } from './money'

// One timeline entry of a person (lead_events, issue 10 Deliver 2) as a line of text: the known
// types in words, any other type (a later capability's) generically from its data. Plain text only:
// the page renders it as text, so nothing from an attendee or a receiver becomes markup.

export type TimelineLine = { title: string; detail: string | null }

/** One follow-up a person was a recipient of, as its recipient row records it (issue 32 Deliver 5). */
export type ReceivedFollowUp = {
  subject: string
  /** The recipient row's status: queued, sent, delivered, bounced, complained or failed. */
  status: string
  sentAt: Date | null
  deliveredAt: Date | null
  bouncedAt: Date | null
  complainedAt: Date | null
  unsubscribedAt: Date | null
  clickedAt: Date | null
}

/** Times as the person page prints them (its `stamp`): minutes, in UTC. */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * What became of one follow-up for its recipient, in words, in the order it happened: sent (when),
 * delivered, bounced, complained, the first click (when), unsubscribed through it. The timeline and
 * the event's lawful export both say it this way.
 */
export function followUpFate(r: ReceivedFollowUp): string {
  if (!r.sentAt) return r.status === 'failed' ? 'not sent: sending stopped before it went' : 'waiting to be sent'
  return [
    `sent ${utc(r.sentAt)}`,
    r.deliveredAt ? 'delivered' : null,
    r.bouncedAt ? 'bounced' : null,
    r.complainedAt ? 'complained (marked as spam)' : null,
    r.clickedAt ? `clicked ${utc(r.clickedAt)} (first click)` : null,
    r.unsubscribedAt ? 'unsubscribed through it' : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** A received follow-up as a timeline line: the subject in the title, its fate below. */
export function describeFollowUpReceived(r: ReceivedFollowUp): TimelineLine {
  const fate = followUpFate(r)
  return {
    title: r.subject.trim() ? `Follow-up email: “${r.subject.trim()}”` : 'Follow-up email (no subject)',
    detail: fate[0]!.toUpperCase() + fate.slice(1),
  }
}

const PROVIDER_LABELS: Record<string, string> = { hubspot: 'HubSpot' }

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null)
const statusLabel = (v: unknown) => (isContactStatus(v) ? CONTACT_STATUS_LABELS[v] : (str(v) ?? '?'))
const money = (v: unknown) => {
  if (!v || typeof v !== 'object') return null
  const { cents, currency } = v as { cents?: unknown; currency?: unknown }
  return typeof cents === 'number' ? formatMoney(cents, typeof currency === 'string' ? currency : 'USD') : null
}
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** The other fields of an entry as "key: value" pairs (scalars only, ids left out). */
function genericDetail(data: Record<string, unknown>, skip: string[] = []) {
  const parts = Object.entries(data)
    .filter(([key, value]) => !skip.includes(key) && !/id$/i.test(key) && str(value) !== null)
    .map(([key, value]) => `${key}: ${str(value)}`)
  return parts.length ? parts.join(' · ') : null
}

/** `session` names the capture's session ("Talk · Event") when the entry is about one. */
export function describeLeadEvent(type: string, data: Record<string, unknown>, session: string | null): TimelineLine {
  const at = session ? ` at ${session}` : ''
  switch (type) {
    case 'captured':
      return { title: `Left their details${at}`, detail: null }
    case 'resubmitted':
      return { title: `Sent their details again${at}`, detail: null }
    case 'erased':
      return {
        title: `A capture was deleted${
          data.requestedBy === 'attendee'
            ? ' at the attendee’s request'
            : data.requestedBy === 'retention'
              ? ' by your retention setting'
              : ''
        }`,
        detail: null,
      }
    case 'status':
      return { title: `Status: ${statusLabel(data.from)} → ${statusLabel(data.to)}`, detail: null }
    case 'deal': {
      const from = money(data.from)
      const to = money(data.to)
      if (!to) return { title: 'Deal value cleared', detail: from ? `Was ${from}` : null }
      return { title: from ? `Deal value: ${from} → ${to}` : `Deal value set to ${to}`, detail: null }
    }
    case 'tags': {
      const added = list(data.added)
      const removed = list(data.removed)
      const parts = [added.length ? `Tagged ${added.join(', ')}` : '', removed.length ? `Tag removed: ${removed.join(', ')}` : '']
      return { title: parts.filter(Boolean).join('; ') || 'Tags changed', detail: null }
    }
    case 'note':
      return {
        title: data.action === 'deleted' ? 'Note deleted' : data.action === 'edited' ? 'Note edited' : 'Note added',
        detail: null,
      }
    case 'email':
      return { title: `Email${str(data.subject) ? `: ${str(data.subject)}` : ''}`, detail: genericDetail(data, ['subject']) }
    case 'webhook': {
      // As webhooks.server.ts records a delivery attempt: event, host, ok, the HTTP status, attempt, error.
      const target = str(data.endpoint) ?? str(data.url) ?? str(data.host)
      const http = typeof data.status === 'number' ? `HTTP ${data.status}` : null
      const result = typeof data.ok === 'boolean' ? (data.ok ? 'delivered' : 'failed') : str(data.status)
      return {
        title: `Webhook${str(data.event) ? ` ${str(data.event)}` : ''}${target ? ` to ${target}` : ''}${result ? `: ${result}` : ''}${
          http && typeof data.ok === 'boolean' ? ` (${http})` : ''
        }`,
        detail: genericDetail(data, ['endpoint', 'url', 'host', 'status', 'event', 'ok']),
      }
    }
    case 'crm': {
      // As crm-sync.server.ts records a push: provider, outcome (created, updated, failed, …), httpStatus, error.
      const provider = str(data.provider)
      const outcome = str(data.outcome) ?? str(data.status)
      const http = typeof data.httpStatus === 'number' ? `HTTP ${data.httpStatus}` : null
      return {
        title: `${provider ? (PROVIDER_LABELS[provider] ?? provider) : 'CRM'} sync${outcome ? `: ${outcome}` : ''}${http ? ` (${http})` : ''}`,
        detail: genericDetail(data, ['provider', 'outcome', 'status', 'httpStatus']),
      }
    }
    case 'consent_withdrawn':
      // As withdrawMarketingConsent records it (issue 32 Deliver 4): how the "no" came.
      return {
        title:
          data.via === 'unsubscribe'
            ? 'Consent withdrawn: unsubscribed from a follow-up'
            : data.via === 'speaker'
              ? 'Consent withdrawn by your team'
              : 'Consent withdrawn',
        detail: null,
      }
    default: {
      const name = type.replace(/[._-]+/g, ' ').trim()
      return { title: name ? name[0]!.toUpperCase() + name.slice(1) : 'Event', detail: genericDetail(data) }
    }
  }
}
