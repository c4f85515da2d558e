import { z } from 'zod'

// Settings → Integrations forms (client and server). The mapping form's schema is
// CrmMappingSchema in app/lib/crm-mapping.ts.

export const INTEGRATIONS_PATH = '/app/settings/integrations'

export const ConnectHubSpotSchema = z.object({
  token: z
    .string({ error: 'Paste the access token of your HubSpot private app' })
    .trim()
    .max(500, 'That is longer than any HubSpot access token')
    .regex(
      /^pat-[A-Za-z0-9-]+$/,
      'A private app access token starts with pat- (for example pat-na1-…); copy it from the app’s Auth tab',
    ),
})

export const IntentSchema = z.object({ intent: z.enum(['connect', 'mapping', 'disconnect', 'resync', 'backfill']) })
