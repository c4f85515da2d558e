import { expect, test } from '@playwright/test'
import {
  addHubSpotProperties,
  captureLead,
  hubspotContact,
  registerHubSpotToken,
  uniqueProperty,
  uniqueToken,
} from './integrations-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Settings → Integrations with JavaScript on: a malformed and a refused token, connect, map a
// question's answers to a custom property, and a captured lead reaches the HubSpot fake within
// seconds with the mapped properties; axe on every screen.

test('connect HubSpot, map fields, and a captured lead appears in HubSpot', async ({ page, context, request }) => {
  test.slow()
  const speaker = uniqueEmail('crm')
  await signIn(context, speaker)
  const { code } = await createLeadSession(request, speaker, { plan: 'pro' })
  const token = uniqueToken()
  await registerHubSpotToken(token)
  const roleProperty = uniqueProperty('lectern_role')
  await addHubSpotProperties(roleProperty)

  await page.goto('/app/settings')
  await page.getByRole('link', { name: 'Manage integrations' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible()
  await expect(page.getByText('Not connected')).toBeVisible()
  await expectNoAxeViolations(page)

  const tokenField = page.getByLabel('Private app access token')
  await tokenField.fill('hunter2')
  await page.getByRole('button', { name: 'Connect HubSpot' }).click()
  await expect(page.getByText(/A private app access token starts with pat-/)).toBeVisible()
  await expect(tokenField).toHaveAttribute('aria-invalid', 'true')

  await tokenField.fill(uniqueToken())
  await page.getByRole('button', { name: 'Connect HubSpot' }).click()
  await expect(page.getByText(/HubSpot refused this token \(401\)/)).toBeVisible()
  await expectNoAxeViolations(page)

  await tokenField.fill(token)
  await page.getByRole('button', { name: 'Connect HubSpot' }).click()
  await expect(page.getByText('HubSpot connected. New and updated leads will be sent to it.')).toBeVisible()
  await expect(page.getByText(`ending in ${token.slice(-4)}`)).toBeVisible()
  await expect(page.getByLabel('First name')).toHaveValue('firstname')
  await expectNoAxeViolations(page)

  await page.getByLabel('Follow-up status').fill('Lead Status')
  await page.getByRole('button', { name: 'Save mapping' }).click()
  await expect(page.getByText(/Use the property’s internal name/)).toBeVisible()
  await page.getByLabel('Follow-up status').fill('')
  await page.getByLabel('Answer: “Your role”').fill(roleProperty)
  await page.getByRole('button', { name: 'Save mapping' }).click()
  await expect(page.getByText('Field mapping saved. It applies to the next leads sent.')).toBeVisible()
  await expect(page.getByLabel('Answer: “Your role”')).toHaveValue(roleProperty)

  const attendee = uniqueEmail('grace')
  const started = Date.now()
  await captureLead(page, code, attendee)
  const contact = await hubspotContact(attendee)
  expect(Date.now() - started).toBeLessThan(15_000)
  expect(contact.properties).toEqual({ email: attendee, firstname: 'Grace', company: 'Navy', [roleProperty]: 'Engineering' })

  await page.goto('/app/settings/integrations')
  const row = page.getByRole('row', { name: new RegExp(attendee) })
  await expect(row.getByRole('cell', { name: /^synced/ })).toBeVisible()
  await expect(page.getByText(/Last sync/)).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a free plan sees which plans include CRM integration instead of the connect form', async ({ page, context }) => {
  await signIn(context, uniqueEmail('crm-free'))
  await page.goto('/app/settings/integrations')
  await expect(
    page.getByText(
      'Your Free plan does not include CRM integration. It is included in the Professional, Teams and Event Organiser plans.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Connect HubSpot' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Compare plans' })).toBeVisible()
  await expectNoAxeViolations(page)
})
