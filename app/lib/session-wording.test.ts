import { describe, expect, it } from 'vitest'
import { defaultConsentText, defaultMarketingText, wordingsForSpeaker } from './session-wording'

const email = 'tour-1a2b@example.org'

describe('default wordings', () => {
  it('name the speaker (the page adds the controller line, the contact and the privacy link)', () => {
    const text = defaultConsentText({ speaker: 'Ada Lovelace' })
    expect(text).toMatch(/^Ada Lovelace will use the details you enter here/)
    expect(text).toContain('erased')
    expect(defaultMarketingText('Ada Lovelace')).toBe('Yes, Ada Lovelace may also email me about future talks and resources.')
  })

  it('say "the speaker" without a name', () => {
    expect(defaultConsentText({ speaker: null })).toMatch(/^The speaker will use the details you enter here/)
    expect(defaultMarketingText(null)).toBe('Yes, the speaker may also email me about future talks and resources.')
  })
})

describe('wordingsForSpeaker (issue 29 Deliver 7)', () => {
  const written = (speaker: string | null) => ({
    consentText: defaultConsentText({ speaker }),
    marketingText: defaultMarketingText(speaker),
  })

  it('a default written with the account email in place of the name follows the name given since', () => {
    expect(wordingsForSpeaker(written(email), { name: 'Ada Lovelace', accountEmail: email })).toEqual(written('Ada Lovelace'))
  })

  it('…and says "the speaker", not the address, while there is no name', () => {
    const shown = wordingsForSpeaker(written(email), { name: null, accountEmail: email })
    expect(shown).toEqual(written(null))
    expect(JSON.stringify(shown)).not.toContain(email)
  })

  it('a default written without a name follows the name too', () => {
    expect(wordingsForSpeaker(written(null), { name: 'Ada Lovelace', accountEmail: email })).toEqual(written('Ada Lovelace'))
  })

  it('the speaker’s own wording, or a default with an earlier name, shows as stored', () => {
    const own = { consentText: `${email} sends the slides.`, marketingText: '' }
    expect(wordingsForSpeaker(own, { name: 'Ada Lovelace', accountEmail: email })).toEqual(own)
    expect(wordingsForSpeaker(written('Ada King'), { name: 'Ada Lovelace', accountEmail: email })).toEqual(written('Ada King'))
  })
})
