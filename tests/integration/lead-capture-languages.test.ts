import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { consentTexts, leadConsents, leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import { consentTextHash } from '~/lib/consent-text'
import { de } from '~/lib/i18n/de'
import { en } from '~/lib/i18n/en'
import { fr } from '~/lib/i18n/fr'
import { LANGUAGES } from '~/lib/i18n/languages'
import type { SessionTranslations } from '~/lib/i18n/session-translations'
import { defaultConsentText, defaultMarketingText } from '~/lib/session-wording'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { loader as personLoader } from '~/routes/app.leads_.$id/route'
import { loader as exportLoader } from '~/routes/app.leads_.$id_.export'
import { action as languagesAction, loader as languagesLoader } from '~/routes/app.sessions.$id.languages'
import { action, loader } from '~/routes/t.$code'
import { loader as eraseLoader } from '~/routes/t.$code_.erase.$token'
import { loader as thanksLoader } from '~/routes/t.$code_.thanks.$submission'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, tokenFrom, validForm } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// Issue 31: the attendee's language on /t/{code} — negotiated (explicit ?lang, cookie,
// Accept-Language, the workspace's language) among the languages the session offers; the page,
// its errors, the ledger row, the thank-you page and the confirmation email in that language.

const get = (code: string, query = '', headers: Record<string, string> = {}) =>
  call(loader, makeRequest(`/t/${code}${query}`, { headers: { 'User-Agent': 'test', ...headers } }), {
    code,
  }) as Promise<Response>
const post = (code: string, form: Record<string, string | string[]>, headers: Record<string, string> = {}) =>
  call(action, makeRequest(`/t/${code}`, { form, headers: { 'User-Agent': 'test', ...headers } }), { code }) as Promise<Response>

/** A session on Lectern's default wording (which exists in every language). */
async function defaultSession(overrides: Parameters<typeof createLiveSession>[1] = {}) {
  const owner = await createOwner()
  const { session } = await createLiveSession(owner.id, {
    consentText: defaultConsentText({ speaker: 'Ada Lovelace' }),
    marketingText: defaultMarketingText('Ada Lovelace'),
    ...overrides,
  })
  return { owner, session }
}

const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1]

