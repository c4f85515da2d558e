import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { startupApplications } from '~/db/schema/marketing'
import { startupOfferEmail } from '~/emails/startup-offer'
import { enqueueEmail } from '~/jobs/email.server'
import type { Email } from '~/jobs/payloads'
import type { RevenueStage } from '~/lib/constants'
import { STARTUP_OFFER_TTL_MS, startupOfferState, type StartupOfferState } from '~/lib/startup-offer'
import { isUuid } from '~/lib/text'
import { hashToken, newToken, TOKEN_SHAPE } from './invitations.server'

export type StartupApplicationInput = {
  fullName: string
  email: string
  companyName: string
  website: string | null
  yearFounded: number
  employees: number
  revenueStage: RevenueStage
  role: string | null
  why: string | null
}

export type StartupApplication = typeof startupApplications.$inferSelect

// The spec's messages (000 §7, §8), shown in the red banner above the form.
export const APPLICATION_ERRORS = {
  save: 'Something went wrong saving your application.',
  noRecord: 'Failed to create application record',
  notify: 'Failed to send notification email',
  unknown: 'Failed to submit application. Please try again or contact support.',
} as const

/** A failure whose message can be shown to the applicant. */
export class StartupApplicationError extends Error {}

export type Notifier = (email: Email, tx: Tx) => Promise<unknown>

/**
 * Stores the application and queues the team's notification in ONE transaction: if the email
 * cannot be queued, the application is rolled back too and the applicant sees the error, so no
 * application is ever stored without the team hearing of it. `notify` is the outbox by default.
 */
export async function createStartupApplication(
  input: StartupApplicationInput,
  options: { teamEmail: string; brand: string; appUrl: string; notify?: Notifier },
): Promise<StartupApplication> {
  const notify: Notifier = options.notify ?? ((email, tx) => enqueueEmail(email, tx))
  return getDb().transaction(async (tx) => {
    let row: StartupApplication | undefined
    try {
      ;[row] = await tx.insert(startupApplications).values(input).returning()
    } catch (error) {
      console.error('Startup application insert failed', error)
      throw new StartupApplicationError(APPLICATION_ERRORS.save)
    }
    if (!row) throw new StartupApplicationError(APPLICATION_ERRORS.noRecord)
    try {
      await notify(notificationEmail(row, options), tx)
    } catch (error) {
      console.error('Startup application notification could not be queued', error)
      throw new StartupApplicationError(APPLICATION_ERRORS.notify)
    }
    return row
  })
}

function notificationEmail(row: StartupApplication, options: { teamEmail: string; brand: string; appUrl: string }): Email {
  const lines: Array<[string, string]> = [
    ['Full name', row.fullName],
    ['Email', row.email],
    ['Company', row.companyName],
    ['Website', row.website ?? '—'],
    ['Year founded', String(row.yearFounded)],
    ['Employees', String(row.employees)],
    ['Revenue stage', row.revenueStage],
    ['Role', row.role ?? '—'],
    ['Why', row.why ?? '—'],
  ]
  const inbox = `${options.appUrl}/admin/inbox?tab=startup`
  return {
    to: options.teamEmail,
    replyTo: row.email,
    subject: `New ${options.brand} Startup Program application: ${row.companyName}`,
    text: `${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nAll applications: ${inbox}\n`,
    html:
      `<h1>New Startup Program application</h1><table>` +
      lines
        .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
        .join('') +
      `</table><p><a href="${escapeHtml(inbox)}">All applications</a></p>`,
  }
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

function searchWhere(q: string): SQL | undefined {
  const term = q.trim()
  if (!term) return undefined
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return or(
    ilike(startupApplications.fullName, like),
    ilike(startupApplications.email, like),
    ilike(startupApplications.companyName, like),
    ilike(sql`coalesce(${startupApplications.website}, '')`, like),
    ilike(sql`coalesce(${startupApplications.role}, '')`, like),
    ilike(sql`coalesce(${startupApplications.why}, '')`, like),
  )
}

/** Newest first; `q` matches name, email, company, website, role or why (case-insensitive). */
export async function listStartupApplications({ q = '', limit, offset = 0 }: { q?: string; limit?: number; offset?: number }) {
  const where = searchWhere(q)
  const query = getDb()
    .select()
    .from(startupApplications)
    .where(where)
    .orderBy(desc(startupApplications.createdAt), desc(startupApplications.id))
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset)
  const [count] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(startupApplications)
    .where(where)
  return { rows, total: count?.n ?? 0 }
}

