import type { CsvColumn } from '~/lib/csv'
import type { InboxTabId } from '~/lib/inbox-tabs'
import { listContactMessages, listNewsletterSubscribers, listSpeakerMessages } from '~/models/inbox.server'
import { startupOfferState, startupOfferStatusText } from '~/lib/startup-offer'
import { formatUsLongDate } from '~/lib/text'
import { listStartupApplications, type StartupApplication } from '~/models/startup-applications.server'

export type InboxRow = Record<string, string | number>
/** A startup application's programme state and whether it can be approved (the page only, not the CSV). */
export type StartupRowAction = { id: string; status: string; approve: 'Approve' | 'Send a new offer' | null }
export type InboxTabData = {
  columns: Array<CsvColumn<InboxRow>>
  rows: InboxRow[]
  total: number
  startup?: StartupRowAction[]
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '')
const day = (d: Date | null) => (d ? formatUsLongDate(d) : '')

function startupRowAction(row: StartupApplication, now: Date): StartupRowAction {
  const state = startupOfferState(row, now)
  return {
    id: row.id,
    status: startupOfferStatusText(state, {
      approvedAt: day(row.approvedAt),
      expiresAt: day(row.offerExpiresAt),
      usedAt: day(row.offerUsedAt),
    }),
    approve: state === 'used' ? null : state === 'not-approved' ? 'Approve' : 'Send a new offer',
  }
}

/** One tab's rows as plain cells (numbers stay numbers, so the CSV does not quote them as text). */
export async function loadInboxTab(
  tab: InboxTabId,
  options: { q: string; limit?: number; offset?: number },
): Promise<InboxTabData> {
  const now = new Date()
  switch (tab) {
    case 'startup': {
      const { rows, total } = await listStartupApplications(options)
      return {
        total,
        columns: [
          { key: 'createdAt', label: 'Submitted' },
          { key: 'fullName', label: 'Full name' },
          { key: 'email', label: 'Email' },
          { key: 'companyName', label: 'Company' },
          { key: 'website', label: 'Website' },
          { key: 'yearFounded', label: 'Year founded' },
          { key: 'employees', label: 'Employees' },
          { key: 'revenueStage', label: 'Revenue stage' },
          { key: 'role', label: 'Role' },
          { key: 'why', label: 'Why' },
        ],
        rows: rows.map((r) => ({
          createdAt: iso(r.createdAt),
          fullName: r.fullName,
          email: r.email,
          companyName: r.companyName,
          website: r.website ?? '',
          yearFounded: r.yearFounded,
          employees: r.employees,
          revenueStage: r.revenueStage,
          role: r.role ?? '',
          why: r.why ?? '',
        })),
        startup: rows.map((r) => startupRowAction(r, now)),
      }
    }
    case 'contact': {
      const { rows, total } = await listContactMessages(options)
      return {
        total,
        columns: [
          { key: 'createdAt', label: 'Received' },
          { key: 'name', label: 'Name' },
          { key: 'email', label: 'Email' },
          { key: 'message', label: 'Message' },
        ],
        rows: rows.map((r) => ({ createdAt: iso(r.createdAt), name: r.name, email: r.email, message: r.message })),
      }
    }
    case 'speaker': {
      const { rows, total } = await listSpeakerMessages(options)
      return {
        total,
        columns: [
          { key: 'createdAt', label: 'Received' },
          { key: 'speakerName', label: 'Speaker' },
          { key: 'senderName', label: 'From' },
          { key: 'senderEmail', label: 'Email' },
          { key: 'senderCompany', label: 'Company' },
          { key: 'message', label: 'Message' },
        ],
        rows: rows.map((r) => ({
          createdAt: iso(r.createdAt),
          speakerName: r.speakerName,
          senderName: r.senderName,
          senderEmail: r.senderEmail,
          senderCompany: r.senderCompany,
          message: r.message,
        })),
      }
    }
    case 'newsletter': {
      const { rows, total } = await listNewsletterSubscribers(options)
      return {
        total,
        columns: [
          { key: 'createdAt', label: 'Subscribed' },
          { key: 'email', label: 'Email' },
          { key: 'status', label: 'Status' },
          { key: 'source', label: 'Source' },
          { key: 'flags', label: 'Flags' },
          { key: 'confirmedAt', label: 'Confirmed' },
          { key: 'unsubscribedAt', label: 'Unsubscribed' },
        ],
        rows: rows.map((r) => ({
          createdAt: iso(r.createdAt),
          email: r.email,
          status: r.status,
          source: r.source,
          flags: Object.entries(r.flags)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
          confirmedAt: iso(r.confirmedAt),
          unsubscribedAt: iso(r.unsubscribedAt),
        })),
      }
    }
  }
}
