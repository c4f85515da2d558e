import { describe, expect, it } from 'vitest'
import {
  canEditFeedback,
  FEEDBACK_FIELDS as F,
  FEEDBACK_MESSAGES,
  feedbackAnswerRule,
  feedbackState,
  feedbackWindow,
  feedbackSettingsSentence,
  feedbackWindowSentence,
  followUpQuestion,
  parseFeedbackForm,
  sessionEndsAt,
  testimonialText,
  bookingQuestion,
  type FeedbackTiming,
} from './feedback'

const at = (iso: string) => new Date(iso)
const session = (over: Partial<FeedbackTiming> = {}): FeedbackTiming => ({
  startsAt: at('2027-03-10T10:00:00Z'),
  durationMinutes: 45,
  feedbackEnabled: true,
  feedbackOpens: 'start',
  feedbackOpensBeforeEndMinutes: 10,
  feedbackClosesAfterMinutes: 60,
  ...over,
})

describe('the feedback window', () => {
  it.each([
    ['start + 45 min', session(), '2027-03-10T10:45:00.000Z'],
    ['no length: the default 30 min', session({ durationMinutes: null }), '2027-03-10T10:30:00.000Z'],
  ])('the session ends at %s', (_, s, end) => {
    expect(sessionEndsAt(s).toISOString()).toBe(end)
  })

  it.each([
    ['opens at the start', session(), '2027-03-10T10:00:00.000Z', '2027-03-10T11:45:00.000Z'],
    [
      'opens 10 min before the end',
      session({ feedbackOpens: 'before_end' }),
      '2027-03-10T10:35:00.000Z',
      '2027-03-10T11:45:00.000Z',
    ],
    [
      'never before the start',
      session({ feedbackOpens: 'before_end', feedbackOpensBeforeEndMinutes: 120 }),
      '2027-03-10T10:00:00.000Z',
      '2027-03-10T11:45:00.000Z',
    ],
    [
      'closes right at the end',
      session({ feedbackClosesAfterMinutes: 0 }),
      '2027-03-10T10:00:00.000Z',
      '2027-03-10T10:45:00.000Z',
    ],
  ])('%s', (_, s, opens, closes) => {
    const w = feedbackWindow(s)
    expect([w.opensAt.toISOString(), w.closesAt.toISOString()]).toEqual([opens, closes])
  })

  it.each([
    ['off', session({ feedbackEnabled: false }), '2027-03-10T10:10:00Z', 'off'],
    ['a second before it opens', session(), '2027-03-10T09:59:59Z', 'before'],
    ['the moment it opens', session(), '2027-03-10T10:00:00Z', 'open'],
    ['during the talk', session(), '2027-03-10T10:20:00Z', 'open'],
    ['after the talk, before it closes', session(), '2027-03-10T11:44:59Z', 'open'],
    ['the moment it closes', session(), '2027-03-10T11:45:00Z', 'after'],
    ['before_end: during the talk, too early', session({ feedbackOpens: 'before_end' }), '2027-03-10T10:34:59Z', 'before'],
    ['before_end: the last 10 minutes', session({ feedbackOpens: 'before_end' }), '2027-03-10T10:35:00Z', 'open'],
  ])('%s → %s', (_, s, now, state) => {
    expect(feedbackState(s, at(now)).state).toBe(state)
  })

  it('says when, outside the window and in it, in the session’s time zone', () => {
    const s = session()
    expect(feedbackWindowSentence(feedbackState(s, at('2027-03-10T09:00:00Z')), 'Europe/London')).toBe(
      'Feedback on this talk opens on 10 Mar 2027, 10:00 (Europe/London).',
    )
    expect(feedbackWindowSentence(feedbackState(s, at('2027-03-10T10:30:00Z')), 'Europe/Berlin')).toBe(
      'Feedback is open until 10 Mar 2027, 12:45 (Europe/Berlin).',
    )
    expect(feedbackWindowSentence(feedbackState(s, at('2027-03-11T09:00:00Z')), 'Europe/London')).toBe(
      'Feedback on this talk closed on 10 Mar 2027, 11:45 (Europe/London).',
    )
    expect(
      feedbackWindowSentence(feedbackState(session({ feedbackEnabled: false }), at('2027-03-10T10:00:00Z')), 'UTC'),
    ).toBeNull()
  })

  // Issue 31 Deliver 5: the time in the page's language, not en-GB in every language.
  it.each([
    ['de', 'Feedback zu diesem Vortrag ist ab 10. März 2027, 11:00 (Europe/Berlin) möglich.', '10. März 2027, 11:00'],
    ['fr', null, '10 mars 2027, 11:00'],
    ['es', null, '10 mar 2027, 11:00'],
    ['it', null, '10 mar 2027, 11:00'],
    ['pt', null, '10/03/2027, 11:00'],
    ['nl', null, '10 mrt 2027, 11:00'],
  ] as const)('in %s, says when in that language', (language, whole, time) => {
    const sentence = feedbackWindowSentence(feedbackState(session(), at('2027-03-10T09:00:00Z')), 'Europe/Berlin', language)!
    expect(sentence).toContain(`${time} (Europe/Berlin)`)
    expect(sentence).not.toContain('Mar 2027')
    if (whole) expect(sentence).toBe(whole)
  })
})

