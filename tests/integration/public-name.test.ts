import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { consentTexts, leadConsents, leads } from '~/db/schema/leads'
import { workspaces } from '~/db/schema/workspaces'
import { NAME_NOT_ADDRESS } from '~/lib/public-name'
import { defaultConsentText, defaultMarketingText } from '~/lib/session-wording'
import { setDisplayName } from '~/models/accounts.server'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { loader as directoryLoader } from '~/routes/speakers._index'
import { action as submissionAction } from '~/routes/premium.speaker-profile-submissions/route'
import { action, loader } from '~/routes/t.$code'
import { loader as cardLoader } from '~/routes/t.$code_.card.$submission'
import { loader as thanksLoader } from '~/routes/t.$code_.thanks.$submission'
import { liveEvent } from './event-recipients-utils'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, validForm } from './lead-capture-utils'
import { speakerForm } from './speakers-utils'
import { call, makeRequest, signedInAs } from './utils'

// Issue 29 Deliver 7: in public — the attendee page, its thank-you page and contact card, the
// confirmation email, the consent ledger, an event's notice and the speaker directory — a speaker
// is named by a name, never by the account email standing in for one. The notice keeps the
// address as the controller's contact (GDPR Art. 13), labelled "Contact:".

const get = (code: string) => call(loader, makeRequest(`/t/${code}`), { code }) as Promise<Response>
const contactOf = (email: string) => `Contact: <a href="mailto:${email}">${email}</a>`
/** The page without its labelled contact: what is left must not hold the address anywhere. */
const withoutContact = (html: string, email: string) => html.split(contactOf(email)).join('')

/** A session made before names were asked for: no name, no profile, the default wordings written with the address. */
async function legacySession() {
  const owner = await createOwner(undefined, { profile: false })
  const { session } = await createLiveSession(owner.id, {
    consentText: defaultConsentText({ speaker: owner.email }),
    marketingText: defaultMarketingText(owner.email),
  })
  return { owner, session }
}

async function signUp(session: { id: string; code: string }) {
  const email = attendeeEmail()
  const token = issueSubmissionToken(session.id)
  const res = (await call(action, makeRequest(`/t/${session.code}`, { form: validForm(token, { email, marketing: 'yes' }) }), {
    code: session.code,
  })) as Response
  expect(res.status).toBe(303)
  return { email, submission: token.split('.')[0]! }
}

