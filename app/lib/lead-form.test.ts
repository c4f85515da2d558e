import { describe, expect, it } from 'vitest'
import type { SessionQuestion } from '~/db/schema/talks'
import { LEAD_MESSAGES, formatAnswer, normalizeLinkedinUrl, parseLeadForm, type LeadFormConfig } from './lead-form'
import { LINK_REFUSED_MESSAGE } from './links-in-text'

const questions: SessionQuestion[] = [
  { id: 'next', kind: 'text', label: 'Next topic?', required: true, options: [] },
  { id: 'role', kind: 'single', label: 'Role', required: true, options: ['Eng', 'Sales'] },
  { id: 'want', kind: 'multi', label: 'Want', required: true, options: ['Slides', 'Demo', 'Call'] },
  { id: 'score', kind: 'rating', label: 'Rate', required: true, options: [] },
]
const all: LeadFormConfig = { fields: { company: true, jobTitle: true, phone: true, linkedin: true }, questions }
const minimal: LeadFormConfig = { fields: { company: false, jobTitle: false, phone: false, linkedin: false }, questions: [] }
const good = {
  first_name: 'Ada',
  email: 'ada@example.com',
  q_next: 'AI',
  q_role: 'Eng',
  q_want: ['Demo', 'Slides'],
  q_score: '4',
}

function parse(config: LeadFormConfig, form: Record<string, string | string[]>) {
  return parseLeadForm(config, (name) => {
    const v = form[name]
    return v === undefined ? [] : Array.isArray(v) ? v : [v]
  })
}
const errorsOf = (config: LeadFormConfig, form: Record<string, string | string[]>) => {
  const r = parse(config, form)
  return r.ok ? {} : r.errors
}

describe('parseLeadForm: first name and email, always', () => {
  it.each([
    [{ first_name: '', email: 'a@b.co' }, { first_name: LEAD_MESSAGES.firstNameMissing }],
    [{ first_name: '   ', email: 'a@b.co' }, { first_name: LEAD_MESSAGES.firstNameMissing }],
    [{ first_name: 'x'.repeat(101), email: 'a@b.co' }, { first_name: LEAD_MESSAGES.firstNameLong }],
    [{ first_name: 'Ada', email: '' }, { email: LEAD_MESSAGES.emailMissing }],
    [{ first_name: 'Ada', email: 'ada' }, { email: LEAD_MESSAGES.emailInvalid }],
    [{ first_name: 'Ada', email: 'ada@example' }, { email: LEAD_MESSAGES.emailInvalid }],
    [{ first_name: 'Ada', email: `${'a'.repeat(250)}@b.co` }, { email: LEAD_MESSAGES.emailInvalid }],
    [{ first_name: 'Ada', email: 'ada@example.com' }, {}],
  ])('%j → %j', (form, errors) => {
    expect(errorsOf(minimal, form)).toEqual(errors)
  })

  it('lower-cases and trims the email, flattens control characters in names', () => {
    const r = parse(minimal, { first_name: ' Ada\u0000\nKing ', email: ' Ada@Example.COM ' })
    expect(r).toMatchObject({
      ok: true,
      value: { firstName: 'Ada King', email: 'ada@example.com', company: null, marketingConsent: false },
    })
  })

  it('ignores fields the session switched off', () => {
    const r = parse(minimal, { first_name: 'Ada', email: 'ada@example.com', company: 'Nope', phone: 'bad' })
    expect(r).toMatchObject({ ok: true, value: { company: null, phone: null } })
  })
})

describe('parseLeadForm: optional fields when switched on', () => {
  it.each([
    ['company', 'x'.repeat(201), LEAD_MESSAGES.tooLong(200)],
    ['job_title', 'x'.repeat(201), LEAD_MESSAGES.tooLong(200)],
    ['phone', 'call me', LEAD_MESSAGES.phoneInvalid],
    ['phone', '+1 2', LEAD_MESSAGES.phoneInvalid],
    ['phone', '((((((', LEAD_MESSAGES.phoneInvalid],
    ['linkedin', 'https://evil.example/in/ada', LEAD_MESSAGES.linkedinInvalid],
    ['linkedin', 'javascript:alert(1)', LEAD_MESSAGES.linkedinInvalid],
    ['linkedin', 'https://linkedin.com.evil.example/in/x', LEAD_MESSAGES.linkedinInvalid],
  ])('%s = %j → %s', (name, value, message) => {
    expect(errorsOf(all, { ...good, [name]: value })).toEqual({ [name]: message })
  })

  it.each([
    ['phone', '+44 (0)20 7946-0958'],
    ['company', ''],
    ['linkedin', ''],
  ])('%s = %j is accepted', (name, value) => {
    expect(errorsOf(all, { ...good, [name]: value })).toEqual({})
  })
})