describe('the language of the attendee page', () => {
  it('follows Accept-Language (regional tags by their language), says so in <html lang>, Content-Language and Vary', async () => {
    const { session } = await defaultSession()
    const res = await get(session.code, '', { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Language')).toBe('de')
    expect(res.headers.get('Vary')).toBe('Accept-Language, Cookie')
    const html = await res.text()
    expect(htmlLang(html)).toBe('de')
    expect(html).toContain(`>${de.fields.firstName}<`)
    expect(html).toContain(de.page.submit)
    expect(html).toContain(de.consent.defaultWording({ speakerStart: 'Ada Lovelace' }))
    expect(html).toContain(de.consent.controller({ speaker: 'Ada Lovelace', brand: 'Lectern' }))
    expect(html).not.toContain(en.page.submit)
    // The talk's words stay as written.
    expect(html).toContain('<h1>Engines of Tomorrow</h1>')

    const pt = await (await get(session.code, '', { 'Accept-Language': 'pt-BR' })).text()
    expect(htmlLang(pt)).toBe('pt')
  })

  it('lists every offered language as a plain link; an explicit choice beats the cookie and the header', async () => {
    const { session } = await defaultSession()
    const html = await (
      await get(session.code, '?lang=fr&via=lang', { 'Accept-Language': 'de', Cookie: 'lectern-lang=es' })
    ).text()
    expect(htmlLang(html)).toBe('fr')
    expect(html).toContain(`<nav aria-label="${fr.languages.label}" class="langs">`)
    for (const language of LANGUAGES) expect(html).toContain(`href="/t/${session.code}?lang=${language}&amp;via=lang"`)
    expect(html).toMatch(/<a href="[^"]+lang=fr[^"]*" hrefLang="fr" lang="fr" aria-current="true">Français<\/a>/)
    // The cookie beats the header; garbage falls back to the workspace's language.
    expect(htmlLang(await (await get(session.code, '', { 'Accept-Language': 'de', Cookie: 'lectern-lang=es' })).text())).toBe(
      'es',
    )
    expect(htmlLang(await (await get(session.code, '', { 'Accept-Language': '*;q=x,;;,' })).text())).toBe('en')
  })

  it('falls back to the workspace language, and a speaker may fix one language for the session', async () => {
    const { owner, session } = await defaultSession()
    await getDb().update(workspaces).set({ language: 'nl' }).where(eq(workspaces.id, owner.id))
    expect(htmlLang(await (await get(session.code, '', { 'Accept-Language': 'ja' })).text())).toBe('nl')

    const fixed = await defaultSession({ language: 'it' })
    const html = await (await get(fixed.session.code, '?lang=de', { 'Accept-Language': 'fr' })).text()
    expect(htmlLang(html)).toBe('it')
    expect(html).not.toContain('class="langs"')
  })

  it('offers a language only when the speaker’s own consent wording exists in it', async () => {
    const owner = await createOwner()
    // createLiveSession's wording is the speaker's own, written in the workspace's language (English).
    const { session } = await createLiveSession(owner.id)
    const html = await (await get(session.code, '', { 'Accept-Language': 'de' })).text()
    expect(htmlLang(html)).toBe('en')
    expect(html).not.toContain('class="langs"')

    const translations: SessionTranslations = {
      de: {
        consentText: 'Ada schickt Ihnen die Folien und meldet sich vielleicht zu diesem Vortrag.',
        marketingText: 'Schicken Sie mir auch Adas monatlichen Newsletter',
        offerTitle: 'Die Folien',
      },
    }
    const { session: translated } = await createLiveSession(owner.id, { translations })
    const page = await (await get(translated.code, '', { 'Accept-Language': 'de' })).text()
    expect(htmlLang(page)).toBe('de')
    expect(page).toContain(translations.de!.consentText)
    expect(page).toContain('<strong>Die Folien</strong>')
    // Not translated: shown as written, marked with the language it is written in.
    expect(page).toContain('<span lang="en">All 42 slides as a PDF</span>')
    expect(page).toContain('<legend lang="en">Your role</legend>')
    expect(page).toMatch(/href="[^"]+lang=de[^"]*"/)
    expect(page).not.toMatch(/href="[^"]+lang=fr[^"]*"/)
  })

  it('stays within the 14 KB first-view budget in every language, with every text translated and long', async () => {
    const owner = await createOwner()
    const long = (n: number) => 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil(n / 57)).slice(0, n)
    const options = Array.from({ length: 10 }, (_, i) => `Option ${i + 1}: ${long(60)}`)
    const questions = [
      { id: 'a', kind: 'single' as const, label: long(200), required: true, options },
      { id: 'b', kind: 'multi' as const, label: long(200), required: false, options },
      { id: 'c', kind: 'rating' as const, label: long(200), required: true, options: [] },
    ]
    const translations: SessionTranslations = Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        {
          consentText: long(1000),
          marketingText: long(300),
          offerTitle: long(120),
          offerPromise: long(200),
          questions: Object.fromEntries(questions.map((q) => [q.id, { label: long(200), options }])),
        },
      ]),
    )
    const { session } = await createLiveSession(owner.id, {
      headline: long(200),
      offerTitle: long(120),
      offerPromise: long(200),
      consentText: long(1000),
      marketingText: long(300),
      questions,
      translations,
    })
    const sizes: Record<string, number> = {}
    for (const language of LANGUAGES) {
      const html = await (await get(session.code, `?lang=${language}`)).text()
      expect(htmlLang(html)).toBe(language)
      expect(html).toContain('class="langs"')
      sizes[language] = gzipSync(html).length
      expect(html).not.toMatch(/<link(?! rel="icon" href="data:)|<script[^>]+src=|<img/)
    }
    for (const language of LANGUAGES) expect(sizes[language], language).toBeLessThanOrEqual(14 * 1024)
  })
})

