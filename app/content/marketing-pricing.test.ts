import { describe, expect, it } from 'vitest'
import { hasApi, PLAN_LIMITS } from '~/lib/plans'
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

// Decision 21 again (issue 30): the public API and its REST hooks are built, so the workflow
// automation tools the /integrations page lists say what works today instead of "Planned".
describe('workflow automation copy says what works', () => {
  const automation = integrationSections.find((s) => s.id === 'automation')

  it('Zapier, Make and n8n are in early access on the plans that include the API', () => {
    expect(automation?.items.map((i) => i.name)).toEqual(['Zapier', 'Make', 'n8n'])
    for (const item of automation?.items ?? []) {
      expect(item.status).toBe('Early Access')
      expect(item.plans).toBe('Pro/Teams/Organiser')
      expect(item.description).toContain('{brand} API')
    }
    expect(hasApi('pro') && hasApi('teams') && hasApi('organiser')).toBe(true)
    expect(hasApi('free') || hasApi('solo')).toBe(false)
  })
})
