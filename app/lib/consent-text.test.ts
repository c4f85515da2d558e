import { describe, expect, it } from 'vitest'
import {
  consentNoticeText,
  consentTextHash,
  contactLine,
  controllerLine,
  joinNames,
  normalizeConsentText,
  receivedBy,
  recipientsLine,
  shareBoxText,
} from './consent-text'

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

  it('gives the controller’s contact on its own labelled line, never in place of the name (issue 29 Deliver 7)', () => {
    expect(consentNoticeText({ ...notice, contact: 'ada@example.org' })).toBe(
      "Ada will email you the slides.\nYour details go to Ada Lovelace, who decides how they are used. Lectern stores them on Ada Lovelace's behalf.\nContact: ada@example.org\nPrivacy notice: https://lectern.example/privacy-policy",
    )
    expect(contactLine('ada@example.org')).toBe('Contact: ada@example.org')
    // A notice with a contact is a version of its own; the ones recorded without it stay as they were.
    expect(consentTextHash(consentNoticeText({ ...notice, contact: 'ada@example.org' }))).not.toBe(
      consentTextHash(consentNoticeText(notice)),
    )
  })

  it('an empty wording still records who receives the data', () => {
    expect(consentNoticeText({ ...notice, wording: '  ' })).toMatch(/^Your details go to Ada Lovelace/)
  })
})

describe('an event session’s notice names every recipient (issue 23 Deliver 5)', () => {
  const on = (recipients: 'organiser' | 'speaker' | 'both') => ({
    ...notice,
    event: { recipients, organiserName: 'DevConf' },
  })

  it.each([
    [
      'organiser',
      "Your details go to DevConf, the organiser of this event, who decides how they are used. The speaker, Ada Lovelace, does not receive them. Lectern stores them on DevConf's behalf.",
    ],
    [
      'speaker',
      "Your details go to Ada Lovelace, the speaker, who decides how they are used. The organiser, DevConf, does not receive them. Lectern stores them on Ada Lovelace's behalf.",
    ],
    [
      'both',
      'Your details go to DevConf, the organiser of this event, who decides how they are used. Ada Lovelace, the speaker, receives them too only if you tick the box below. Lectern stores them on their behalf.',
    ],
  ] as const)('%s: %s', (recipients, line) => {
    expect(recipientsLine(on(recipients))).toBe(line)
    expect(consentNoticeText(on(recipients))).toBe(
      `Ada will email you the slides.\n${line}\nPrivacy notice: https://lectern.example/privacy-policy`,
    )
  })

  it.each([
    [
      'organiser',
      "Your details go to the organiser of this event, who decides how they are used. The speaker, Ada Lovelace, does not receive them. Lectern stores them on the organiser's behalf.",
    ],
    [
      'speaker',
      "Your details go to Ada Lovelace, the speaker, who decides how they are used. The organiser does not receive them. Lectern stores them on Ada Lovelace's behalf.",
    ],
    [
      'both',
      'Your details go to the organiser of this event, who decides how they are used. Ada Lovelace, the speaker, receives them too only if you tick the box below. Lectern stores them on their behalf.',
    ],
  ] as const)('an organiser whose workspace has no name (an address) is "the organiser": %s', (recipients, line) => {
    const nameless = { ...notice, event: { recipients, organiserName: null } }
    expect(recipientsLine(nameless)).toBe(line)
    expect(receivedBy(nameless, { toOrganiser: true, toSpeaker: false })).toEqual(['the organiser of this event'])
  })

  it('only "both" has the box, and it names the speaker', () => {
    expect(shareBoxText(on('both'))).toBe(
      'Also share my details with Ada Lovelace, the speaker, who may then contact me about this talk',
    )
    expect(shareBoxText(on('organiser'))).toBeNull()
    expect(shareBoxText(on('speaker'))).toBeNull()
    expect(shareBoxText(notice)).toBeNull()
  })

  it('each choice, and each organiser’s name, is its own version of the notice', () => {
    const hashes = [
      on('organiser'),
      on('speaker'),
      on('both'),
      { ...on('both'), event: { recipients: 'both' as const, organiserName: 'PyCon' } },
      notice,
    ].map((n) => consentTextHash(consentNoticeText(n)))
    expect(new Set(hashes).size).toBe(5)
  })

  it('outside events the notice is unchanged: the speaker is the one recipient', () => {
    expect(recipientsLine(notice)).toBe(controllerLine(notice))
    expect(receivedBy(notice, { toOrganiser: true, toSpeaker: true })).toEqual(['Ada Lovelace'])
  })

  it.each([
    [{ toOrganiser: true, toSpeaker: false }, ['DevConf (the organiser)'], 'DevConf (the organiser)'],
    [{ toOrganiser: false, toSpeaker: true }, ['Ada Lovelace (the speaker)'], 'Ada Lovelace (the speaker)'],
    [
      { toOrganiser: true, toSpeaker: true },
      ['DevConf (the organiser)', 'Ada Lovelace (the speaker)'],
      'DevConf (the organiser) and Ada Lovelace (the speaker)',
    ],
  ])('who received a capture: %o', (given, names, sentence) => {
    expect(receivedBy(on('both'), given)).toEqual(names)
    expect(joinNames(names)).toBe(sentence)
  })
})
