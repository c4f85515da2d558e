import { and, asc, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, max, notExists, or, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookingLeads } from '~/db/schema/feedback'
import { inIdList } from '~/db/id-list'
import { crmConnections, crmSyncs } from '~/db/schema/integrations'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions, talks } from '~/db/schema/talks'
import { DEFAULT_HUBSPOT_MAP, type CrmFieldMap, type CrmPerson, type CrmProvider } from '~/lib/crm-mapping'
import { crmSyncText } from '~/lib/crm-sync-state'
import { isUuid } from '~/lib/text'
import { decryptSecret, encryptSecret } from '~/platform/secrets.server'
import { recordAudit, type AuditActor } from './audit.server'
import { sessionLabel } from './lead-capture.server'
import { givenToOrganiser, visibleLeadsFilter } from './leads.server'

// CRM connections and per-person sync state (issue 10 Deliver 7). Every query names the owner.
// The access token is stored only encrypted (app/platform/secrets.server.ts), bound to its owner.

export type CrmSyncState = 'pending' | 'synced' | 'failed'

const tokenContext = (provider: CrmProvider, ownerId: string) => `crm:${provider}:${ownerId}`
const ownConnection = (ownerId: string, provider: CrmProvider) =>
  and(eq(crmConnections.ownerId, ownerId), eq(crmConnections.provider, provider))

/** What Settings → Integrations shows of a connection (never the token), or null. */
export async function getCrmConnection(ownerId: string, provider: CrmProvider = 'hubspot') {
  const db = getDb()
  const [[row], [last]] = await Promise.all([
    db
      .select({
        tokenHint: crmConnections.tokenHint,
        fieldMap: crmConnections.fieldMap,
        enabled: crmConnections.enabled,
        lastError: crmConnections.lastError,
        lastErrorAt: crmConnections.lastErrorAt,
        createdAt: crmConnections.createdAt,
      })
      .from(crmConnections)
      .where(ownConnection(ownerId, provider))
      .limit(1),
    db
      .select({ at: max(crmSyncs.syncedAt) })
      .from(crmSyncs)
      .where(and(eq(crmSyncs.ownerId, ownerId), eq(crmSyncs.provider, provider))),
  ])
  return row ? { ...row, lastSyncedAt: last?.at ? new Date(last.at) : null } : null
}

/** The words the audit log shows for a provider. */
const PROVIDER_NAMES: Record<CrmProvider, string> = { hubspot: 'HubSpot' }

/**
 * Stores a verified token (replacing any earlier one); a new connection starts with the default
 * mapping. The audit log records it in the same transaction (a new token counts as connecting again).
 */
export async function saveCrmConnection(
  ownerId: string,
  token: string,
  actor: AuditActor | null,
  provider: CrmProvider = 'hubspot',
) {
  const tokenCiphertext = encryptSecret(token, tokenContext(provider, ownerId))
  const now = new Date()
  await getDb().transaction(async (tx) => {
    const [earlier] = await tx
      .select({ id: crmConnections.id })
      .from(crmConnections)
      .where(ownConnection(ownerId, provider))
      .for('update')
    await tx
      .insert(crmConnections)
      .values({ ownerId, provider, tokenCiphertext, tokenHint: token.slice(-4), fieldMap: DEFAULT_HUBSPOT_MAP })
      .onConflictDoUpdate({
        target: [crmConnections.ownerId, crmConnections.provider],
        set: { tokenCiphertext, tokenHint: token.slice(-4), enabled: true, lastError: null, lastErrorAt: null, updatedAt: now },
      })
    await recordAudit(
      {
        workspaceId: ownerId,
        actor,
        kind: 'integration.connected',
        subject: PROVIDER_NAMES[provider],
        data: earlier ? { tokenReplaced: true } : {},
      },
      tx,
    )
  })
}

/**
 * Forgets the token and the CRM's record ids: after a disconnect Lectern can no longer reach those
 * records, and a token of another portal must never act on them. Recorded in the audit log in the
 * same transaction when there was a connection.
 */
export async function disconnectCrm(ownerId: string, actor: AuditActor | null, provider: CrmProvider = 'hubspot') {
  const db = getDb()
  return db.transaction(async (tx) => {
    const gone = await tx.delete(crmConnections).where(ownConnection(ownerId, provider)).returning({ id: crmConnections.id })
    await tx.delete(crmSyncs).where(and(eq(crmSyncs.ownerId, ownerId), eq(crmSyncs.provider, provider)))
    if (gone.length > 0)
      await recordAudit({ workspaceId: ownerId, actor, kind: 'integration.disconnected', subject: PROVIDER_NAMES[provider] }, tx)
    return gone.length > 0
  })
}