describe('the attendee page of a speaker without a name', () => {
  it('names nobody by the address: heading, title, notice and wordings say "the speaker"; the address is the labelled contact', async () => {
    const { owner, session } = await legacySession()
    const html = await (await get(session.code)).text()
    expect(html).toContain(contactOf(owner.email))
    expect(html.split(owner.email)).toHaveLength(3) // the link's href and its text, nowhere else
    expect(withoutContact(html, owner.email)).not.toContain(owner.email)
    expect(html).toContain('<title>Engines of Tomorrow</title>')
    expect(html).toContain('The speaker will use the details you enter here')
    expect(html).toContain('Yes, the speaker may also email me about future talks and resources.')
    expect(html).toContain('Your details go to the speaker, who decides how they are used.')
    // No name, photo or role: the page has no speaker line at all.
    expect(html).not.toContain('class="who"')
  })

  it('the confirmation email, the thank-you page and the ledger hold no address as a name; the ledger keeps the contact line', async () => {
    const { owner, session } = await legacySession()
    const { email, submission } = await signUp(session)
    const [mail] = await outboxTo(email)
    expect(mail!.subject).toBe('The slides, from the speaker')
    expect(mail!.text).not.toContain(owner.email)
    expect(mail!.html).not.toContain(owner.email)
    expect(mail!.text).toContain('Your details went to the speaker, who decides how they are used')

    const thanks = (await call(thanksLoader, makeRequest(`/t/${session.code}/thanks/${submission}`), {
      code: session.code,
      submission,
    })) as Response
    const page = await thanks.text()
    expect(page).not.toContain(owner.email)
    expect(page).toContain('Your details are with the speaker.')

    const [lead] = await getDb().select().from(leads).where(eq(leads.email, email))
    const [consent] = await getDb().select().from(leadConsents).where(eq(leadConsents.leadId, lead!.id))
    const [notice] = await getDb().select().from(consentTexts).where(eq(consentTexts.hash, consent!.noticeHash))
    expect(notice!.text.split('\n')).toEqual([
      defaultConsentText({ speaker: null }),
      "Your details go to the speaker, who decides how they are used. Lectern stores them on the speaker's behalf.",
      `Contact: ${owner.email}`,
      'Privacy notice: http://localhost:3000/privacy-policy',
    ])
    const [marketing] = await getDb().select().from(consentTexts).where(eq(consentTexts.hash, consent!.marketingHash!))
    expect(marketing!.text).toBe(defaultMarketingText(null))

    // The contact card still carries the address, as the card's email, not as its name.
    const card = await (
      (await call(cardLoader, makeRequest(`/t/${session.code}/card/${submission}`), {
        code: session.code,
        submission,
      })) as Response
    ).text()
    expect(card).toContain('FN:The speaker')
    expect(card).toContain(`EMAIL;TYPE=INTERNET:${owner.email}`)
  })

  it('once the speaker gives a name, the page and the default wordings use it; the contact stays labelled', async () => {
    const { owner, session } = await legacySession()
    await setDisplayName(owner, 'Ada Okafor')
    const html = await (await get(session.code)).text()
    expect(html).toContain('<strong>Ada Okafor</strong>')
    expect(html).toContain('Ada Okafor will use the details you enter here')
    expect(html).toContain('Yes, Ada Okafor may also email me about future talks and resources.')
    expect(html).toContain('Your details go to Ada Okafor, who decides how they are used.')
    expect(html).toContain(contactOf(owner.email))
    expect(withoutContact(html, owner.email)).not.toContain(owner.email)
    const { email } = await signUp(session)
    const [mail] = await outboxTo(email)
    expect(mail!.subject).toBe('The slides, from Ada Okafor')
    expect(mail!.text).not.toContain(owner.email)
  })

  it('a speaker’s own wording shows as written', async () => {
    const owner = await createOwner(undefined, { profile: false })
    const { session } = await createLiveSession(owner.id)
    const html = await (await get(session.code)).text()
    expect(html).toContain('Ada will email you the slides and may follow up about this talk.')
    expect(withoutContact(html, owner.email)).not.toContain(owner.email)
  })
})

describe('an event whose organiser workspace is still named by an address', () => {
  it('the notice says "the organiser of this event", never the address (but as the labelled contact)', async () => {
    const fx = await liveEvent('organiser')
    await getDb().update(workspaces).set({ name: fx.owner.email }).where(eq(workspaces.id, fx.workspaceId))
    const html = await (await get(fx.speakers.ada.code)).text()
    // The address is the organiser's contact, labelled as one (GDPR Art. 13), and nowhere else.
    expect(html).toContain(contactOf(fx.owner.email))
    expect(withoutContact(html, fx.owner.email)).not.toContain(fx.owner.email)
    expect(html).toContain('Your details go to the organiser of this event, who decides how they are used.')
    expect(html).toContain('Ada Lovelace')
  })
})

describe('the speaker directory', () => {
  it('refuses the account email as a profile’s name by the field; the directory never lists it', async () => {
    const { user, cookie } = await signedInAs(`tour-dir-${Math.random().toString(36).slice(2)}@example.org`)
    const res = (await call(
      submissionAction,
      makeRequest('/premium/speaker-profile-submissions', { form: speakerForm({ name: user.email }), cookie }),
    )) as unknown as { init?: { status?: number }; data: { result: { error?: Record<string, string[]> } } }
    expect(res.init?.status).toBe(400)
    expect(res.data.result.error?.name).toEqual([NAME_NOT_ADDRESS])
    const directory = (await call(directoryLoader, makeRequest('/speakers'))) as { speakers: unknown[]; total: number }
    expect(JSON.stringify(directory.speakers)).not.toContain(user.email)
  })
})
