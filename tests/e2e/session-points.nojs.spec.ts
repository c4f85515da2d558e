import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { signIn, uniqueEmail } from './utils'

// Scoring points in the session editor without JavaScript: the fields follow the saved question,
// a wrong number comes back from the server next to its field, a new option gets its field once saved.

test('without JavaScript: scoring points are validated by the server and saved', async ({ page, context, request }) => {
  const speaker = uniqueEmail('points-nojs')
  const { sessionId } = await createLeadSession(request, speaker)
  await signIn(context, speaker)
  await page.goto(`/app/sessions/${sessionId}/edit`)
  await page.getByLabel('City').fill('London')
  const role = page.getByRole('group', { name: 'Question 1' })
  await role.getByLabel('Points for Engineering').fill('-11')
  await role.getByLabel('Points for Marketing').fill('4')
  await page.getByRole('button', { name: 'Save session' }).click()
  await expect(role.getByText('Points must be a whole number from -10 to 10')).toBeVisible()
  await expect(role.getByLabel('Points for Engineering')).toHaveAttribute('aria-invalid', 'true')
  await expect(role.getByLabel('Points for Marketing')).toHaveValue('4')

  await role.getByLabel('Points for Engineering').fill('-1')
  await role.getByLabel('Options').fill('Engineering\nMarketing\nSales')
  await page.getByRole('button', { name: 'Save session' }).click()
  await expect(page.getByText('Session saved.')).toBeVisible()

  await page.goto(`/app/sessions/${sessionId}/edit`)
  await expect(role.getByLabel('Points for Engineering')).toHaveValue('-1')
  await expect(role.getByLabel('Points for Marketing')).toHaveValue('4')
  await role.getByLabel('Points for Sales').fill('7')
  await page.getByRole('button', { name: 'Save session' }).click()
  await expect(page.getByText('Session saved.')).toBeVisible()
  await page.goto(`/app/sessions/${sessionId}/edit`)
  await expect(role.getByLabel('Points for Sales')).toHaveValue('7')
})
