import { expect, test } from '@playwright/test'
import { fillSpeakerForm, newSpeaker } from './speakers-helpers'
import { signIn, uniqueEmail } from './utils'

// /app/profile without JavaScript: a real form post, errors by the field, then post/redirect/get.

test('the workspace Profile form works without JavaScript', async ({ page, context }) => {
  await signIn(context, uniqueEmail('ws-profile-nojs'))
  await page.goto('/app')
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/app\/profile$/)
  await expect(page.getByRole('button', { name: /^Log ?out$/i })).toHaveCount(1)

  const s = newSpeaker('Nina Workspace')
  await fillSpeakerForm(page, s, { js: false })
  await page.getByLabel('Email', { exact: true }).fill('not-an-email')
  await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(s.name)
  await page.getByLabel('Email', { exact: true }).fill(s.email)
  await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
  await expect(page.getByText('Profile submitted successfully! It will be reviewed by our team.')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/profile(\?created=1)?$/)
  await expect(page.getByText('Pending review')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeVisible()
})
