import { and, eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { consentTexts, leadConsents, leads, leadSubmissions } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { bookingLeads } from '~/db/schema/feedback'
import { attendeeConfirmationEmail, bookingLeadEmail, newLeadEmail } from '~/emails/leads'
import { emailJobPayload } from '~/jobs/email.server'
import { jobsQueued } from '~/jobs/queue.server'
import { consentTextHash, normalizeConsentText, receivedBy } from '~/lib/consent-text'
import { captureRecipients } from '~/lib/events'
import type { BookingInput } from '~/lib/feedback'
import { sessionLiveChannel } from '~/lib/live-display'
import { LANGUAGE_PARAM, type Language } from '~/lib/i18n/languages'
import { localSessionTexts } from '~/lib/i18n/session-language'
import type { LeadInput } from '~/lib/lead-form'
import { workspaceLink } from '~/lib/permissions'
import { visibleLeadLimit } from '~/lib/plans'
import { captureEventCtes } from '~/models/lead-events.server'
import { instantRecipients } from '~/models/lead-notices.server'
import { newEraseToken } from '~/platform/lead-tokens.server'
import { publish } from '~/platform/live-bus.server'
import { sessionLabel, type PublicSession } from './lead-capture.server'
import { capturesBeforeBelow } from './leads.server'

// An attendee's sign-up (issue 9): the person, the lead, the submission id, the consent ledger row,
// the timeline entry and the emails, written by one statement. What the page shows and the other
// attendee reads and writes (views, thank-you, erasure) are app/models/lead-capture.server.ts.

// Consent texts are append-only and never deleted, so a hash stored once by this process is
// known to exist: the sign-up statement skips the insert for it.
const storedConsentHashes = new Set<string>()

export type SubmitLeadInput = {
  session: PublicSession
  submissionId: string
  input: LeadInput
  /** The consent notice exactly as shown (app/lib/consent-text.ts). */
  noticeText: string
  /** The marketing tick box's label as shown, or null when the page had none. */
  marketingText: string | null
  /** The box sharing the details with an event's speaker, as shown (shareBoxText), or null when the page had none. */
  shareText?: string | null
  /** "Should {speaker} speak at your company or event?" answered (issue 33 Deliver 3): a booking lead. */
  booking?: BookingInput | null
  /** The language the page was shown in (issue 31): the ledger row names it; the confirmation email is in it. */
  language?: Language
}

export type SubmitLeadResult = { leadId: string; contactId: string; duplicate: boolean }

/**
 * Stores one submission: the person (one per speaker and email, docs/decisions/0011), the lead
 * (same email on the same session updates it), the submission id (a repeat of it changes nothing
 * and answers like the first), the consent ledger row, the timeline entry with its lead.event job
 * and, for a new lead, the emails: the attendee's confirmation and one notification to each member on
 * instant who can see it (app/models/lead-notices.server.ts). Returns null if the submission id
 * belongs to another session.
 *
 * All of it is ONE statement (data-modifying CTEs), so it commits or fails as a whole, like a
 * transaction, in one round trip instead of twelve (issue 9's sign-up throughput). A repeated
 * submission id fails the statement on lead_submissions' primary key — nothing of the attempt is
 * kept — and is answered with the first one's lead.
 */
export async function submitLead({
  session,
  submissionId,
  input,
  noticeText,
  marketingText,
  shareText = null,
  booking = null,
  language = 'en',
}: SubmitLeadInput): Promise<SubmitLeadResult | null> {
  const config = getConfig()
  const erase = newEraseToken()
  const now = new Date()
  const at = now.toISOString()
  // Who receives this capture (issue 23 Deliver 5): everyone concerned outside events; on an event's
  // session its choice, and with 'both' the attendee's box decides for the speaker.
  const event = session.event
  const given = event
    ? captureRecipients(event.recipients, shareText !== null && input.shareWithSpeaker)
    : { toOrganiser: true, toSpeaker: true }
  const ledgerRecipients = event
    ? sql`array[${sql.join(
        [...(given.toOrganiser ? ['organiser'] : []), ...(given.toSpeaker ? ['speaker'] : [])].map((r) => sql`${r}::text`),
        sql`, `,
      )}]::text[]`
    : sql`null::text[]`
  const shareHash = shareText ? consentTextHash(shareText) : null
  const shareConsent = shareText ? input.shareWithSpeaker : null
  const texts = [noticeText, marketingText, shareText].filter((t): t is string => !!t)
  const newTexts = texts
    .filter((t) => !storedConsentHashes.has(consentTextHash(t)))
    .map((t) => ({ hash: consentTextHash(t), text: normalizeConsentText(t) }))

  // The emails of a new lead, rendered before the statement; it queues them only if the lead is new.
  const local = localSessionTexts(session, language)
  const confirmation = emailJobPayload(
    attendeeConfirmationEmail({
      to: input.email,
      brand: config.BRAND_NAME,
      language,
      firstName: input.firstName,
      speakerName: local.speaker,
      receivedBy: receivedBy({ speakerName: local.speaker, event: session.event, language }, given),
      talkTitle: session.talkTitle,
      eventName: session.eventName,
      offerTitle: local.offerTitle.text,
      offerPromise: local.offerPromise.text,
      hasOffer: session.hasOffer,
      thanksUrl: `${config.appUrl}/t/${session.code}/thanks/${submissionId}`,
      // The erasure pages are in the language of the sign-up (an explicit choice, like the page's links).
      eraseUrl: `${config.appUrl}/t/${session.code}/erase/${erase.token}?${LANGUAGE_PARAM}=${language}`,
    }),
    // Sent by the job only within the per-address and per-session limits (confirmation-budget.server.ts).
    { confirmationOf: session.id },
  )
  // The notification of each member on instant who can see the lead (the statement picks them and
  // sets each copy's address), with the lead's details only when the plan shows it (decided inside
  // the statement by the plan gate's rule: the session's captures so far, live or erased, are fewer
  // than the plan's number). Its link opens this workspace whichever one the member was in.
  const limit = visibleLeadLimit(session.plan, session.unlocked)
  const notification = (visible: boolean) =>
    JSON.stringify(
      emailJobPayload(
        newLeadEmail({
          to: '',
          brand: config.BRAND_NAME,
          notice: {
            sessionLabel: sessionLabel(session),
            leadsUrl: `${config.appUrl}${workspaceLink(`/app/sessions/${session.id}/leads`, session.workspaceId)}`,
            questions: session.questions,
            visible: visible ? [input] : [],
            locked: visible ? 0 : 1,
          },
        }),
      ),
    )
  const notifyVisible = notification(true)
  const notifyLocked = limit !== null ? notification(false) : null
  const bookingNotice = (visible: boolean) =>
    JSON.stringify(
      emailJobPayload(
        bookingLeadEmail({
          to: '',
          brand: config.BRAND_NAME,
          notice: {
            sessionLabel: sessionLabel(session),
            leadsUrl: `${config.appUrl}${workspaceLink(`/app/sessions/${session.id}/leads`, session.workspaceId)}`,
            request: visible && booking ? { firstName: input.firstName, email: input.email, ...booking } : null,
          },
        }),
      ),
    )

  const owner = session.workspaceId
  // Booleans stay booleans: postgres.js serialises a boolean parameter from the JS value.
  const marketing = input.marketingConsent
  const statement = sql`
  with recipients as (${instantRecipients(owner, session.userId, given)}),
  texts as (
    insert into ${consentTexts} (hash, text)
    select t.hash, t.text from jsonb_to_recordset(${JSON.stringify(newTexts)}::jsonb) as t(hash text, text text)
    on conflict (hash) do nothing
  ),
  contact as (
    insert into ${contacts} (owner_id, email, first_name, company, job_title, marketing_consent, first_seen_at, last_seen_at)
    values (${owner}::uuid, ${input.email}::text, ${input.firstName}::text, ${input.company}::text, ${input.jobTitle}::text,
      ${marketing}::boolean, ${at}::timestamptz, ${at}::timestamptz)
    on conflict (owner_id, email) do update set
      first_name = excluded.first_name,
      company = coalesce(excluded.company, ${contacts}.company),
      job_title = coalesce(excluded.job_title, ${contacts}.job_title),
      marketing_consent = excluded.marketing_consent,
      last_seen_at = excluded.last_seen_at,
      updated_at = excluded.last_seen_at
    returning id
  ),
  lead as (
    insert into ${leads} (session_id, owner_id, contact_id, email, first_name, company, job_title, phone, linkedin_url,
      answers, marketing_consent, erase_token_hash, to_organiser, to_speaker, notified_at, notified_members)
    select ${session.id}::uuid, ${owner}::uuid, contact.id, ${input.email}::text, ${input.firstName}::text,
      ${input.company}::text, ${input.jobTitle}::text, ${input.phone}::text, ${input.linkedinUrl}::text,
      ${JSON.stringify(input.answers)}::jsonb, ${marketing}::boolean, ${erase.hash}::text,
      ${given.toOrganiser}::boolean, ${given.toSpeaker}::boolean,
      -- The members on instant: their notifications are queued below, in this statement.
      case when r.told is not null then ${at}::timestamptz end, r.told
    from contact cross join (select array_agg(user_id) as told from recipients) r
    -- The newest answers win; a field left empty this time keeps what the attendee gave before.
    -- The erasure token stays: the link in the first confirmation email keeps working.
    on conflict (session_id, email) do update set
      first_name = excluded.first_name,
      company = coalesce(excluded.company, ${leads}.company),
      job_title = coalesce(excluded.job_title, ${leads}.job_title),
      phone = coalesce(excluded.phone, ${leads}.phone),
      linkedin_url = coalesce(excluded.linkedin_url, ${leads}.linkedin_url),
      answers = ${leads}.answers || excluded.answers,
      marketing_consent = excluded.marketing_consent,
      -- Who receives it follows the latest submission: unticking the speaker's box withdraws their copy.
      to_organiser = excluded.to_organiser,
      to_speaker = excluded.to_speaker,
      updated_at = ${at}::timestamptz
    returning id as lead_id, contact_id, created_at, (xmax = 0) as inserted
  ),
  -- No "on conflict": a submission id seen before fails the whole statement (caught below).
  submission as (
    insert into ${leadSubmissions} (id, lead_id, session_id)
    select ${submissionId}::uuid, lead.lead_id, ${session.id}::uuid from lead
  ),
  consent as (
    insert into ${leadConsents} (lead_id, session_id, owner_id, submission_id, notice_hash, marketing_hash, marketing_consent,
      recipients, share_hash, share_consent, language)
    select lead.lead_id, ${session.id}::uuid, ${owner}::uuid, ${submissionId}::uuid, ${consentTextHash(noticeText)}::text,
      ${marketingText ? consentTextHash(marketingText) : null}::text, ${marketing}::boolean,
      ${ledgerRecipients}, ${shareHash}::text, ${shareConsent}::boolean, ${language}::text
    from lead
  ),
  ${captureEventCtes({
    source: sql`lead`,
    ownerId: owner,
    type: { inserted: 'captured', updated: 'resubmitted' },
    notify: { inserted: 'lead.created', updated: 'lead.updated' },
    data: { sessionId: session.id },
    now,
  })},
  -- Every email holds the capture's details: linked to it, so that erasing it reaches them (lead-erasure.server.ts).
  emails as (
    insert into jobs (kind, payload, run_at, lead_ids)
    select 'email', e.payload, ${at}::timestamptz, array[lead.lead_id]
    from lead cross join lateral (
      select ${JSON.stringify(confirmation)}::jsonb as payload
      union all
      select jsonb_set(${
        limit === null
          ? sql`${notifyVisible}::jsonb`
          : sql`case when ${capturesBeforeBelow(limit, sql`${session.id}::uuid`, null)} then ${notifyVisible}::jsonb else ${notifyLocked}::jsonb end`
      }, '{to}', to_jsonb(recipients.email))
      from recipients
    ) e
    where lead.inserted
  )${booking ? bookingCtes() : sql``}
  select lead_id, contact_id, inserted from lead`

  // The booking lead (one per capture: asking again updates it) and its notification to each member
  // on instant, at once also for a person already known; the plan gate decides what it shows.
  function bookingCtes() {
    const request = booking!
    return sql`,
  booking as (
    insert into ${bookingLeads} (session_id, owner_id, lead_id, contact_id, organisation, role, timing)
    select ${session.id}::uuid, ${owner}::uuid, lead.lead_id, lead.contact_id, ${request.organisation}::text,
      ${request.role}::text, ${request.timing}::text
    from lead
    on conflict (lead_id) do update set organisation = excluded.organisation, role = excluded.role,
      timing = excluded.timing, updated_at = ${at}::timestamptz
  ),
  booking_emails as (
    insert into jobs (kind, payload, run_at, lead_ids)
    select 'email', jsonb_set(${
      limit === null
        ? sql`${bookingNotice(true)}::jsonb`
        : sql`case when ${capturesBeforeBelow(limit, sql`${session.id}::uuid`, [sql`lead.created_at`, sql`lead.lead_id`])} then ${bookingNotice(true)}::jsonb else ${bookingNotice(false)}::jsonb end`
    }, '{to}', to_jsonb(recipients.email)), ${at}::timestamptz, array[lead.lead_id]
    from lead cross join recipients
  )`
  }

  try {
    const [row] = rowsOf<{ lead_id: string; contact_id: string; inserted: boolean }>(await getDb().execute(statement))
    for (const t of newTexts) storedConsentHashes.add(t.hash)
    jobsQueued()
    // Committed (one statement): the session's live display counts again (issue 33 Deliver 6).
    if (row!.inserted) await publish(sessionLiveChannel(session.id), { kind: 'signup' })
    return { leadId: row!.lead_id, contactId: row!.contact_id, duplicate: false }
  } catch (error) {
    // Seen before (a double tap, a retry): nothing of this attempt was kept; answer like the first one.
    if (!isConstraintViolation(error, 'lead_submissions_pkey')) throw error
    const existing = await findSubmission(session.id, submissionId)
    return existing ? { ...existing, duplicate: true } : null
  }
}

function rowsOf<T>(result: unknown): T[] {
  // postgres.js answers with the rows, PGlite with { rows }.
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}

/** A unique violation of this constraint, from either driver (drizzle wraps the driver's error). */
function isConstraintViolation(error: unknown, constraint: string) {
  for (let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return (e.constraint_name ?? e.constraint) === constraint
    e = e.cause as typeof e
  }
  return false
}

async function findSubmission(sessionId: string, submissionId: string) {
  const [row] = await getDb()
    .select({ leadId: leadSubmissions.leadId, contactId: leads.contactId })
    .from(leadSubmissions)
    .innerJoin(leads, eq(leads.id, leadSubmissions.leadId))
    .where(and(eq(leadSubmissions.id, submissionId), eq(leadSubmissions.sessionId, sessionId)))
    .limit(1)
  return row ?? null
}
