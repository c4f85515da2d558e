import { describe, expect, it } from 'vitest'
import { allFacts, decideRecipient, includedFacts, summarise, type RecipientFacts } from './follow-up-recipients'

const yes: RecipientFacts = { erased: false, given: true, visible: true, consent: 'yes', bounced: false, complained: false }

describe('decideRecipient (issue 32 Deliver 2)', () => {
  it.each<[string, Partial<RecipientFacts>, ReturnType<typeof decideRecipient>]>([
    ['consent yes, given, visible', {}, 'include'],
    ['consent no (box left unticked)', { consent: 'no' }, 'no_consent'],
    ['consent withdrawn (unsubscribed)', { consent: 'withdrawn' }, 'unsubscribed'],
    ['erased', { erased: true }, 'erased'],
    ['erased wins over every other fact', { erased: true, given: false, consent: 'no', bounced: true }, 'erased'],
    ['bounced', { bounced: true }, 'bounced'],
    ['complained', { complained: true }, 'complained'],
    ['complained and bounced: the complaint is named', { complained: true, bounced: true }, 'complained'],
    ['bounced without consent: the bounce is named', { bounced: true, consent: 'no' }, 'bounced'],
    ['organiser event, details given to the speaker only', { given: false }, 'not_given'],
    ['organiser event, not given, even with consent and no other problem', { given: false, visible: true }, 'not_given'],
    ['locked lead on the free plan', { visible: false }, 'locked'],
    ['locked and unsubscribed: locked is named', { visible: false, consent: 'withdrawn' }, 'locked'],
  ])('%s', (_name, facts, expected) => {
    expect(decideRecipient({ ...yes, ...facts })).toBe(expected)
  })

  it('includes exactly one combination of facts', () => {
    expect(allFacts()).toHaveLength(2 ** 5 * 3)
    expect(includedFacts()).toEqual([yes])
  })
})

describe('summarise', () => {
  it('adds up groups by decision, leaving empty reasons out', () => {
    expect(
      summarise([
        { facts: yes, count: 7 },
        { facts: { ...yes, consent: 'no' }, count: 3 },
        { facts: { ...yes, consent: 'no', bounced: true }, count: 1 },
        { facts: { ...yes, bounced: true }, count: 2 },
        { facts: { ...yes, erased: true }, count: 4 },
        { facts: { ...yes, visible: false }, count: 0 },
      ]),
    ).toEqual({ receiving: 7, leftOut: { no_consent: 3, bounced: 3, erased: 4 } })
  })
})
