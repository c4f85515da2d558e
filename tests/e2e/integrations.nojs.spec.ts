import { expect, test } from '@playwright/test'
import { captureLead, hubspotContact, registerHubSpotToken, uniqueToken } from './integrations-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { signIn, uniqueEmail } from './utils'

// Settings → Integrations with JavaScript off: every form posts and redirects (a refused token is
// answered next to the field by the server), a captured lead reaches the HubSpot fake, and
// disconnecting asks for confirmation first.

test('connect, map and disconnect HubSpot without JavaScript', async ({ page, context, request }) => {
  test.slow()
  const speaker = uniqueEmail('crm-nojs')
  await signIn(context, speaker)
  const { code } = await createLeadSession(request, speaker, { plan: 'pro' })
  const token = uniqueToken()
  await registerHubSpotToken(token)

  await page.goto('/app/settings/integrations')
  const tokenField = page.getByLabel('Private app access token')
  await tokenField.fill('not a token')
  await page.getByRole('button', { name: 'Connect HubSpot' }).click()
  await expect(page.getByText(/A private app access token starts with pat-/)).toBeVisible()
  await expect(tokenField).toHaveAttribute('aria-invalid', 'true')
  await expect(tokenField).toHaveValue('')

  await tokenField.fill(token)
  await page.getByRole('button', { name: 'Connect HubSpot' }).click()
  await expect(page.getByText('HubSpot connected. New and updated leads will be sent to it.')).toBeVisible()

  await page.getByLabel('Job title').fill('1jobtitle')
  await page.getByRole('button', { name: 'Save mapping' }).click()
  await expect(page.getByText(/Use the property’s internal name/)).toBeVisible()
  await page.getByLabel('Job title').fill('jobtitle')
  await page.getByLabel('Company').fill('')
  await page.getByRole('button', { name: 'Save mapping' }).click()
  await expect(page.getByText('Field mapping saved. It applies to the next leads sent.')).toBeVisible()
  await expect(page.getByLabel('Company')).toHaveValue('')

  const attendee = uniqueEmail('grace-nojs')
  await captureLead(page, code, attendee)
  const contact = await hubspotContact(attendee)
  // Company is no longer mapped, so it is not sent.
  expect(contact.properties).toEqual({ email: attendee, firstname: 'Grace' })

  await page.goto('/app/settings/integrations')
  await page.getByRole('button', { name: 'Disconnect HubSpot' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Disconnect HubSpot and delete the stored token?' })).toBeVisible()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText(/HubSpot disconnected/)).toBeVisible()
  await expect(page.getByText('Not connected')).toBeVisible()
})