/** False when there is no connection to map. */
export async function saveCrmFieldMap(ownerId: string, fieldMap: CrmFieldMap, provider: CrmProvider = 'hubspot') {
  const rows = await getDb()
    .update(crmConnections)
    .set({ fieldMap, lastError: null, lastErrorAt: null, updatedAt: new Date() })
    .where(ownConnection(ownerId, provider))
    .returning({ id: crmConnections.id })
  return rows.length > 0
}

/** The custom questions the speaker has asked, by label (first seen order), for the mapping form. */
export async function listQuestionLabels(ownerId: string) {
  const rows = await getDb()
    .select({ questions: talkSessions.questions })
    .from(talkSessions)
    .where(eq(talkSessions.workspaceId, ownerId))
    .orderBy(desc(talkSessions.startsAt))
  return [...new Set(rows.flatMap((r) => r.questions.map((q) => q.label.trim())).filter(Boolean))].slice(0, 100)
}

/** The enabled connection with its token decrypted, for a push at send time; null when none. */
export async function getCrmCredentials(ownerId: string, provider: CrmProvider = 'hubspot', db: Db = getDb()) {
  const [row] = await db
    .select({ tokenCiphertext: crmConnections.tokenCiphertext, fieldMap: crmConnections.fieldMap })
    .from(crmConnections)
    .where(and(ownConnection(ownerId, provider), eq(crmConnections.enabled, true)))
    .limit(1)
  if (!row) return null
  return { fieldMap: row.fieldMap, token: () => decryptSecret(row.tokenCiphertext, tokenContext(provider, ownerId)) }
}

export async function hasEnabledCrm(ownerId: string, provider: CrmProvider = 'hubspot', db: Db = getDb()) {
  return (await ownersWithEnabledCrm([ownerId], provider, db)).has(ownerId)
}

/** Which of these owners have the provider connected and enabled (one query for many). */
export async function ownersWithEnabledCrm(ownerIds: readonly string[], provider: CrmProvider = 'hubspot', db: Db = getDb()) {
  if (ownerIds.length === 0) return new Set<string>()
  const rows = await db
    .select({ ownerId: crmConnections.ownerId })
    .from(crmConnections)
    .where(
      and(inIdList(crmConnections.ownerId, ownerIds), eq(crmConnections.provider, provider), eq(crmConnections.enabled, true)),
    )
  return new Set(rows.map((r) => r.ownerId))
}

/** Shown in Settings → Integrations until the speaker acts (or a later push succeeds). */
export async function setCrmConnectionError(
  ownerId: string,
  error: string | null,
  provider: CrmProvider = 'hubspot',
  db: Db = getDb(),
) {
  await db
    .update(crmConnections)
    .set({ lastError: error, lastErrorAt: error ? new Date() : null })
    .where(ownConnection(ownerId, provider))
}

/** A push went through: an earlier refusal no longer applies (no write when there is none). */
export async function clearCrmConnectionError(ownerId: string, provider: CrmProvider = 'hubspot', db: Db = getDb()) {
  await db
    .update(crmConnections)
    .set({ lastError: null, lastErrorAt: null })
    .where(and(ownConnection(ownerId, provider), isNotNull(crmConnections.lastError)))
}

/**
 * One person as the CRM receives them, from the captures the plan lets the speaker see only (the
 * newest first); 'gone' when deleted, 'withheld' when the plan locks every capture.
 */
