import { expect, test } from '@playwright/test'
import { de } from '../../app/lib/i18n/de'
import { fr } from '../../app/lib/i18n/fr'
import { multilingualEvent, NAMES } from './event-languages-helpers'

// Issue 31 Deliver 1 and 5: a visitor whose browser speaks German reads an event's page and a
// speaker's page in German with JavaScript off — Lectern's words, the days and times (Intl, the
// event's zone), <html lang> — picks French from the plain list of links, and sees every name exactly.

test.describe('an event page for a browser with locale de-DE', () => {
  test.use({ locale: 'de-DE' })

  test('reads the programme in German, follows a speaker, then switches to French by a link', async ({ page, request }) => {
    const slug = await multilingualEvent(request)
    const t = de.event
    await page.goto(`/e/${slug}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 2, name: t.programme })).toBeVisible()
    await expect(page.getByText(t.zone({ zone: 'Europe/London' }))).toBeVisible()
    await expect(page.getByText('10.–11. März 2027 · ExCeL, London')).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Mittwoch, 10. März 2027' })).toBeVisible()
    for (const name of NAMES) await expect(page.getByText(name, { exact: true })).toBeVisible()
    // The English site shell is marked as English.
    await expect(page.locator('div[lang="en"] > header').first()).toBeVisible()

    await page.getByRole('link', { name: 'Talk 1' }).click()
    await expect(page).toHaveURL(new RegExp(`/e/${slug}/[^/?]+$`))
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1, name: NAMES[0] })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: t.about })).toBeVisible()
    await expect(page.getByText('Builds compilers.')).toHaveAttribute('lang', 'en')
    await expect(page.getByText('Mittwoch, 10. März 2027 · 09:00–09:30 · Main Hall')).toBeVisible()

    const languages = page.getByRole('navigation', { name: de.languages.label })
    await expect(languages.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true')
    await languages.getByRole('link', { name: 'Français' }).click()
    await expect(page).toHaveURL(/\?lang=fr$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 2, name: fr.event.about })).toBeVisible()
    await expect(page.getByText('mercredi 10 mars 2027 · 09:00–09:30 · Main Hall')).toBeVisible()
    // The choice is carried back to the programme.
    await page.getByRole('link', { name: /^← Programme de / }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 2, name: fr.event.programme })).toBeVisible()
    for (const name of NAMES) await expect(page.getByText(name, { exact: true })).toBeVisible()
  })
})
