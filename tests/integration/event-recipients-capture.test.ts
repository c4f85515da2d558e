import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { consentTexts } from '~/db/schema/leads'
import { consentNoticeText, shareBoxText } from '~/lib/consent-text'
import { eventConsentText, type EventRecipients } from '~/lib/events'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action, loader } from '~/routes/t.$code'
import { loader as cardLoader } from '~/routes/t.$code_.card.$submission'
import { loader as thanksLoader } from '~/routes/t.$code_.thanks.$submission'
import { claimSpeaker } from './event-fixtures'
import { eventSignUp, liveEvent } from './event-recipients-utils'
import { outboxTo, tokenFrom } from './lead-capture-utils'
import { call, makeRequest } from './utils'

// The attendee page of an event's session (issue 23 Deliver 5): the notice names every recipient,
// 'both' adds an unticked box naming the speaker, and the sign-up stores who received the details
// and the exact wordings in the consent ledger; the attendee's email and thank-you page name them.

const get = (code: string) => call(loader, makeRequest(`/t/${code}`), { code }) as Promise<Response>
const post = (code: string, form: Record<string, string>) =>
  call(action, makeRequest(`/t/${code}`, { form }), { code }) as Promise<Response>

/** The notice as recorded; `contact` is the organiser's (or the claimed speaker's) address. */
function noticeFor(recipients: EventRecipients, organiserName: string, contact: string) {
  return consentNoticeText({
    wording: eventConsentText(),
    speakerName: 'Ada Lovelace',
    brand: 'Lectern',
    privacyUrl: 'http://localhost:3000/privacy-policy',
    contact,
    event: { recipients, organiserName },
  })
}

const contactOf = (email: string) => `Contact: <a href="mailto:${email}">${email}</a>`

async function textOf(hash: string | null) {
  if (!hash) return null
  const [row] = await getDb().select().from(consentTexts).where(eq(consentTexts.hash, hash))
  return row?.text ?? null
}