describe('a sign-up in the attendee’s language', () => {
  it('records the language and the exact wording shown; the thank-you page and the email are in it', async () => {
    const { session } = await defaultSession()
    const page = await (await get(session.code, '', { 'Accept-Language': 'fr-FR' })).text()
    const email = attendeeEmail()
    const res = await post(session.code, {
      ...validForm(tokenFrom(page), { email, first_name: 'Zoë' }),
      lang: 'fr',
      marketing: 'yes',
    })
    expect(res.status).toBe(303)
    // Not chosen from the list: nothing to remember.
    expect(res.headers.get('Set-Cookie')).toBeNull()

    const [lead] = await getDb().select().from(leads).where(eq(leads.email, email))
    expect(lead!.firstName).toBe('Zoë')
    const [row] = await getDb().select().from(leadConsents).where(eq(leadConsents.leadId, lead!.id))
    expect(row!.language).toBe('fr')
    const [notice] = await getDb().select().from(consentTexts).where(eq(consentTexts.hash, row!.noticeHash))
    expect(notice!.text).toBe(
      [
        fr.consent.defaultWording({ speakerStart: 'Ada Lovelace' }),
        fr.consent.controller({ speaker: 'Ada Lovelace', brand: 'Lectern' }),
        fr.consent.contactLine({ contact: (await ownerEmailOf(session.workspaceId))! }),
        fr.consent.privacyLine({ url: `${getConfig().appUrl}/privacy-policy` }),
      ].join('\n'),
    )
    expect(row!.noticeHash).toBe(consentTextHash(notice!.text))
    const [marketing] = await getDb().select().from(consentTexts).where(eq(consentTexts.hash, row!.marketingHash!))
    expect(marketing!.text).toBe(fr.consent.defaultMarketing({ speaker: 'Ada Lovelace' }))

    const location = res.headers.get('Location')!
    const submission = location.split('/').pop()!
    const thanks = (await call(thanksLoader, makeRequest(location), { code: session.code, submission })) as Response
    const thanksHtml = await thanks.text()
    expect(htmlLang(thanksHtml)).toBe('fr')
    expect(thanksHtml).toContain(fr.thanks.heading({ firstName: 'Zoë' }))
    expect(thanksHtml).toContain(fr.thanks.keepInTouch)

    const [mail] = await outboxTo(email)
    expect(mail!.subject).toBe(fr.email.subjectOffer({ offer: 'The slides', speaker: 'Ada Lovelace' }))
    expect(mail!.text).toContain(
      fr.email.opening({ firstName: 'Zoë', speaker: 'Ada Lovelace', talk: 'Engines of Tomorrow', event: 'DevConf 2026' }),
    )
    expect(mail!.html).toContain('<html lang="fr">')
    const erase = /\/t\/[^/]+\/erase\/([A-Za-z0-9_-]{43})\?lang=fr/.exec(mail!.text)
    expect(erase).not.toBeNull()
    const erasePage = (await call(eraseLoader, makeRequest(`/t/${session.code}/erase/${erase![1]}?lang=fr`), {
      code: session.code,
      token: erase![1]!,
    })) as Response
    expect(await erasePage.text()).toContain(fr.erase.button)
  })

  it('answers errors in the language shown and remembers an explicit choice only on the sign-up POST', async () => {
    const { session } = await defaultSession()
    const chosen = await get(session.code, '?lang=de&via=lang')
    expect(chosen.headers.get('Set-Cookie')).toBeNull()
    const page = await chosen.text()
    expect(page).toContain('name="lang_chosen" value="1"')

    const bad = await post(session.code, {
      ...validForm(tokenFrom(page), { email: 'zoë@example.com' }),
      lang: 'de',
      lang_chosen: '1',
    })
    expect(bad.status).toBe(400)
    const html = await bad.text()
    expect(htmlLang(html)).toBe('de')
    expect(html).toContain(de.errors.emailUnicode)
    expect(html).toContain(de.page.checkFields({ count: 1 }))

    const ok = await post(session.code, { ...validForm(tokenFrom(page)), lang: 'de', lang_chosen: '1' })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('Set-Cookie')).toMatch(/^lectern-lang=de; Path=\/; Max-Age=\d+; SameSite=Lax/)
  })

  it('stores and shows names in any script exactly; a domain in any script is kept in its ASCII form', async () => {
    const { session } = await defaultSession()
    for (const name of ['Zoë', 'Łukasz', '李雷', 'محمد']) {
      const email = attendeeEmail().replace('@example.com', '@bücher.example')
      const res = await post(session.code, {
        ...validForm(issueSubmissionToken(session.id), { first_name: name, email }),
        lang: 'en',
      })
      expect(res.status).toBe(303)
      const ascii = email.replace('@bücher.example', '@xn--bcher-kva.example')
      const [lead] = await getDb().select().from(leads).where(eq(leads.email, ascii))
      expect(lead!.firstName).toBe(name)
      const location = res.headers.get('Location')!
      const thanks = (await call(thanksLoader, makeRequest(location), {
        code: session.code,
        submission: location.split('/').pop()!,
      })) as Response
      expect(await thanks.text()).toContain(`Thanks, ${name}!`)
    }
  })

  it('an unknown or unoffered posted language falls back to negotiation', async () => {
    const { session } = await defaultSession({ language: 'es' })
    const res = await post(session.code, { ...validForm(issueSubmissionToken(session.id), { email: '' }), lang: 'de' })
    expect(res.status).toBe(400)
    expect(htmlLang(await res.text())).toBe('es')
  })
})

async function ownerEmailOf(workspaceId: string) {
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, workspaceId))
  return row?.email
}