describe("the speaker's settings in words", () => {
  it.each([
    [
      { feedbackOpens: 'start' as const, feedbackClosesAfterMinutes: 60 },
      'It opens when the session starts and closes 1 hour after it ends.',
    ],
    [
      { feedbackOpens: 'start' as const, feedbackClosesAfterMinutes: 1 },
      'It opens when the session starts and closes 1 minute after it ends.',
    ],
    [
      { feedbackOpens: 'before_end' as const, feedbackOpensBeforeEndMinutes: 10, feedbackClosesAfterMinutes: 90 },
      'It opens 10 minutes before the session ends and closes 90 minutes after it ends.',
    ],
    [
      { feedbackOpens: 'before_end' as const, feedbackOpensBeforeEndMinutes: 0, feedbackClosesAfterMinutes: 2880 },
      'It opens when the session ends and closes 48 hours after it ends.',
    ],
  ])('%o → %s', (over, sentence) => {
    expect(feedbackSettingsSentence(session(over))).toBe(sentence)
  })
})

describe('the follow-up question', () => {
  it.each([
    [1, 'What would have made it better?'],
    [2, 'What would have made it better?'],
    [3, 'What would have made it better?'],
    [4, 'What will you use?'],
    [5, 'What will you use?'],
  ])('rating %i asks “%s”', (rating, question) => {
    expect(followUpQuestion(rating)).toBe(question)
  })
})

describe('one answer per browser per session, editable for 24 hours', () => {
  const open = feedbackState(session(), at('2027-03-10T10:20:00Z'))
  const closed = feedbackState(session(), at('2027-03-10T12:00:00Z'))
  const first = { createdAt: at('2027-03-10T10:20:00Z') }
  it.each([
    ['the first answer', open, null, '2027-03-10T10:20:00Z', 'insert'],
    ['the same browser a minute later', open, first, '2027-03-10T10:21:00Z', 'update'],
    ['23 h 59 min later', open, first, '2027-03-11T10:19:00Z', 'update'],
    ['24 h later', open, first, '2027-03-11T10:20:00Z', 'expired'],
    ['a closed window, first answer', closed, null, '2027-03-10T12:00:00Z', 'closed'],
    ['a closed window, an edit', closed, first, '2027-03-10T12:00:00Z', 'closed'],
  ] as const)('%s → %s', (_, state, existing, now, rule) => {
    expect(feedbackAnswerRule(state, existing, at(now))).toBe(rule)
  })
  it('canEditFeedback is the 24 h rule', () => {
    expect(canEditFeedback(first.createdAt, at('2027-03-11T10:19:59Z'))).toBe(true)
    expect(canEditFeedback(first.createdAt, at('2027-03-11T10:20:00Z'))).toBe(false)
  })
})

describe('the testimonial box and the booking question', () => {
  it.each([
    [['name'], "You may quote this on Ada Lovelace's profile with my name"],
    [['name', 'title'], "You may quote this on Ada Lovelace's profile with my name and title"],
    [['name', 'company'], "You may quote this on Ada Lovelace's profile with my name and company"],
    [['name', 'title', 'company'], "You may quote this on Ada Lovelace's profile with my name, title and company"],
  ] as const)('%j → %s', (parts, text) => {
    expect(testimonialText('Ada Lovelace', parts)).toBe(text)
  })
  it('asks the booking question word for word', () => {
    expect(bookingQuestion('Ada Lovelace')).toBe('Should Ada Lovelace speak at your company or event?')
  })
  it('words the box in the page’s language, as the ledger records it', () => {
    expect(testimonialText('Ada', ['name', 'company'], 'de')).toBe(
      'Ada darf dies mit meinem Namen und meinem Unternehmen im Profil zitieren',
    )
    expect(followUpQuestion(5, 'fr')).toBe('Qu’allez-vous en retenir et utiliser ?')
  })
})

