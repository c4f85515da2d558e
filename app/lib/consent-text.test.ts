import { describe, expect, it } from 'vitest'
import { consentNoticeText, consentTextHash, normalizeConsentText } from './consent-text'

const notice = {
  wording: 'Ada will email you the slides.',
  speakerName: 'Ada Lovelace',
  brand: 'Lectern',
  privacyUrl: 'https://lectern.example/privacy-policy',
}

describe('consent text versions', () => {
  it('hashes a text as hex SHA-256 of its normalised form', () => {
    expect(consentTextHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it.each([
    ['same text', 'I agree.', 'I agree.', true],
    ['CRLF vs LF', 'Line one\r\nLine two', 'Line one\nLine two', true],
    ['trailing spaces and outer blank lines', '\n I agree.  \n', ' I agree.', true],
    ['one word changed', 'I agree.', 'I agreed.', false],
    ['case changed', 'I agree.', 'i agree.', false],
    ['inner spacing changed', 'I  agree.', 'I agree.', false],
  ])('%s → same version: %s', (_name, a, b, same) => {
    expect(consentTextHash(a) === consentTextHash(b)).toBe(same)
  })

  it('keeps inner line breaks and leading indentation of later lines', () => {
    expect(normalizeConsentText('a\r\n  b\r\n')).toBe('a\n  b')
  })

  it('the notice names the speaker as the one who receives the data and spells out the privacy link', () => {
    expect(consentNoticeText(notice)).toBe(
      "Ada will email you the slides.\nYour details go to Ada Lovelace, who decides how they are used. Lectern stores them on Ada Lovelace's behalf.\nPrivacy notice: https://lectern.example/privacy-policy",
    )
  })

  it.each([
    ['the speaker’s wording', { wording: 'Other words.' }],
    ['the speaker’s name', { speakerName: 'Grace Hopper' }],
    ['the brand', { brand: 'Podium' }],
    ['the privacy link', { privacyUrl: 'https://other.example/privacy' }],
  ])('a change of %s is a new version', (_name, change) => {
    expect(consentTextHash(consentNoticeText({ ...notice, ...change }))).not.toBe(consentTextHash(consentNoticeText(notice)))
  })

  it('an empty wording still records who receives the data', () => {
    expect(consentNoticeText({ ...notice, wording: '  ' })).toMatch(/^Your details go to Ada Lovelace/)
  })
})