describe('the ledger in the language shown', () => {
  it('keeps each version of a corrected translation; the person’s page and the lawful export show language and words', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const v1 = 'Ada schickt Ihnen die Folien und meldet sich eventuell zu diesem Vortrag.'
    const v2 = 'Ada schickt Ihnen die Folien und meldet sich vielleicht zu diesem Vortrag.'
    const marketing = 'Schicken Sie mir auch Adas monatlichen Newsletter'
    const { session } = await createLiveSession(owner.id, { translations: { de: { consentText: v1, marketingText: marketing } } })
    const email = attendeeEmail()
    const signUp = async () => {
      const page = await (await get(session.code, '', { 'Accept-Language': 'de' })).text()
      const res = await post(session.code, { ...validForm(tokenFrom(page), { email }), lang: 'de' })
      expect(res.status).toBe(303)
    }
    await signUp()
    // The speaker corrects the German wording: the next sign-up records a new version.
    await getDb()
      .update(talkSessions)
      .set({ translations: { de: { consentText: v2, marketingText: marketing } } })
      .where(eq(talkSessions.id, session.id))
    await signUp()
    // And once in English, the session's own words.
    const english = await (await get(session.code, '?lang=en')).text()
    expect((await post(session.code, { ...validForm(tokenFrom(english), { email }), lang: 'en' })).status).toBe(303)

    const [lead] = await getDb().select().from(leads).where(eq(leads.email, email))
    const rows = await getDb().select().from(leadConsents).where(eq(leadConsents.leadId, lead!.id)).orderBy(leadConsents.id)
    expect(rows.map((r) => r.language)).toEqual(['de', 'de', 'en'])
    const texts = await Promise.all(
      rows.map(async (r) => (await getDb().select().from(consentTexts).where(eq(consentTexts.hash, r.noticeHash)))[0]!.text),
    )
    expect(texts[0]!.startsWith(v1)).toBe(true)
    expect(texts[1]!.startsWith(v2)).toBe(true)
    expect(texts[2]!.startsWith('Ada will email you the slides')).toBe(true)
    expect(new Set(rows.map((r) => r.noticeHash)).size).toBe(3)
    expect(texts[0]).toContain(de.consent.controller({ speaker: 'Ada Lovelace', brand: getConfig().BRAND_NAME }))

    const [person] = await getDb().select().from(contacts).where(eq(contacts.email, email))
    const cookie = await sessionCookie(owner.id)
    const res = (await call(exportLoader, makeRequest(`/app/leads/${person!.id}/export`, { cookie }), {
      id: person!.id,
    })) as Response
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      consents: Array<{ language: string; notice: string; noticeHash: string; marketingText: string | null }>
    }
    // Newest first.
    expect(body.consents.map((c) => [c.language, c.notice, c.noticeHash])).toEqual([
      ['en', texts[2], rows[2]!.noticeHash],
      ['de', texts[1], rows[1]!.noticeHash],
      ['de', texts[0], rows[0]!.noticeHash],
    ])
    expect(body.consents[1]!.marketingText).toBe(marketing)

    const view = (await call(personLoader, makeRequest(`/app/leads/${person!.id}`, { cookie }), { id: person!.id })) as {
      consents: Array<{ language: string; notice: string; noticeHash: string }>
    }
    expect(view.consents.map((c) => c.language)).toEqual(['en', 'de', 'de'])
    expect(view.consents[2]!.notice).toBe(texts[0])
  })
})

