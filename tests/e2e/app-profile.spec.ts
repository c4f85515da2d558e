import { expect, test } from '@playwright/test'
import { fillSpeakerForm, newSpeaker } from './speakers-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// The workspace's Profile (issue 20 §7b): it used to open /premium/speaker-profile-submissions,
// outside the workspace shell and with a second Logout. Now the same form opens at /app/profile.

test('Profile opens inside the workspace, with one way to log out; a submission comes back there', async ({ page, context }) => {
  test.slow()
  await signIn(context, uniqueEmail('ws-profile'))
  await page.goto('/app')
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/app\/profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your speaker profile' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Profile' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.getByRole('button', { name: /^Log ?out$/i })).toHaveCount(1)
  await expectNoAxeViolations(page)

  const s = newSpeaker('Wanda Workspace')
  await fillSpeakerForm(page, s, { js: true })
  await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
  await expect(page.getByText('Profile submitted successfully! It will be reviewed by our team.')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/profile$/)
  await expect(page.getByText('Pending review')).toBeVisible()

  await page.getByRole('link', { name: `Edit ${s.name}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your speaker profile' })).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(s.name)
  await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeVisible()
})
