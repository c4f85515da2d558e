import { expect, test } from '@playwright/test'
import { de } from '../../app/lib/i18n/de'
import { fr } from '../../app/lib/i18n/fr'
import { createLeadSession } from './lead-capture-helpers'
import { uniqueEmail, waitForEmail } from './utils'

// Issue 31 Deliver 7: an attendee whose browser speaks German or French signs up with JavaScript
// off, and reads the page, the thank-you page and the confirmation email in their language.

const CASES = [
  { locale: 'de-DE', lang: 'de', t: de, role: 'Marketing' },
  { locale: 'fr-FR', lang: 'fr', t: fr, role: 'Marketing' },
] as const

for (const { locale, lang, t, role } of CASES) {
  test.describe(`an attendee with locale ${locale}`, () => {
    test.use({ locale })
    test.describe.configure({ timeout: 60_000 })

    test('signs up without JavaScript and reads the thank-you page and the email in their language', async ({
      page,
      request,
    }) => {
      const { code } = await createLeadSession(request, uniqueEmail('speaker'), { wording: 'default' })
      const attendee = uniqueEmail(`nojs-${lang}`)
      await page.goto(`/t/${code}?qr=1`)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByText(t.consent.defaultWording({ speakerStart: 'Ada Lovelace' }))).toBeVisible()
      await expect(page.getByRole('navigation', { name: t.languages.label }).getByRole('link', { name: 'English' })).toBeVisible()

      // An error first: in the language, next to the field.
      await page.getByLabel(t.fields.email, { exact: true }).fill(attendee)
      await page.getByRole('radio', { name: role }).check()
      const [bad] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: t.page.submit }).click(),
      ])
      expect(bad.status()).toBe(400)
      await expect(page.getByLabel(t.fields.firstName)).toHaveAccessibleDescription(t.errors.firstNameMissing)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)

      await page.getByLabel(t.fields.firstName).fill('Zoë')
      await page.getByRole('button', { name: t.page.submit }).click()
      await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/[0-9a-f-]{36}$`))
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByRole('heading', { level: 1, name: t.thanks.heading({ firstName: 'Zoë' }) })).toBeVisible()
      await expect(page.getByText(t.thanks.emailSent)).toBeVisible()
      await expect(page.getByRole('link', { name: t.thanks.saveCard({ speaker: 'Ada Lovelace' }) })).toBeVisible()

      const email = await waitForEmail(attendee)
      expect(email.subject).toBe(t.email.subjectOffer({ offer: 'The slides', speaker: 'Ada Lovelace' }))
      expect(email.text).toContain(
        t.email.opening({ firstName: 'Zoë', speaker: 'Ada Lovelace', talk: 'Engines of Tomorrow', event: 'DevConf 2026' }),
      )
      expect(email.html).toContain(`<html lang="${lang}">`)
      const erase = /https?:\/\/\S+\/t\/[^/\s]+\/erase\/[A-Za-z0-9_-]{43}\?lang=\w+/.exec(email.text ?? '')
      expect(erase, 'erase link in the email').not.toBeNull()
      await page.goto(erase![0])
      await page.getByRole('button', { name: t.erase.button }).click()
      await expect(page.getByRole('heading', { level: 1, name: t.erase.erasedTitle })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
    })
  })
}

test.describe('the language links', () => {
  test.use({ locale: 'de-DE' })

  test('a plain link shows the page in another language; the sign-up remembers the choice', async ({ page, request }) => {
    const { code } = await createLeadSession(request, uniqueEmail('speaker'), { wording: 'default' })
    await page.goto(`/t/${code}`)
    await page.getByRole('navigation', { name: de.languages.label }).getByRole('link', { name: 'Français' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true')
    // A GET sets no cookie.
    expect((await page.context().cookies()).some((c) => c.name === 'lectern-lang')).toBe(false)
    await page.getByLabel(fr.fields.firstName).fill('Łukasz')
    await page.getByLabel(fr.fields.email, { exact: true }).fill(uniqueEmail('nojs-choice'))
    await page.getByRole('radio', { name: 'Engineering' }).check()
    await page.getByRole('button', { name: fr.page.submit }).click()
    await expect(page.getByRole('heading', { level: 1, name: fr.thanks.heading({ firstName: 'Łukasz' }) })).toBeVisible()
    expect((await page.context().cookies()).find((c) => c.name === 'lectern-lang')?.value).toBe('fr')
    // The next session page follows the remembered choice over the browser's German.
    const next = await createLeadSession(request, uniqueEmail('speaker'), { wording: 'default' })
    await page.goto(`/t/${next.code}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  })
})
