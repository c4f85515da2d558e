import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Scoring points in the session editor with JavaScript on: a field per option appears as options
// are typed, an out-of-range number is flagged next to its field, the points are saved and shown
// back. Axe on the editor.

test('set scoring points on custom questions in the session editor', async ({ page, context, request }) => {
  const speaker = uniqueEmail('points-speaker')
  const { sessionId } = await createLeadSession(request, speaker)
  await signIn(context, speaker)
  await page.goto(`/app/sessions/${sessionId}/edit`)
  await page.getByLabel('City').fill('London')

  const role = page.getByRole('group', { name: 'Question 1' })
  await expect(role.getByRole('group', { name: 'Scoring points (optional)' })).toBeVisible()
  await role.getByLabel('Points for Engineering').fill('11')
  await role.getByLabel('Points for Engineering').blur()
  await expect(role.getByText('Points must be a whole number from -10 to 10')).toBeVisible()
  await expect(role.getByLabel('Points for Engineering')).toHaveAttribute('aria-invalid', 'true')
  await role.getByLabel('Points for Engineering').fill('5')
  // A new option gets its own field at once.
  await role.getByLabel('Options').fill('Engineering\nMarketing\nSales')
  await role.getByLabel('Points for Sales').fill('-2')
  const rating = page.getByRole('group', { name: 'Question 2' })
  await rating.getByLabel('Points for 5 stars').fill('3')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Save session' }).click()
  await expect(page.getByText('Session saved.')).toBeVisible()
  await page.goto(`/app/sessions/${sessionId}/edit`)
  await expect(role.getByLabel('Points for Engineering')).toHaveValue('5')
  await expect(role.getByLabel('Points for Marketing')).toHaveValue('')
  await expect(role.getByLabel('Points for Sales')).toHaveValue('-2')
  await expect(rating.getByLabel('Points for 5 stars')).toHaveValue('3')
  await expect(rating.getByLabel('Points for 1 star')).toHaveValue('')
})
