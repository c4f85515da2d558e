import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { de } from '../../app/lib/i18n/de'
import { multilingualEvent } from './event-languages-helpers'
import { expectNoAxeViolations } from './utils'

// Issue 31: the event pages in a German browser with JavaScript on pass axe, and its language rules
// (WCAG 3.1.1 and 3.1.2: html-has-lang, html-lang-valid, valid-lang) apply and pass: <html lang="de">
// and the parts marked English (the site shell) and each language link marked in its own language.

const LANG_RULES = ['html-has-lang', 'html-lang-valid', 'valid-lang']

async function expectLanguageRulesPass(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(LANG_RULES).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
  expect(results.passes.map((p) => p.id)).toEqual(expect.arrayContaining(LANG_RULES))
}

test.describe('the event pages for a browser with locale de-DE', () => {
  test.use({ locale: 'de-DE' })

  test('are in German and pass axe with its language rules', async ({ page, request }) => {
    const slug = await multilingualEvent(request)
    await page.goto(`/e/${slug}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 2, name: de.event.programme })).toBeVisible()
    await expectLanguageRulesPass(page)
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Talk 1' }).click()
    await expect(page.getByRole('heading', { level: 2, name: de.event.about })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expectLanguageRulesPass(page)
    await expectNoAxeViolations(page)
  })
})