describe('the attendee page of an event session names every recipient', () => {
  it.each([
    ['organiser', 'the organiser of this event', 'The speaker, Ada Lovelace, does not receive them.'],
    ['speaker', 'Your details go to Ada Lovelace, the speaker', 'does not receive them.'],
    ['both', 'the organiser of this event', 'Ada Lovelace, the speaker, receives them too only if you tick the box below.'],
  ] as const)('%s', async (recipients, first, second) => {
    const fx = await liveEvent(recipients)
    const html = await (await get(fx.speakers.ada.code)).text()
    expect(html).toContain(first)
    expect(html).toContain(second.replace(/'/g, '&#x27;'))
    expect(html).toContain(
      recipients === 'speaker' ? `The organiser, ${fx.workspaceName},` : `${fx.workspaceName}, the organiser`,
    )
    // The heading shows the roster speaker, not the organiser who runs the session until it is claimed.
    expect(html).toContain('<strong>Ada Lovelace</strong>')
    // The organiser's address, only as the notice's labelled contact (GDPR Art. 13).
    expect(html).toContain(contactOf(fx.owner.email))
    expect(html.split(contactOf(fx.owner.email)).join('')).not.toContain(fx.owner.email)
    const box = /<input type="checkbox" name="share_speaker" value="yes"\/>Also share my details with Ada Lovelace, the speaker/
    if (recipients === 'both') expect(html).toMatch(box)
    else expect(html).not.toContain('share_speaker')
  })

  it('keeps the box ticked when the form comes back with an error', async () => {
    const fx = await liveEvent('both')
    const submission = issueSubmissionToken(fx.speakers.ada.sessionId)
    const res = await post(fx.speakers.ada.code, { submission, first_name: 'Grace', email: 'not-an-email', share_speaker: 'yes' })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('<input type="checkbox" name="share_speaker" checked="" value="yes"/>')
  })
})

describe('the sign-up records who received the details and the exact wordings', () => {
  it("'both', box unticked: only the organiser; the ledger holds the notice, the box's wording and the answer", async () => {
    const fx = await liveEvent('both')
    const { lead, consents, email, location } = await eventSignUp(fx.speakers.ada)
    expect(lead).toMatchObject({ toOrganiser: true, toSpeaker: false })
    expect(consents).toHaveLength(1)
    expect(consents[0]).toMatchObject({ recipients: ['organiser'], shareConsent: false })
    expect(await textOf(consents[0]!.noticeHash)).toBe(noticeFor('both', fx.workspaceName, fx.owner.email))
    expect(await textOf(consents[0]!.shareHash)).toBe(
      shareBoxText({ speakerName: 'Ada Lovelace', event: { recipients: 'both', organiserName: fx.workspaceName } }),
    )
    // The attendee's email and thank-you page say who has the details.
    const [mail] = await outboxTo(email)
    expect(mail!.text).toContain(`Your details went to ${fx.workspaceName} (the organiser), who decides how they are used`)
    expect(mail!.text).not.toContain('Ada Lovelace (the speaker)')
    const submissionId = location.split('/').pop()!
    const thanks = (await call(thanksLoader, makeRequest(location), {
      code: fx.speakers.ada.code,
      submission: submissionId,
    })) as Response
    expect(await thanks.text()).toContain(`Your details are with ${fx.workspaceName} (the organiser).`)
  })

  it("'both', box ticked: both receive them, and a resubmission without the tick takes the speaker's copy back", async () => {
    const fx = await liveEvent('both')
    const first = await eventSignUp(fx.speakers.ada, { share_speaker: 'yes' })
    expect(first.lead).toMatchObject({ toOrganiser: true, toSpeaker: true })
    expect(first.consents[0]).toMatchObject({ recipients: ['organiser', 'speaker'], shareConsent: true })
    const [mail] = await outboxTo(first.email)
    expect(mail!.text).toContain(
      `Your details went to ${fx.workspaceName} (the organiser) and Ada Lovelace (the speaker), who each decide how they are used`,
    )
    const thanks = (await call(thanksLoader, makeRequest(first.location), {
      code: fx.speakers.ada.code,
      submission: first.location.split('/').pop()!,
    })) as Response
    expect(await thanks.text()).toContain(
      `Your details are with ${fx.workspaceName} (the organiser) and Ada Lovelace (the speaker).`,
    )

    const again = await eventSignUp(fx.speakers.ada, { email: first.email })
    expect(again.lead.id).toBe(first.lead.id)
    expect(again.lead).toMatchObject({ toOrganiser: true, toSpeaker: false })
    expect(again.consents.map((c) => [c.recipients, c.shareConsent])).toEqual([
      [['organiser', 'speaker'], true],
      [['organiser'], false],
    ])
  })

  it("'speaker': only the speaker; no box, no share wording", async () => {
    const fx = await liveEvent('speaker')
    const { lead, consents, email } = await eventSignUp(fx.speakers.ada, { share_speaker: 'yes' })
    expect(lead).toMatchObject({ toOrganiser: false, toSpeaker: true })
    expect(consents[0]).toMatchObject({ recipients: ['speaker'], shareHash: null, shareConsent: null })
    expect(await textOf(consents[0]!.noticeHash)).toBe(noticeFor('speaker', fx.workspaceName, fx.owner.email))
    expect((await outboxTo(email))[0]!.text).toContain('Your details went to Ada Lovelace (the speaker), who decides')
  })

  it("'organiser': only the organiser, whatever is posted", async () => {
    const fx = await liveEvent('organiser')
    const { lead, consents } = await eventSignUp(fx.speakers.ada, { share_speaker: 'yes' })
    expect(lead).toMatchObject({ toOrganiser: true, toSpeaker: false })
    expect(consents[0]).toMatchObject({ recipients: ['organiser'], shareHash: null, shareConsent: null })
    expect(await textOf(consents[0]!.noticeHash)).toBe(noticeFor('organiser', fx.workspaceName, fx.owner.email))
  })

  it('the instant email reaches exactly the people who received the capture', async () => {
    const fx = await liveEvent('both')
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const told = async () => {
      const out: string[] = []
      for (const person of [fx.owner, fx.admin, ada]) {
        const mails = (await outboxTo(person.email)).filter((m) => m.subject.startsWith('New lead'))
        out.push(
          ...mails.map(
            (m) =>
              `${person.email === ada.email ? 'speaker' : person.id === fx.owner.id ? 'owner' : 'admin'}: ${m.subject.split(' at ')[0]}`,
          ),
        )
      }
      return out.sort()
    }
    await eventSignUp(fx.speakers.ada, { first_name: 'Unticked' })
    await eventSignUp(fx.speakers.ada, { first_name: 'Ticked', share_speaker: 'yes' })
    expect(await told()).toEqual([
      'admin: New lead: Ticked',
      'admin: New lead: Unticked',
      'owner: New lead: Ticked',
      'owner: New lead: Unticked',
      'speaker: New lead: Ticked',
    ])
  })

  it('the page shows the unclaimed roster speaker, and still the same once claimed', async () => {
    const fx = await liveEvent('organiser')
    const before = tokenFrom(await (await get(fx.speakers.ada.code)).text())
    expect(before).toBeTruthy()
    await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const html = await (await get(fx.speakers.ada.code)).text()
    expect(html).toContain('<strong>Ada Lovelace</strong>')
    expect(html).toContain('Engineer, Analytical Engines')
  })
})

// GDPR Art. 13(1)(a): the notice says how to reach whoever decides how the details are used, as the
// personal sessions' notice does ("Contact: {address}", issue 29). On an event's session that is the
// organiser (the workspace owner's sign-in address); when only the speaker receives the details and
// has claimed their page, the speaker's. A new wording version: notices recorded before keep theirs.
describe('the event notice names a contact', () => {
  it.each(['organiser', 'both', 'speaker'] as const)(
    '%s, unclaimed: the organiser’s address, in the page and the ledger',
    async (recipients) => {
      const fx = await liveEvent(recipients)
      expect(await (await get(fx.speakers.ada.code)).text()).toContain(contactOf(fx.owner.email))
      const { consents } = await eventSignUp(fx.speakers.ada)
      const text = await textOf(consents[0]!.noticeHash)
      expect(text).toContain(`\nContact: ${fx.owner.email}\n`)
      expect(text).toBe(noticeFor(recipients, fx.workspaceName, fx.owner.email))
      // The speaker's contact card is the speaker's: the organiser's address never stands in on it.
      const code = fx.speakers.ada.code
      const submission = consents[0]!.submissionId!
      const card = await (
        (await call(cardLoader, makeRequest(`/t/${code}/card/${submission}`), { code, submission })) as Response
      ).text()
      expect(card).toContain('FN:Ada Lovelace')
      expect(card).not.toContain(fx.owner.email)
    },
  )

  it('speaker, claimed: the speaker’s sign-in address; the organiser decides nothing about these details', async () => {
    const fx = await liveEvent('speaker')
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const html = await (await get(fx.speakers.ada.code)).text()
    expect(html).toContain(contactOf(ada.email))
    expect(html).not.toContain(fx.owner.email)
    const { consents } = await eventSignUp(fx.speakers.ada)
    expect(await textOf(consents[0]!.noticeHash)).toBe(noticeFor('speaker', fx.workspaceName, ada.email))
  })

  it('organiser, claimed: still the organiser’s', async () => {
    const fx = await liveEvent('organiser')
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const html = await (await get(fx.speakers.ada.code)).text()
    expect(html).toContain(contactOf(fx.owner.email))
    expect(html).not.toContain(ada.email)
  })

  it('in the page’s language, labelled as the personal notice is', async () => {
    const fx = await liveEvent('organiser')
    const code = fx.speakers.ada.code
    const html = await ((await call(loader, makeRequest(`/t/${code}?lang=de`), { code })) as Response).text()
    expect(html).toContain(`Kontakt: <a href="mailto:${fx.owner.email}">${fx.owner.email}</a>`)
  })
})
