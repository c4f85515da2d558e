import { describe, expect, it } from 'vitest'
import {
  answerPoints,
  bandFor,
  scoringChanged,
  HOT_MIN_SCORE,
  isFreeMailDomain,
  scoreLead,
  titleSeniority,
  WARM_MIN_SCORE,
  type LeadScore,
  type ScoredQuestion,
  type ScoreInput,
} from './lead-score'

const role: ScoredQuestion = {
  id: 'role',
  kind: 'single',
  label: 'Your role',
  options: ['Engineering', 'Purchasing', 'Student'],
  weights: { Engineering: 2, Purchasing: 5, Student: -3 },
}
const interests: ScoredQuestion = {
  id: 'interests',
  kind: 'multi',
  label: 'Interested in',
  options: ['Slides', 'Workshop', 'Consulting'],
  weights: { Workshop: 3, Consulting: 4 },
}
const stars: ScoredQuestion = { id: 'stars', kind: 'rating', label: 'How useful?', options: [], weights: { '1': -2, '5': 3 } }
const topic: ScoredQuestion = { id: 'topic', kind: 'text', label: 'Next topic?', options: [], weights: { answered: 1 } }
const unweighted: ScoredQuestion = { id: 'plain', kind: 'single', label: 'Plain', options: ['A', 'B'] }

describe('titleSeniority', () => {
  it.each([
    ['CEO', 'senior'],
    ['cto', 'senior'],
    ['Co-founder & CTO', 'senior'],
    ['Chief Revenue Officer', 'senior'],
    ['VP Engineering', 'senior'],
    ['SVP, Sales', 'senior'],
    ['Vice President of Marketing', 'senior'],
    ['Head of Platform', 'senior'],
    ['Director, Developer Relations', 'senior'],
    ['Founder', 'senior'],
    ['Owner', 'senior'],
    ['Managing Partner', 'senior'],
    ['Engineering Manager', 'manager'],
    ['Tech Lead', 'manager'],
    ['Principal Engineer', 'manager'],
    ['Product Owner', 'manager'],
    ['Executive Assistant to the CEO', 'individual'],
    ['Software Engineer', 'individual'],
    ['Developer Advocate', 'individual'],
    // Word boundaries: no match inside other words.
    ['Headhunter', 'individual'],
    ['Leading Designer', 'individual'],
    ['Coordinator', 'individual'],
    ['Vpn Engineer', 'individual'],
    ['', null],
    [null, null],
  ])('%j → %s', (title, tier) => expect(titleSeniority(title)).toBe(tier))
})

describe('isFreeMailDomain', () => {
  it.each([
    ['gmail.com', true],
    ['GMAIL.COM', true],
    ['yahoo.co.uk', true],
    ['hotmail.fr', true],
    ['proton.me', true],
    ['web.de', true],
    ['acme.com', false],
    ['mail.acme.com', false],
    ['gmail.company.com', false],
    ['notgmail.com', false],
  ])('%s → %s', (domain, free) => expect(isFreeMailDomain(domain)).toBe(free))
})

describe('answerPoints', () => {
  it.each([
    [role, 'Purchasing', { points: 5, shown: 'Purchasing' }],
    [role, 'Student', { points: -3, shown: 'Student' }],
    [role, 'Unknown option', { points: 0, shown: 'Unknown option' }],
    [interests, ['Slides', 'Workshop', 'Consulting'], { points: 7, shown: 'Slides, Workshop, Consulting' }],
    [interests, ['Slides'], { points: 0, shown: 'Slides' }],
    [stars, 5, { points: 3, shown: '5/5' }],
    [stars, 1, { points: -2, shown: '1/5' }],
    [stars, 3, { points: 0, shown: '3/5' }],
    [topic, 'Rust please', { points: 1, shown: 'answered' }],
    [topic, '   ', { points: 0, shown: '' }],
    [topic, undefined, { points: 0, shown: '' }],
    [unweighted, 'A', { points: 0, shown: 'A' }],
  ])('%#', (question, answer, result) => expect(answerPoints(question, answer)).toEqual(result))
})

describe('bandFor', () => {
  it.each([
    [HOT_MIN_SCORE + 5, 'hot'],
    [HOT_MIN_SCORE, 'hot'],
    [HOT_MIN_SCORE - 1, 'warm'],
    [WARM_MIN_SCORE, 'warm'],
    [WARM_MIN_SCORE - 1, 'cold'],
    [0, 'cold'],
    [-6, 'cold'],
  ])('%i → %s', (score, band) => expect(bandFor(score)).toBe(band))
})

