import { expect, test } from '@playwright/test'
import { LINK_REFUSED_MESSAGE } from '../../app/lib/links-in-text'
import { createLeadSession, eraseLinkFrom, fillAttendeeForm } from './lead-capture-helpers'
import { uniqueEmail, waitForEmail } from './utils'

// The attendee side with JavaScript off: the form posts, errors come back next to the fields with the
// values kept (400), the thank-you page follows a redirect, and the erasure link works.

test.describe('lead capture without JavaScript', () => {
  test.describe.configure({ timeout: 60_000 })

  test('errors with values kept → thank-you → confirmation email → erase', async ({ page, request }) => {
    const { code } = await createLeadSession(request, uniqueEmail('speaker'))
    const attendee = uniqueEmail('nojs-attendee')
    await page.goto(`/t/${code}?qr=1`)
    await fillAttendeeForm(page, { firstName: '', email: attendee, company: 'Navy' })
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send my details' }).click(),
    ])
    expect(response.status()).toBe(400)
    await expect(page.getByText('Enter your first name').last()).toBeVisible()
    await expect(page.getByText('Choose one option').last()).toBeVisible()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(attendee)
    await expect(page.getByLabel('Company (optional)')).toHaveValue('Navy')

    await fillAttendeeForm(page, { firstName: 'Nora', email: attendee, role: 'Marketing' })
    const form = Object.fromEntries(
      await page
        .locator('form#lead input[type=hidden], form#lead input[type=text], form#lead input[type=email]')
        .evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value])),
    ) as Record<string, string>
    await page.getByRole('button', { name: 'Send my details' }).click()
    await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/[0-9a-f-]{36}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Thanks, Nora!' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Save Ada Lovelace’s contact card' })).toBeVisible()

    // The same form sent again (a double tap, a retry after a dropped connection) answers the same thank-you.
    const thanksUrl = page.url()
    const again = await page.request.post(`/t/${code}`, { form: { ...form, q_role: 'Marketing' }, maxRedirects: 0 })
    expect(again.status()).toBe(303)
    expect(new URL(again.headers().location!, thanksUrl).href).toBe(thanksUrl)

    const confirmation = await waitForEmail(attendee)
    await page.goto(eraseLinkFrom(confirmation.text))
    await page.getByRole('button', { name: 'Erase my details' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your details have been erased' })).toBeVisible()
    expect((await page.request.get(thanksUrl)).status()).toBe(404)
  })

  test('a link in a field that an email prints is refused next to the field, the values kept', async ({ page, request }) => {
    // The relay a security scan found (issue 20): a "first name" with a link, mailed to any address.
    const { code } = await createLeadSession(request, uniqueEmail('speaker'))
    const attendee = uniqueEmail('nojs-relay')
    await page.goto(`/t/${code}`)
    await fillAttendeeForm(page, {
      firstName: 'Visit http://evil.example/win',
      email: attendee,
      company: 'www.evil.example',
      role: 'Marketing',
    })
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send my details' }).click(),
    ])
    expect(response.status()).toBe(400)
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription(LINK_REFUSED_MESSAGE)
    await expect(page.getByLabel('Company (optional)')).toHaveAccessibleDescription(LINK_REFUSED_MESSAGE)
    await expect(page.getByLabel('First name')).toHaveValue('Visit http://evil.example/win')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(attendee)
    await expect(page.getByRole('radio', { name: 'Marketing' })).toBeChecked()

    await fillAttendeeForm(page, { firstName: 'Nora', email: attendee, company: 'Booking.com' })
    await page.getByRole('button', { name: 'Send my details' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Thanks, Nora!' })).toBeVisible()
  })
})
