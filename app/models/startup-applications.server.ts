import { desc, ilike, or, sql, type SQL } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { startupApplications } from '~/db/schema'
import { enqueueEmail } from '~/jobs/email.server'
import type { Email } from '~/jobs/payloads'
import type { RevenueStage } from '~/lib/constants'

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