describe('the session’s Languages page', () => {
  const languagesUrl = (id: string) => `/app/sessions/${id}/languages`

  it('fixes a language or follows the attendee, stores the speaker’s translations and says which languages are complete', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id)
    const cookie = await sessionCookie(owner.id)
    const before = (await call(languagesLoader, makeRequest(languagesUrl(session.id), { cookie }), { id: session.id })) as {
      status: Array<{ language: string; offered: boolean; complete: boolean }>
      base: string
    }
    expect(before.base).toBe('en')
    expect(before.status.filter((s) => s.offered).map((s) => s.language)).toEqual(['en'])

    // Options must be given all or none, in the speaker's order.
    const bad = (await call(
      languagesAction,
      makeRequest(languagesUrl(session.id), {
        cookie,
        form: { mode: 'follow', 'translations.de.q_role_options': 'Technik\nMarketing' },
      }),
      { id: session.id },
    )) as { data: { errors: Record<string, string[]> }; init: { status: number } }
    expect(bad.init.status).toBe(400)
    expect(bad.data.errors['translations.de.q_role_options']).toEqual(['Give all 3 options, one per line, in the same order'])

    const ok = (await call(
      languagesAction,
      makeRequest(languagesUrl(session.id), {
        cookie,
        form: {
          mode: 'follow',
          'translations.de.consentText': 'Ada schickt Ihnen die Folien.',
          'translations.de.marketingText': 'Auch Adas Newsletter',
          'translations.de.q_role_label': 'Ihre Rolle',
          'translations.de.q_role_options': 'Technik\nMarketing\nVertrieb',
        },
      }),
      { id: session.id },
    )) as Response
    expect(ok.status).toBe(302)
    const [row] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id))
    expect(row!.language).toBeNull()
    expect(row!.translations).toEqual({
      de: {
        consentText: 'Ada schickt Ihnen die Folien.',
        marketingText: 'Auch Adas Newsletter',
        questions: { role: { label: 'Ihre Rolle', options: ['Technik', 'Marketing', 'Vertrieb'] } },
      },
    })
    const page = await (await get(session.code, '', { 'Accept-Language': 'de' })).text()
    expect(htmlLang(page)).toBe('de')
    expect(page).toContain('<legend>Ihre Rolle</legend>')
    // The option's label is translated; the value posted and stored stays the speaker's.
    expect(page).toContain('<input type="radio" name="q_role" value="Engineering"/><span>Technik</span>')

    await call(languagesAction, makeRequest(languagesUrl(session.id), { cookie, form: { mode: 'fr' } }), { id: session.id })
    const [fixed] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id))
    expect(fixed!.language).toBe('fr')
    expect(fixed!.translations).toEqual({})
  })

  it('carries the speaker’s thank-you message per language onto the thank-you page, marked where it stays in its own', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id, {
      consentText: defaultConsentText({ speaker: 'Ada Lovelace' }),
      marketingText: '',
      thanksMessage: 'Thank you for coming!\nThe recording follows on Friday.',
    })
    const cookie = await sessionCookie(owner.id)
    const tooLong = (await call(
      languagesAction,
      makeRequest(languagesUrl(session.id), {
        cookie,
        form: { mode: 'follow', 'translations.de.thanksMessage': 'x'.repeat(501) },
      }),
      { id: session.id },
    )) as { data: { errors: Record<string, string[]> }; init: { status: number } }
    expect(tooLong.init.status).toBe(400)
    expect(tooLong.data.errors['translations.de.thanksMessage']).toEqual(['Thank-you message: use 500 characters or fewer'])

    const saved = (await call(
      languagesAction,
      makeRequest(languagesUrl(session.id), {
        cookie,
        form: {
          mode: 'follow',
          'translations.de.thanksMessage': 'Danke, dass Sie da waren!\nDie Aufzeichnung folgt am Freitag.',
        },
      }),
      { id: session.id },
    )) as Response
    expect(saved.status).toBe(302)
    const form = (await call(languagesLoader, makeRequest(languagesUrl(session.id), { cookie }), { id: session.id })) as {
      values: Record<string, string>
    }
    expect(form.values['translations.de.thanksMessage']).toBe('Danke, dass Sie da waren!\nDie Aufzeichnung folgt am Freitag.')

    const thanksIn = async (language: string) => {
      const page = await (await get(session.code, '', { 'Accept-Language': language })).text()
      const res = await post(session.code, { ...validForm(tokenFrom(page), { email: attendeeEmail() }), lang: language })
      expect(res.status).toBe(303)
      const location = res.headers.get('Location')!
      const thanks = (await call(thanksLoader, makeRequest(location), {
        code: session.code,
        submission: location.split('/').pop()!,
      })) as Response
      return thanks.text()
    }
    const german = await thanksIn('de')
    expect(htmlLang(german)).toBe('de')
    expect(german).toContain('<p class="said"><span>Danke, dass Sie da waren!\nDie Aufzeichnung folgt am Freitag.</span></p>')
    // No French given: the speaker's own words, marked as English inside the French page (WCAG 3.1.2).
    const french = await thanksIn('fr')
    expect(htmlLang(french)).toBe('fr')
    expect(french).toContain('<p class="said"><span lang="en">Thank you for coming!\nThe recording follows on Friday.</span></p>')
  })

  it('is not found for another workspace’s session', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const stranger = await sessionCookie((await createOwner()).id)
    const res = await call(languagesLoader, makeRequest(languagesUrl(session.id), { cookie: stranger }), { id: session.id })
    expect((res as Response).status).toBe(404)
    const post = await call(languagesAction, makeRequest(languagesUrl(session.id), { cookie: stranger, form: { mode: 'de' } }), {
      id: session.id,
    })
    expect((post as Response).status).toBe(404)
    const [row] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id))
    expect(row!.language).toBeNull()
  })
})
