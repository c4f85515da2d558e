import { expect, test } from '@playwright/test'
import { signIn, uniqueEmail, waitForEmail } from './utils'
import { createPublishedSpeaker, fillSpeakerForm, newSpeaker, slugOf } from './speakers-helpers'

test.describe('speakers without JavaScript', () => {
  test.describe.configure({ timeout: 90_000 })

  test('admin creates (with an extra event row), directory filters, contact speaker, delete with a confirmation step', async ({
    page,
    context,
  }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const s = newSpeaker('Nora NoJS')
    await page.goto('/speakers/admin/editor')
    // The add-row button is a real submit button: the server re-renders with one more row.
    await page.getByRole('button', { name: '+ Add Event' }).click()
    await expect(page.getByLabel('Event name')).toHaveCount(2)
    await page.getByRole('button', { name: 'Remove event 2' }).click()
    await expect(page.getByLabel('Event name')).toHaveCount(1)
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible()
    await expect(page.getByText('Bio is required')).toBeVisible()
    await createPublishedSpeaker(page, s, { js: false })

    await page.goto('/speakers')
    await page.getByLabel('Search by name, company or topic').fill(s.company)
    await page.getByLabel('Talk Topic').selectOption('marketing')
    await page.getByRole('button', { name: 'Apply Filters' }).click()
    await expect(page.getByText('1 speaker found')).toBeVisible()
    await page.getByLabel('Industry').selectOption('healthcare')
    await page.getByRole('button', { name: 'Apply Filters' }).click()
    await expect(page.getByText('0 speakers found')).toBeVisible()
    await page.getByRole('link', { name: 'Clear All Filters' }).first().click()
    await expect(page).toHaveURL(/\/speakers$/)

    await page.goto(`/speakers/${slugOf(s)}`)
    await page.getByRole('link', { name: 'Contact Speaker' }).click()
    await expect(page).toHaveURL(/modal=contact-speaker/)
    const sender = uniqueEmail('nojs-organiser')
    await page.getByLabel('Full Name').fill('Nils Organiser')
    await page.getByLabel('Your Email').fill(sender)
    await page.getByLabel('Message').fill('Are you free in May?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Message Sent!')).toBeVisible()
    await expect(page.getByText(`Your message has been sent to ${s.name}. They'll get back to you soon.`)).toBeVisible()
    const email = await waitForEmail(s.email)
    expect(email.reply_to).toEqual([sender])
    await page.getByRole('link', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.goto('/speakers/admin')
    await page.getByRole('link', { name: `Delete ${s.name}` }).click()
    await expect(page.getByText(`Are you sure you want to delete "${s.name}"?`)).toBeVisible()
    await page.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(page.getByRole('row', { name: new RegExp(s.name) })).toHaveCount(0)
    expect((await page.request.get(`/speakers/${slugOf(s)}`)).status()).toBe(404)
  })

  test('not found page', async ({ page }) => {
    const res = await page.goto('/speakers/no-such-speaker')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Speaker Not Found' })).toBeVisible()
    await expect(page.getByText('The requested speaker profile could not be found.')).toBeVisible()
  })

  test('signed out sees the login form; a speaker submits with a plain textarea bio', async ({ page, context }) => {
    await page.goto('/premium/speaker-profile-submissions')
    await expect(page.getByLabel(/email/i).first()).toBeVisible()
    await expect(page.getByRole('button', { name: /Send Magic Link/i })).toBeVisible()

    const email = uniqueEmail('nojs-speaker')
    await signIn(context, email)
    await page.goto('/premium/speaker-profile-submissions')
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible()
    await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
    await expect(page.getByText('Please fix the highlighted fields below.')).toBeVisible()
    await expect(page.getByText('Name is required')).toBeVisible()
    const s = newSpeaker('Ned Textarea')
    await fillSpeakerForm(page, s, { js: false })
    await page.getByLabel('Email', { exact: true }).fill('not-an-email')
    await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(s.name)
    await page.getByLabel('Email', { exact: true }).fill(s.email)
    // The textarea keeps what was typed, so fill the HTML bio again only if it was lost.
    await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
    await expect(page.getByText('Profile submitted successfully! It will be reviewed by our team.')).toBeVisible()
    await expect(page.getByText('Pending review')).toBeVisible()
  })
})
