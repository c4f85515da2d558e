import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { de } from '../../app/lib/i18n/de'
import { fr } from '../../app/lib/i18n/fr'
import { createLeadSession } from './lead-capture-helpers'
import { expectNoAxeViolations, uniqueEmail } from './utils'

// Issue 31: the attendee page in the browser's language with JavaScript on, and axe's language
// rules (WCAG 3.1.1 and 3.1.2: html-has-lang, html-lang-valid, valid-lang) passing on each page.

const LANG_RULES = ['html-has-lang', 'html-lang-valid', 'valid-lang']

async function expectLanguageRulesPass(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(LANG_RULES).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
  // html-has-lang and html-lang-valid always apply; valid-lang only where a part is marked.
  const passed = results.passes.map((p) => p.id)
  expect(passed).toEqual(expect.arrayContaining(['html-has-lang', 'html-lang-valid']))
  return passed
}

for (const { locale, lang, t } of [
  { locale: 'de-DE', lang: 'de', t: de },
  { locale: 'fr-FR', lang: 'fr', t: fr },
] as const) {
  test.describe(`locale ${locale} with JavaScript`, () => {
    test.use({ locale })

    test('the page, its sign-up and the thank-you page are in the language; axe finds nothing', async ({ page, request }) => {
      const { code } = await createLeadSession(request, uniqueEmail('speaker'), { wording: 'default' })
      await page.goto(`/t/${code}`)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByRole('button', { name: t.page.submit })).toBeVisible()
      // The language links name each language in itself, marked with its lang (valid-lang applies).
      const passed = await expectLanguageRulesPass(page)
      expect(passed).toContain('valid-lang')
      await expectNoAxeViolations(page)

      await page.getByLabel(t.fields.firstName).fill('محمد')
      await page.getByLabel(t.fields.email, { exact: true }).fill(uniqueEmail(`js-${lang}`))
      await page.getByRole('radio', { name: 'Engineering' }).check()
      await page.getByRole('button', { name: t.page.submit }).click()
      await expect(page.getByRole('heading', { level: 1, name: t.thanks.heading({ firstName: 'محمد' }) })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expectLanguageRulesPass(page)
      await expectNoAxeViolations(page)
    })
  })
}

test.describe('a session on the speaker’s own English wording', () => {
  test.use({ locale: 'de-DE' })

  test('is shown in English to a German browser, with no language list', async ({ page, request }) => {
    const { code } = await createLeadSession(request, uniqueEmail('speaker'))
    await page.goto(`/t/${code}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('navigation', { name: 'Language' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Send my details' })).toBeVisible()
    await expectLanguageRulesPass(page)
  })
})
