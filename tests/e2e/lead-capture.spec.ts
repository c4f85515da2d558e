import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { MALICIOUS_MARKDOWN } from '../fixtures/xss-corpus'
import { createLeadSession, eraseLinkFrom, fillAttendeeForm } from './lead-capture-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail, waitForEmail } from './utils'

// The attendee side of lead capture with JavaScript on: the session page, errors next to the
// fields, the thank-you page with offer and contact card, emails, erasure, the offline queue, the
// speaker's leads page (plan gate, nothing executes from hostile attendee text), axe on each page.

test.describe('lead capture (attendee)', () => {
  test.describe.configure({ timeout: 60_000 })

  test('scan → errors next to the fields → thank-you, offer, contact card, emails → erase', async ({ page, request }) => {
    const speaker = uniqueEmail('speaker')
    const { code } = await createLeadSession(request, speaker)
    const attendee = uniqueEmail('attendee')

    await page.goto(`/t/${code}?qr=1`)
    // The scan is counted once: the address bar no longer says ?qr=1.
    await expect(page).toHaveURL(new RegExp(`/t/${code}\\?via=qr$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Engines of Tomorrow' })).toBeVisible()
    await expect(page.getByText('Your details go to Ada Lovelace, who decides how they are used.')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Send me Ada’s monthly newsletter too' })).not.toBeChecked()
    await expectNoAxeViolations(page)

    await fillAttendeeForm(page, { firstName: 'Grace', email: 'not-an-email', company: 'Navy' })
    await page.getByRole('button', { name: 'Send my details' }).click()
    await expect(page.getByRole('alert')).toContainText('Please check the fields marked below')
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Enter a valid email address, like name@example.com').last()).toBeVisible()
    await expect(page.getByText('Choose one option').last()).toBeVisible()
    await expect(page.getByLabel('First name')).toHaveValue('Grace')
    await expect(page.getByLabel('Company (optional)')).toHaveValue('Navy')
    await expectNoAxeViolations(page)

    await fillAttendeeForm(page, { firstName: 'Grace', email: attendee, role: 'Engineering', rating: '5' })
    await page.getByRole('checkbox', { name: 'Send me Ada’s monthly newsletter too' }).check()
    await page.getByRole('button', { name: 'Send my details' }).click()
    await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/[0-9a-f-]{36}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Thanks, Grace!' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open the offer' })).toHaveAttribute('href', 'https://ada.example/slides.pdf')
    await expectNoAxeViolations(page)

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Save Ada Lovelace’s contact card' }).click()
    const card = await download
    expect(card.suggestedFilename()).toBe('ada-lovelace.vcf')
    const vcf = readFileSync((await card.path())!, 'utf8')
    expect(vcf).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/)
    expect(vcf).toContain(`EMAIL;TYPE=INTERNET:${speaker}`)

    const confirmation = await waitForEmail(attendee)
    expect(confirmation.subject).toBe('The slides, from Ada Lovelace')
    const notification = await waitForEmail(speaker)
    expect(notification.subject).toBe('New lead: Grace at Engines of Tomorrow · DevConf 2026')

    await page.goto(eraseLinkFrom(confirmation.text))
    await expect(page.getByRole('heading', { level: 1, name: 'Erase your details' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Erase my details' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your details have been erased' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goBack()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Nothing to erase' })).toBeVisible()
  })

  test('a sign-up made offline is sent when the connection returns', async ({ page, context, request }) => {
    const { code } = await createLeadSession(request, uniqueEmail('speaker'))
    await page.goto(`/t/${code}`)
    await context.setOffline(true)
    await fillAttendeeForm(page, { firstName: 'Offline', email: uniqueEmail('offline'), role: 'Marketing' })
    await page.getByRole('button', { name: 'Send my details' }).click()
    await expect(page.getByRole('status')).toContainText('You are offline. Your details are saved on this phone')
    await context.setOffline(false)
    await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/`))
    await expect(page.getByRole('heading', { level: 1, name: 'Thanks, Offline!' })).toBeVisible()
  })

  test('a closed session says so; a draft is not found except to its owner', async ({ page, context, request }) => {
    const owner = uniqueEmail('speaker')
    const closed = await createLeadSession(request, owner, { status: 'closed' })
    const res = await page.goto(`/t/${closed.code}`)
    expect(res!.status()).toBe(410)
    await expect(page.getByRole('heading', { level: 1, name: 'This session has ended' })).toBeVisible()
    await expectNoAxeViolations(page)

    const draft = await createLeadSession(request, owner, { status: 'draft' })
    expect((await page.goto(`/t/${draft.code}`))!.status()).toBe(404)
    await signIn(context, owner)
    expect((await page.goto(`/t/${draft.code}`))!.status()).toBe(200)
    await expect(page.getByText('Preview: this session is a draft.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send my details' })).toBeDisabled()
  })

  test('the speaker sees the first three leads, the rest locked, and hostile attendee text runs nothing', async ({
    page,
    context,
    request,
  }) => {
    const speaker = uniqueEmail('speaker')
    const { code, sessionId } = await createLeadSession(request, speaker, {
      questions: [{ id: 'topic', kind: 'text', label: 'What next?', required: false, options: [] }],
    })
    const dialogs: string[] = []
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message())
      await dialog.dismiss()
    })
    const hostile = MALICIOUS_MARKDOWN.split('\n\n').filter((p) => p.length <= 100)
    for (const [i, payload] of hostile.slice(0, 4).entries()) {
      await page.goto(`/t/${code}`)
      await page.getByLabel('First name').fill(payload)
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail(`xss${i}`))
      await page.getByLabel('Company (optional)').fill(payload)
      await page.getByLabel('Job title (optional)').fill(payload)
      await page.getByLabel('What next? (optional)').fill(hostile.join(' ').slice(0, 500))
      await page.getByRole('button', { name: 'Send my details' }).click()
      await expect(page).toHaveURL(/\/thanks\//)
    }
    await signIn(context, speaker)
    await page.goto(`/app/sessions/${sessionId}/leads`)
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    await expect(page.getByText('4 leads — 3 shown, 1 locked')).toBeVisible()
    await expect(page.getByRole('row')).toHaveCount(4)
    // The unlock posts to checkout (issue 22; tests/e2e/billing-unlock*.spec.ts pay with it).
    await expect(page.getByRole('button', { name: /^Unlock all 4 leads for / })).toBeVisible()
    await expect(page.getByRole('cell', { name: hostile[0] }).first()).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
    expect(dialogs).toEqual([])
    await expectNoAxeViolations(page)
    // Another speaker gets a 404, not the leads.
    await signIn(context, uniqueEmail('other-speaker'))
    expect((await page.goto(`/app/sessions/${sessionId}/leads`))!.status()).toBe(404)
  })
})