describe('parseFeedbackForm', () => {
  const form = (values: Record<string, string>) => (name: string) => values[name] ?? ''
  const opts = { hasDetails: false, showsTitle: true, showsCompany: true }

  it('takes a rating alone: feedback without any details', () => {
    expect(parseFeedbackForm(form({ [F.rating]: '4' }), opts)).toEqual({
      feedback: {
        rating: 4,
        followUp: '',
        contentRating: null,
        deliveryRating: null,
        slidesRating: null,
        testimonial: false,
        nameParts: [],
      },
      booking: null,
      errors: {},
    })
  })

  it('keeps the answer to the question the rating asks and the part ratings', () => {
    const r = parseFeedbackForm(
      form({ [F.rating]: '2', [F.better]: ' More demos\r\nplease ', [F.content]: '3', [F.slides]: '1' }),
      opts,
    )
    expect(r.errors).toEqual({})
    expect(r.feedback).toMatchObject({
      rating: 2,
      followUp: 'More demos\nplease',
      contentRating: 3,
      deliveryRating: null,
      slidesRating: 1,
    })
  })

  it.each([
    ['a follow-up without a rating', { [F.use]: 'The checklist' }, { [F.rating]: FEEDBACK_MESSAGES.ratingMissing }],
    ['a rating out of range', { [F.rating]: '6' }, { [F.rating]: FEEDBACK_MESSAGES.ratingMissing }],
    ['a part rating out of range', { [F.rating]: '5', [F.delivery]: '0' }, { [F.delivery]: FEEDBACK_MESSAGES.partInvalid }],
    [
      'an answer under the other question',
      { [F.rating]: '5', [F.better]: 'Shorter' },
      { [F.better]: 'This question is not for the rating you chose: write your answer under “What will you use?”.' },
    ],
    [
      'a low rating answered under “What will you use?”',
      { [F.rating]: '1', [F.use]: 'Nothing' },
      {
        [F.use]: 'This question is not for the rating you chose: write your answer under “What would have made it better?”.',
      },
    ],
    ['a follow-up that is too long', { [F.rating]: '5', [F.use]: 'x'.repeat(2001) }, { [F.use]: FEEDBACK_MESSAGES.followUpLong }],
    [
      'a link in the follow-up',
      { [F.rating]: '5', [F.use]: 'see https://spam.example' },
      { [F.use]: FEEDBACK_MESSAGES.linkRefused },
    ],
    [
      'a quote without details',
      { [F.rating]: '5', [F.testimonial]: 'yes' },
      { [F.testimonial]: FEEDBACK_MESSAGES.quoteNeedsName },
    ],
    [
      'a name part without the quote',
      { [F.rating]: '5', [F.quoteTitle]: 'yes' },
      { [F.quoteTitle]: FEEDBACK_MESSAGES.quotePartWithoutQuote },
    ],
    ['a booking without details', { [F.organisation]: 'Acme' }, { [F.organisation]: FEEDBACK_MESSAGES.bookingNeedsDetails }],
  ])('refuses %s', (_, values, errors) => {
    expect(parseFeedbackForm(form(values), opts).errors).toEqual(errors)
  })

  it('needs the organisation for a booking, and takes it with details', () => {
    const withDetails = { ...opts, hasDetails: true }
    expect(parseFeedbackForm(form({ [F.role]: 'CTO' }), withDetails).errors).toEqual({
      [F.organisation]: FEEDBACK_MESSAGES.organisationMissing,
    })
    expect(
      parseFeedbackForm(form({ [F.organisation]: ' Acme  Corp ', [F.role]: 'CTO', [F.timing]: 'Next spring' }), withDetails),
    ).toEqual({ feedback: null, booking: { organisation: 'Acme Corp', role: 'CTO', timing: 'Next spring' }, errors: {} })
  })

  it('takes the quote with the chosen name parts, only those the form asks for', () => {
    const values = { [F.rating]: '5', [F.testimonial]: 'yes', [F.quoteTitle]: 'yes', [F.quoteCompany]: 'yes' }
    expect(parseFeedbackForm(form(values), { ...opts, hasDetails: true }).feedback).toMatchObject({
      testimonial: true,
      nameParts: ['name', 'title', 'company'],
    })
    expect(
      parseFeedbackForm(form(values), { hasDetails: true, showsTitle: false, showsCompany: true }).feedback?.nameParts,
    ).toEqual(['name', 'company'])
  })

  it('is nothing at all for an empty feedback part', () => {
    expect(parseFeedbackForm(form({}), opts)).toEqual({ feedback: null, booking: null, errors: {} })
  })
})
