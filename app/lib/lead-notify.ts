import { z } from 'zod'
import { LEAD_NOTIFY_MODES, type LeadNotifyMode } from '~/lib/constants'

// How a member hears about new leads in one workspace (workspace_members.lead_notify): the form
// field's rule and the choices' words, for Settings and for a speaker's My talks.

export const LeadNotifySchema = z.object({
  leadNotify: z.enum(LEAD_NOTIFY_MODES, { error: 'Choose how to hear about new leads' }),
})

export const LEAD_NOTIFY_LABELS: Record<LeadNotifyMode, { label: string; hint: string }> = {
  instant: { label: 'Instantly', hint: 'One email per new lead, within seconds.' },
  hourly: { label: 'Hourly digest', hint: 'At most one email an hour listing the new leads.' },
  daily: { label: 'Daily digest', hint: 'One email a day listing the new leads.' },
  off: { label: 'Off', hint: 'No emails; the leads are in your workspace.' },
}
