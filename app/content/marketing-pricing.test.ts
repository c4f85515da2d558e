import { describe, expect, it } from 'vitest'
import { PLAN_LIMITS } from '~/lib/plans'
import { integrationSections } from './integrations'
import { pricingProPlan } from './marketing-pricing'

// ARCHITECTURE decision 21: where the product has built what the spec's copy calls "coming soon"
// (CRM integration: HubSpot on Professional and Teams), the copy says what works.
describe('CRM integration copy says what works', () => {
  const hubspot = integrationSections.flatMap((s) => s.items).find((i) => i.name === 'HubSpot')

  it('HubSpot is built and included in Professional and Teams', () => {
    expect(PLAN_LIMITS.pro.crmIntegration).toBe(true)
    expect(PLAN_LIMITS.teams.crmIntegration).toBe(true)
    expect(hubspot?.status).not.toBe('Coming Soon')
  })

  it('/pricing names it instead of "coming soon"', () => {
    expect(pricingProPlan.features).toContain('CRM integration (HubSpot)')
    expect(pricingProPlan.features.join('\n')).not.toMatch(/coming soon/i)
  })
})