describe('scoreLead', () => {
  it.each([
    {
      name: 'a student with a free-mail address at one talk',
      input: { email: 'sam@gmail.com', jobTitle: 'Student', captures: [{ questions: [role], answers: { role: 'Student' } }] },
      result: { score: -3, band: 'cold', reasons: ['-3 Your role: Student', '0 Free-mail address (gmail.com)'] },
    },
    {
      name: 'a VP with a work address who wants a workshop',
      input: {
        email: 'ada@acme.com',
        jobTitle: 'VP Engineering',
        captures: [{ questions: [role, interests], answers: { role: 'Engineering', interests: ['Workshop'] } }],
      },
      result: {
        score: 11,
        band: 'hot',
        reasons: [
          '+2 Your role: Engineering',
          '+3 Interested in: Workshop',
          '+4 Senior job title (VP Engineering)',
          '+2 Work email (acme.com)',
        ],
      },
    },
    {
      name: 'a manager seen at two talks',
      input: {
        email: 'lin@corp.io',
        jobTitle: 'Engineering Manager',
        captures: [
          { questions: [stars], answers: { stars: 3 } },
          { questions: [topic], answers: { topic: '' } },
        ],
      },
      result: {
        score: 6,
        band: 'warm',
        reasons: ['+2 Manager job title (Engineering Manager)', '+2 Work email (corp.io)', '+2 Seen at 2 talks'],
      },
    },
    {
      name: 'an engineer seen at three talks with weighted answers',
      input: {
        email: 'kim@yahoo.co.uk',
        jobTitle: 'Software Engineer',
        captures: [
          { questions: [stars], answers: { stars: 5 }, eventName: 'DevConf' },
          { questions: [topic], answers: { topic: 'Wasm' }, eventName: 'JSConf' },
          { questions: [unweighted], answers: { plain: 'A' } },
        ],
      },
      result: {
        score: 8,
        band: 'hot',
        reasons: [
          '+3 How useful?: 5/5 (DevConf)',
          '+1 Next topic?: answered (JSConf)',
          '0 Free-mail address (yahoo.co.uk)',
          '+4 Seen at 3 talks',
        ],
      },
    },
    {
      name: 'nothing known but a work address',
      input: { email: 'x@startup.dev', jobTitle: null, captures: [{ questions: [], answers: {} }] },
      result: { score: 2, band: 'cold', reasons: ['+2 Work email (startup.dev)'] },
    },
  ])('$name', ({ input, result }) => expect(scoreLead(input as ScoreInput)).toEqual(result as LeadScore))
})

describe('scoringChanged', () => {
  const q = (weights?: Record<string, number>, extra: Partial<ScoredQuestion> = {}): ScoredQuestion => ({
    ...role,
    weights,
    ...extra,
  })
  it.each([
    ['no weights before or after', [q()], [q(undefined, { label: 'Renamed' })], false],
    ['a weight added', [q()], [q({ Engineering: 1 })], true],
    ['a weight removed', [q({ Engineering: 1 })], [q({})], true],
    ['a weight changed', [q({ Engineering: 1 })], [q({ Engineering: 2 })], true],
    ['only the label changed', [q({ Engineering: 1 })], [q({ Engineering: 1 }, { label: 'Job role' })], false],
    ['same weights in another key order', [q({ Engineering: 1, Student: -1 })], [q({ Student: -1, Engineering: 1 })], false],
    ['a weighted question removed', [q({ Engineering: 1 }), topic], [topic], true],
  ])('%s → %s', (_, before, after, changed) => expect(scoringChanged(before, after)).toBe(changed))
})

describe('booking leads (issue 33 Deliver 3)', () => {
  const base = { questions: [role], answers: { role: 'Student' } }
  it('make the person hot with the reason, even when their answers took points away', () => {
    const scored = scoreLead({
      email: 'sam@gmail.com',
      jobTitle: null,
      captures: [{ ...base, eventName: 'DevConf', bookingRequested: true }],
    })
    expect(scored.band).toBe('hot')
    expect(scored.reasons).toContain('+8 Asked about booking the speaker (DevConf)')
    expect(scored.score).toBe(-3 + HOT_MIN_SCORE)
  })
  it('leave a person without one where the score puts them', () => {
    const scored = scoreLead({ email: 'sam@gmail.com', jobTitle: null, captures: [base] })
    expect(scored.band).toBe('cold')
    expect(scored.reasons.join()).not.toContain('booking')
  })
})

describe('follow-up clicks (issue 32 Deliver 5)', () => {
  const base = { email: 'ana@gmail.com', jobTitle: null, captures: [] }
  it('+2 for one follow-up clicked, +2 each up to three', () => {
    expect(scoreLead({ ...base, followUpsClicked: 0 })).toEqual({
      score: 0,
      band: 'cold',
      reasons: ['0 Free-mail address (gmail.com)'],
    })
    expect(scoreLead({ ...base, followUpsClicked: 1 }).reasons).toContain('+2 Clicked a follow-up')
    expect(scoreLead({ ...base, followUpsClicked: 1 }).score).toBe(2)
    expect(scoreLead({ ...base, followUpsClicked: 2 })).toMatchObject({ score: 4, band: 'warm' })
    expect(scoreLead({ ...base, followUpsClicked: 7 })).toMatchObject({
      score: 6,
      reasons: ['0 Free-mail address (gmail.com)', '+6 Clicked 3 follow-ups'],
    })
  })
})
