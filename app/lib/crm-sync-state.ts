// How a person's CRM sync state reads (issue 10 Deliver 7): "HubSpot: synced 2 min ago",
// "HubSpot: failed: <reason>", "HubSpot: pending". Worked out on the server with its clock, so the
// page hydrates with the same words.

export const CRM_PROVIDER_LABELS: Record<string, string> = { hubspot: 'HubSpot' }

/** "just now", "2 min ago", "3 h ago", "5 days ago". */
export function formatAgo(at: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return `${days} day${days === 1 ? '' : 's'} ago`
}

export type CrmSyncStateInput = {
  provider: string
  state: 'pending' | 'synced' | 'failed'
  lastError: string | null
  syncedAt: Date | null
}

/** The words after "HubSpot: ". A pending retry says why it is waiting. */
export function crmSyncText(sync: Omit<CrmSyncStateInput, 'provider'>, now: Date): string {
  if (sync.state === 'failed') return `failed: ${sync.lastError ?? 'unknown reason'}`
  if (sync.state === 'pending') return sync.lastError ? `pending (${sync.lastError})` : 'pending'
  return sync.syncedAt ? `synced ${formatAgo(sync.syncedAt, now)}` : 'synced'
}

export function crmSyncLine(sync: CrmSyncStateInput, now: Date): string {
  return `${CRM_PROVIDER_LABELS[sync.provider] ?? sync.provider}: ${crmSyncText(sync, now)}`
}