describe('parseLeadForm: no links in what an email prints', () => {
  // The relay found by a scan (issue 20): a "first name" with a link, sent to any address typed.
  it.each([
    ['first_name', 'Visit http://evil.example/win'],
    ['first_name', 'www.evil.example'],
    ['company', 'Acme https://evil.example'],
    ['job_title', 'CEO of www.evil.example'],
    ['q_next', 'more at http://evil.example/win'],
  ])('%s = %j → %s', (name, value) => {
    expect(errorsOf(all, { ...good, [name]: value })).toEqual({ [name]: LINK_REFUSED_MESSAGE })
  })

  it('keeps what was typed, to fill the form again', () => {
    const r = parse(all, { ...good, first_name: 'Visit http://evil.example/win', company: 'Booking.com' })
    expect(r).toMatchObject({ ok: false, values: { first_name: 'Visit http://evil.example/win', company: 'Booking.com' } })
  })

  it('accepts a company that is a domain name, and a LinkedIn URL (its own check)', () => {
    const r = parse(all, { ...good, company: 'Booking.com', linkedin: 'https://www.linkedin.com/in/ada' })
    expect(r).toMatchObject({ ok: true, value: { company: 'Booking.com', linkedinUrl: 'https://www.linkedin.com/in/ada' } })
  })
})

describe('normalizeLinkedinUrl', () => {
  it.each([
    ['linkedin.com/in/ada', 'https://linkedin.com/in/ada'],
    ['http://www.linkedin.com/in/ada', 'https://www.linkedin.com/in/ada'],
    ['https://uk.linkedin.com/in/ada?x=1', 'https://uk.linkedin.com/in/ada?x=1'],
    ['https://user:pw@linkedin.com/in/ada', null],
    ['ftp://linkedin.com/in/ada', null],
    ['https://notlinkedin.com/in/ada', null],
  ])('%s → %s', (input, output) => {
    expect(normalizeLinkedinUrl(input)).toBe(output)
  })
})

describe('parseLeadForm: custom questions by kind', () => {
  it.each([
    ['text required, empty', { q_next: '' }, { q_next: LEAD_MESSAGES.answerMissing }],
    ['text too long', { q_next: 'x'.repeat(501) }, { q_next: LEAD_MESSAGES.tooLong(500) }],
    ['single required, empty', { q_role: '' }, { q_role: LEAD_MESSAGES.singleMissing }],
    ['single not an option', { q_role: 'CEO' }, { q_role: LEAD_MESSAGES.singleInvalid }],
    ['single with two values', { q_role: ['Eng', 'Sales'] }, { q_role: LEAD_MESSAGES.singleInvalid }],
    ['multi required, none', { q_want: [] }, { q_want: LEAD_MESSAGES.multiMissing }],
    ['multi with a foreign value', { q_want: ['Demo', 'Beer'] }, { q_want: LEAD_MESSAGES.multiInvalid }],
    ['rating required, none', { q_score: '' }, { q_score: LEAD_MESSAGES.ratingMissing }],
    ['rating 0', { q_score: '0' }, { q_score: LEAD_MESSAGES.ratingMissing }],
    ['rating 6', { q_score: '6' }, { q_score: LEAD_MESSAGES.ratingMissing }],
    ['rating 4.5', { q_score: '4.5' }, { q_score: LEAD_MESSAGES.ratingMissing }],
    ['rating " 3"', { q_score: ' 3' }, {}],
  ])('%s', (_name, overrides, errors) => {
    expect(errorsOf(all, { ...good, ...overrides })).toEqual(errors)
  })

  it('stores answers by question id, multi in the speaker’s option order, rating as a number', () => {
    expect(parse(all, good)).toMatchObject({
      ok: true,
      value: { answers: { next: 'AI', role: 'Eng', want: ['Slides', 'Demo'], score: 4 } },
    })
  })

  it('leaves unanswered optional questions out', () => {
    const optional: LeadFormConfig = { ...minimal, questions: questions.map((q) => ({ ...q, required: false })) }
    expect(parse(optional, { first_name: 'Ada', email: 'ada@example.com' })).toMatchObject({ ok: true, value: { answers: {} } })
  })

  it('gives back what was typed, for the form shown again', () => {
    const r = parse(all, { ...good, email: 'bad', q_want: ['Demo'], marketing: 'yes' })
    expect(r).toMatchObject({ ok: false, values: { email: 'bad', q_want: ['Demo'], marketing: 'yes', first_name: 'Ada' } })
  })

  it('marketing consent only when the box was ticked', () => {
    expect(parse(minimal, { first_name: 'A', email: 'a@b.co', marketing: 'yes' })).toMatchObject({
      value: { marketingConsent: true },
    })
    expect(parse(minimal, { first_name: 'A', email: 'a@b.co', marketing: 'on' })).toMatchObject({
      value: { marketingConsent: false },
    })
  })
})

describe('formatAnswer', () => {
  it.each([
    [undefined, ''],
    ['Eng', 'Eng'],
    [['Slides', 'Demo'], 'Slides, Demo'],
    [5, '5'],
  ])('%j → %j', (value, text) => {
    expect(formatAnswer(value)).toBe(text)
  })
})
