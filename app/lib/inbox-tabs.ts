// The admin inbox's tabs (what visitors sent us), shared by the page and its CSV export.

export const INBOX_TABS = [
  { id: 'startup', label: 'Startup applications', file: 'startup-applications' },
  { id: 'contact', label: 'Contact messages', file: 'contact-messages' },
  { id: 'speaker', label: 'Contact-speaker messages', file: 'speaker-messages' },
  { id: 'newsletter', label: 'Newsletter subscribers', file: 'newsletter-subscribers' },
] as const

export type InboxTabId = (typeof INBOX_TABS)[number]['id']

export const INBOX_PAGE_SIZE = 20

export function parseInboxTab(value: string | null): InboxTabId {
  return INBOX_TABS.find((t) => t.id === value)?.id ?? 'startup'
}
