import { CRM_PROVIDER_LABELS } from '~/lib/crm-sync-state'

// Where one person stands with each connected CRM ("HubSpot: synced 2 min ago"), from the loader's
// crmSyncStatus() (app/models/crm.server.ts). Renders nothing when no CRM has heard of them.

export type CrmSyncItem = { provider: string; state: 'pending' | 'synced' | 'failed'; text: string }

const STATE_CLASS: Record<CrmSyncItem['state'], string> = {
  synced: 'text-emerald-200',
  pending: 'text-amber-200',
  failed: 'text-red-200',
}

export function CrmSyncStatus({ items }: { items: CrmSyncItem[] }) {
  if (items.length === 0) return null
  return (
    <ul aria-label="CRM sync" className="flex flex-col gap-1 text-sm">
      {items.map((item) => (
        <li key={item.provider}>
          <span className="font-medium text-slate-200">{CRM_PROVIDER_LABELS[item.provider] ?? item.provider}:</span>{' '}
          <span className={STATE_CLASS[item.state]}>{item.text}</span>
        </li>
      ))}
    </ul>
  )
}
