import { en } from './i18n/en'
import { speakerSlug } from './slug'

// Issue 23 (docs/organisers.md): the pure rules of an organiser's events that more than one screen
// uses. What each screen says beyond these lives beside the screen.

export const EVENT_STATUSES = ['draft', 'published', 'archived'] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' }

/**
 * Who receives an attendee's details (Deliver 5). 'both': the organiser always, and the speaker only
 * when the attendee ticks the unticked box naming them (the organiser runs the event and is the
 * controller of what its pages collect; sharing on with a speaker is the attendee's choice).
 */
export const EVENT_RECIPIENTS = ['organiser', 'speaker', 'both'] as const
export type EventRecipients = (typeof EVENT_RECIPIENTS)[number]
export const EVENT_RECIPIENT_LABELS: Record<EventRecipients, string> = {
  organiser: 'The organiser only',
  speaker: 'The speaker only',
  both: 'The organiser, and the speaker when the attendee ticks a box naming them',
}

/** Who received one capture, given the event's choice and the attendee's tick box. */
export function captureRecipients(recipients: EventRecipients, sharedWithSpeaker: boolean) {
  return {
    toOrganiser: recipients !== 'speaker',
    toSpeaker: recipients === 'speaker' || (recipients === 'both' && sharedWithSpeaker),
  }
}

/** A roster speaker's page fields the organiser can lock against the speaker's edits (Deliver 3). */
export const SPEAKER_PAGE_FIELDS = ['name', 'jobTitle', 'company', 'bio', 'photoUrl'] as const
export type SpeakerPageField = (typeof SPEAKER_PAGE_FIELDS)[number]
export const SPEAKER_PAGE_FIELD_LABELS: Record<SpeakerPageField, string> = {
  name: 'Name',
  jobTitle: 'Job title',
  company: 'Company',
  bio: 'Bio',
  photoUrl: 'Photo',
}

/** A session's fields the organiser can lock (the talk's title and description, the attendee page's offer). */
export const SESSION_PAGE_FIELDS = ['talkTitle', 'talkDescription', 'headline', 'offer'] as const
export type SessionPageField = (typeof SESSION_PAGE_FIELDS)[number]

export function isLocked(locked: readonly string[], field: string) {
  return locked.includes(field)
}

/** The slug of a roster speaker's page /e/{event}/{speaker}: their name as the directory spells it. */
export function rosterSlug(name: string) {
  return speakerSlug({ name, job_title: null, company: null, location: null }) || 'speaker'
}

/**
 * The attendee page's wording for an event's session before anyone edits it: it names no recipient
 * itself; the notice's recipients line names each one (app/lib/consent-text.ts).
 */
export function eventConsentText() {
  return en.consent.eventWording
}

/** Imports and lists: at most this many rows in one speakers CSV (Deliver 2). */
export const IMPORT_MAX_ROWS = 500
/** A session's length when the CSV leaves it empty. */
export const DEFAULT_SESSION_MINUTES = 30

/**
 * Where an event's status may go from each status (the organiser's buttons): a draft is published;
 * a published event is archived when it is over, or taken back to draft; an archived one can be
 * published again or taken back to draft.
 */
export const EVENT_STATUS_MOVES: Record<EventStatus, readonly EventStatus[]> = {
  draft: ['published'],
  published: ['archived', 'draft'],
  archived: ['published', 'draft'],
}

export function canMoveEventStatus(from: EventStatus, to: EventStatus) {
  return EVENT_STATUS_MOVES[from].includes(to)
}

/** An event's public address /e/{slug}: lower-case ASCII letters, digits and single hyphens. */
export const EVENT_SLUG_MAX = 80
export const EVENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The address an event's name suggests ("DevConf 2027!" → "devconf-2027"); "event" when nothing is left. */
export function eventSlug(name: string) {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, EVENT_SLUG_MAX)
    .replace(/^-+|-+$/g, '')
  return slug || 'event'
}

/** Events are the Event Organiser plan's (issue 23); what a workspace on another plan is told. */
export const EVENTS_PLAN_TEXT =
  'Events are part of the Event Organiser plan: a public programme page for each event, speakers invited in bulk with their pages made for them, insights by event, speaker and session, and a lawful lead export.'
/** The organiser's lock labels of a session's fields (the speaker edits the others of their session). */
export const SESSION_PAGE_FIELD_LABELS: Record<SessionPageField, string> = {
  talkTitle: 'Talk title',
  talkDescription: 'Talk description',
  headline: 'Headline',
  offer: 'Offer',
}

/** Where a roster speaker is in claiming their page: the speakers list's column. */
export type ClaimState = 'claimed' | 'invited' | 'not-invited'
export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  claimed: 'Claimed',
  invited: 'Invited',
  'not-invited': 'Not invited',
}
export function claimState(speaker: { userId: string | null; invitedAt: Date | string | null }): ClaimState {
  if (speaker.userId) return 'claimed'
  return speaker.invitedAt ? 'invited' : 'not-invited'
}
