import { describe, expect, it } from 'vitest'
import { PREFERRED_CURRENCY_COOKIE } from '~/lib/constants'
import { LANGUAGE_COOKIE } from '~/lib/i18n/languages'
import { CONSENT_COOKIE } from '~/services/consent.server'
import { FEEDBACK_COOKIE } from '~/services/feedback-cookie.server'
import { cookiesInUse } from './legal-trust-cookies'

// The cookie policy lists every cookie the site sets by its real name: the attendee's language
// (issue 31) and the feedback answer's browser reference (issue 33, strictly necessary, so no banner).
describe('the cookie policy names the cookies the code sets', () => {
  const byName = new Map(cookiesInUse.map((c) => [c.name, c]))

  it('lists each named cookie once', () => {
    for (const name of [
      CONSENT_COOKIE,
      PREFERRED_CURRENCY_COOKIE,
      LANGUAGE_COOKIE,
      FEEDBACK_COOKIE,
      'lectern_toast',
      'lectern_workspace',
    ])
      expect(byName.has(name), name).toBe(true)
    expect(byName.size).toBe(cookiesInUse.length)
  })

  it('files the feedback reference as strictly necessary and the language as a preference', () => {
    expect(byName.get(FEEDBACK_COOKIE)?.category).toBe('Strictly necessary')
    expect(byName.get(LANGUAGE_COOKIE)?.category).toBe('Preference')
  })
})