export async function loadCrmPerson(
  ownerId: string,
  contactId: string,
  db: Db = getDb(),
): Promise<CrmPerson | 'gone' | 'withheld'> {
  if (!isUuid(contactId)) return 'gone'
  const [[person], captures] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)))
      .limit(1),
    db
      .select({
        firstName: leads.firstName,
        company: leads.company,
        jobTitle: leads.jobTitle,
        phone: leads.phone,
        linkedinUrl: leads.linkedinUrl,
        marketingConsent: leads.marketingConsent,
        answers: leads.answers,
        questions: talkSessions.questions,
        eventName: talkSessions.eventName,
        talkTitle: talks.title,
      })
      .from(leads)
      .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(and(eq(leads.contactId, contactId), eq(leads.ownerId, ownerId), visibleLeadsFilter(), givenToOrganiser()))
      .orderBy(desc(leads.updatedAt), desc(leads.id))
      .limit(50),
  ])
  const latest = captures[0]
  if (!person) return 'gone'
  if (!latest) return 'withheld'
  const answers: CrmPerson['answers'] = {}
  for (const capture of captures) {
    for (const q of capture.questions) {
      const answer = capture.answers[q.id]
      if (answer !== undefined && !(q.label in answers)) answers[q.label] = answer
    }
  }
  const firstGiven = <K extends 'company' | 'jobTitle' | 'phone' | 'linkedinUrl'>(key: K) =>
    captures.find((c) => c[key])?.[key] ?? null
  return {
    email: person.email,
    firstName: latest.firstName,
    company: firstGiven('company'),
    jobTitle: firstGiven('jobTitle'),
    phone: firstGiven('phone'),
    linkedinUrl: firstGiven('linkedinUrl'),
    status: person.status,
    scoreBand: person.scoreBand,
    tags: person.tags,
    marketingConsent: latest.marketingConsent,
    lastSession: sessionLabel(latest),
    answers,
  }
}

export async function getCrmSync(contactId: string, provider: CrmProvider = 'hubspot', db: Db = getDb()) {
  const [row] = await db
    .select()
    .from(crmSyncs)
    .where(and(eq(crmSyncs.contactId, contactId), eq(crmSyncs.provider, provider)))
    .limit(1)
  return row ?? null
}

/**
 * Records where a person stands with a CRM. The caller has just read the person by owner; if they
 * are deleted meanwhile the foreign key refuses the row and the job's retry finds nobody to sync.
 */
export async function recordCrmSync(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  entry: {
    ownerId: string
    contactId: string
    provider?: CrmProvider
    state: CrmSyncState
    externalId?: string
    lastError?: string | null
  },
) {
  const now = new Date()
  const set = {
    state: entry.state,
    lastError: entry.lastError ?? null,
    updatedAt: now,
    ...(entry.externalId ? { externalId: entry.externalId } : {}),
    ...(entry.state === 'synced' ? { syncedAt: now } : {}),
  }
  await db
    .insert(crmSyncs)
    .values({ contactId: entry.contactId, provider: entry.provider ?? 'hubspot', ownerId: entry.ownerId, ...set })
    .onConflictDoUpdate({ target: [crmSyncs.contactId, crmSyncs.provider], set })
}

/**
 * Where one person stands with each connected CRM, worded for the lead detail page
 * (<CrmSyncStatus items={…} />, app/components/leads/crm-sync.tsx). Owner-scoped: [] for another's.
 */
export async function crmSyncStatus(ownerId: string, contactId: string, now = new Date()) {
  const rows = await getCrmSyncStates(ownerId, contactId)
  return rows.map((row) => ({ provider: row.provider, state: row.state, text: crmSyncText(row, now) }))
}

export async function getCrmSyncStates(ownerId: string, contactId: string) {
  if (!isUuid(contactId)) return []
  return getDb()
    .select({
      provider: crmSyncs.provider,
      state: crmSyncs.state,
      lastError: crmSyncs.lastError,
      syncedAt: crmSyncs.syncedAt,
      updatedAt: crmSyncs.updatedAt,
    })
    .from(crmSyncs)
    .where(and(eq(crmSyncs.contactId, contactId), eq(crmSyncs.ownerId, ownerId)))
}

/**
 * The owner's people (ids in order, after `after`) with a capture the plan lets them see and no
 * synced or pending record in this CRM: the ones a backfill sends.
 */
export async function listUnsyncedPeople(
  ownerId: string,
  provider: CrmProvider,
  after: string | null,
  limit: number,
  db: Db = getDb(),
) {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.ownerId, ownerId),
        after ? gt(contacts.id, after) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(crmSyncs)
            .where(
              and(
                eq(crmSyncs.contactId, contacts.id),
                eq(crmSyncs.provider, provider),
                inArray(crmSyncs.state, ['synced', 'pending']),
              ),
            ),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(leads)
            .where(and(eq(leads.contactId, contacts.id), eq(leads.ownerId, ownerId), visibleLeadsFilter(), givenToOrganiser())),
        ),
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** The speaker's latest syncs with a CRM (failed ones first), for Settings → Integrations. */
export async function listRecentCrmSyncs(ownerId: string, provider: CrmProvider = 'hubspot', limit = 20) {
  return getDb()
    .select({
      contactId: crmSyncs.contactId,
      name: contacts.firstName,
      email: contacts.email,
      state: crmSyncs.state,
      lastError: crmSyncs.lastError,
      syncedAt: crmSyncs.syncedAt,
      updatedAt: crmSyncs.updatedAt,
    })
    .from(crmSyncs)
    .innerJoin(contacts, and(eq(contacts.id, crmSyncs.contactId), eq(contacts.ownerId, ownerId)))
    .where(
      and(
        eq(crmSyncs.ownerId, ownerId),
        eq(crmSyncs.provider, provider),
        // The plan gate: a person whose captures are all locked is not shown (after a downgrade, say).
        exists(
          getDb()
            .select({ one: sql`1` })
            .from(leads)
            .where(
              and(eq(leads.contactId, crmSyncs.contactId), eq(leads.ownerId, ownerId), visibleLeadsFilter(), givenToOrganiser()),
            ),
        ),
      ),
    )
    .orderBy(sql`${crmSyncs.state} = 'failed' desc`, desc(crmSyncs.updatedAt))
    .limit(limit)
}