// ── The startup programme's offer (issue 22 Deliver 1; docs/billing.md) ─────────────────────────
// Approving an application makes a single-use offer link (256 random bits; the table keeps only its
// SHA-256, as invitations do) and queues the applicant's email in the same transaction. The offer
// is used when the checkout bought with it is paid (fulfilCheckout), not when a checkout is opened:
// an abandoned checkout leaves the link working.

export type ApproveResult = { ok: true; email: string; expiresAt: Date } | { ok: false; reason: 'not-found' | 'used' }

export async function approveStartupApplication(
  id: string,
  admin: { id: string },
  options: { brand: string; appUrl: string; teamEmail: string; paymentsConfigured: boolean; now?: Date },
): Promise<ApproveResult> {
  const now = options.now ?? new Date()
  return getDb().transaction(async (tx): Promise<ApproveResult> => {
    const [row] = await tx.select().from(startupApplications).where(eq(startupApplications.id, id)).for('update')
    if (!row) return { ok: false, reason: 'not-found' }
    if (row.offerUsedAt) return { ok: false, reason: 'used' }
    const token = newToken()
    const expiresAt = new Date(now.getTime() + STARTUP_OFFER_TTL_MS)
    // Approving again (an expired link, a lost email) replaces the token: the older link stops working.
    await tx
      .update(startupApplications)
      .set({ approvedAt: now, approvedBy: admin.id, offerTokenHash: hashToken(token), offerExpiresAt: expiresAt })
      .where(eq(startupApplications.id, id))
    const email = startupOfferEmail({
      to: row.email,
      brand: options.brand,
      fullName: row.fullName,
      companyName: row.companyName,
      offerUrl: `${options.appUrl}${startupOfferPath(token)}`,
      expiresAt,
      paymentsConfigured: options.paymentsConfigured,
    })
    await enqueueEmail({ ...email, replyTo: options.teamEmail }, tx)
    return { ok: true, email: row.email, expiresAt }
  })
}

export const startupOfferPath = (token: string) => `/startup-program/offer/${token}`

export type StartupOffer = {
  id: string
  fullName: string
  companyName: string
  expiresAt: Date | null
  usedAt: Date | null
  state: StartupOfferState
}

/** What an offer link points at; null for a token we never gave out (or one replaced by a newer approval). */
export async function getStartupOffer(token: string, now = new Date()): Promise<StartupOffer | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const [row] = await getDb()
    .select()
    .from(startupApplications)
    .where(eq(startupApplications.offerTokenHash, hashToken(token)))
    .limit(1)
  if (!row) return null
  return {
    id: row.id,
    fullName: row.fullName,
    companyName: row.companyName,
    expiresAt: row.offerExpiresAt,
    usedAt: row.offerUsedAt,
    state: startupOfferState(row, now),
  }
}

/** The checkout bought with this offer was paid: the link stops working. Once; later calls change nothing. */
export async function markStartupOfferUsed(id: string, workspaceId: string, now = new Date()) {
  if (!isUuid(id)) return false
  const rows = await getDb()
    .update(startupApplications)
    .set({ offerUsedAt: now, offerWorkspaceId: workspaceId })
    .where(
      and(eq(startupApplications.id, id), isNull(startupApplications.offerUsedAt), isNotNull(startupApplications.approvedAt)),
    )
    .returning({ id: startupApplications.id })
  return rows.length > 0
}