/** A booking lead of the person that has no HubSpot deal yet, claimed for this push. */
export type BookingDealClaim = {
  id: string
  organisation: string
  role: string
  timing: string
  sessionLabel: string
}

/** A claim older than this is taken to be a push that died mid-way: another push may take it. */
export const BOOKING_DEAL_CLAIM_MS = 60_000

/**
 * Claims the person's booking leads that have no deal yet (issue 33 Deliver 3): only those left with
 * a capture the CRM may receive — the plan shows it and it was given to the organiser, the same rule
 * as loadCrmPerson — and not claimed by a push running now. One UPDATE, so two pushes of one
 * person never claim the same booking lead.
 */
export async function claimBookingDeals(ownerId: string, contactId: string, db: Db = getDb()): Promise<BookingDealClaim[]> {
  if (!isUuid(contactId)) return []
  const stale = new Date(Date.now() - BOOKING_DEAL_CLAIM_MS).toISOString()
  const claimed = await db
    .update(bookingLeads)
    .set({ hubspotDealClaimedAt: sql`now()` })
    .where(
      and(
        eq(bookingLeads.ownerId, ownerId),
        eq(bookingLeads.contactId, contactId),
        isNull(bookingLeads.hubspotDealId),
        or(isNull(bookingLeads.hubspotDealClaimedAt), lt(bookingLeads.hubspotDealClaimedAt, sql`${stale}::timestamptz`)),
        inArray(
          bookingLeads.leadId,
          db
            .select({ id: leads.id })
            .from(leads)
            .where(and(eq(leads.contactId, contactId), eq(leads.ownerId, ownerId), visibleLeadsFilter(), givenToOrganiser())),
        ),
      ),
    )
    .returning({
      id: bookingLeads.id,
      organisation: bookingLeads.organisation,
      role: bookingLeads.role,
      timing: bookingLeads.timing,
      sessionId: bookingLeads.sessionId,
      createdAt: bookingLeads.createdAt,
    })
  if (claimed.length === 0) return []
  const sessions = await db
    .select({ id: talkSessions.id, eventName: talkSessions.eventName, talkTitle: talks.title })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(and(eq(talkSessions.workspaceId, ownerId), inArray(talkSessions.id, [...new Set(claimed.map((c) => c.sessionId))])))
  const labelOf = new Map(sessions.map((s) => [s.id, `${s.talkTitle} · ${s.eventName}`]))
  return claimed
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((c) => ({
      id: c.id,
      organisation: c.organisation,
      role: c.role,
      timing: c.timing,
      sessionLabel: labelOf.get(c.sessionId) ?? 'a session',
    }))
}

/** Stores the deal made for a claimed booking lead (once: a stored id is never replaced). */
export async function recordBookingDeal(db: Db | Tx, ownerId: string, bookingId: string, dealId: string) {
  const rows = await db
    .update(bookingLeads)
    .set({ hubspotDealId: dealId, hubspotDealClaimedAt: null })
    .where(and(eq(bookingLeads.id, bookingId), eq(bookingLeads.ownerId, ownerId), isNull(bookingLeads.hubspotDealId)))
    .returning({ id: bookingLeads.id })
  return rows.length > 0
}

/** Lets a later push make the deal (this one failed before HubSpot made it). */
export async function releaseBookingDeal(ownerId: string, bookingId: string, db: Db = getDb()) {
  await db
    .update(bookingLeads)
    .set({ hubspotDealClaimedAt: null })
    .where(and(eq(bookingLeads.id, bookingId), eq(bookingLeads.ownerId, ownerId), isNull(bookingLeads.hubspotDealId)))
}
