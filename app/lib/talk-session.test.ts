import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { offerFileType, questionsFromForm, SESSION_ERRORS, SessionSchema, splitOptions, TalkSchema } from './talk-session'

const TALK_ID = '0b4f4b8e-9a53-4c3e-9f4e-2a8d4c7b1a11'

function form(overrides: Record<string, string | null> = {}) {
  const base: Record<string, string> = {
    talkId: TALK_ID,
    eventName: 'JSConf EU',
    startsAt: '2026-05-14T09:30',
    timeZone: 'Europe/Berlin',
    city: 'Berlin',
    offerKind: 'none',
    accentColor: '#4f46e5',
    consentText: 'Ada receives your details.',
  }
  const fd = new FormData()
  for (const [k, v] of Object.entries({ ...base, ...overrides })) if (v !== null) fd.append(k, v)
  return fd
}
const parse = (overrides: Record<string, string | null> = {}) => parseWithZod(form(overrides), { schema: SessionSchema })
const errorsOf = (overrides: Record<string, string | null>) => {
  const s = parse(overrides)
  return s.status === 'error' ? s.error : {}
}

describe('TalkSchema', () => {
  it.each([
    [{ title: 'Nanoseconds' }, null],
    [{ title: '  ' }, 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ title: 'T', tag: 'x'.repeat(51) }, 'Tag must be at most 50 characters'],
  ])('%j → %s', (input, message) => {
    const fd = new FormData()
    for (const [k, v] of Object.entries(input)) fd.append(k, v)
    const s = parseWithZod(fd, { schema: TalkSchema })
    if (message === null) expect(s.status).toBe('success')
    else expect(Object.values(s.status === 'error' ? (s.error ?? {}) : {}).flat()).toContain(message)
  })
})

describe('SessionSchema', () => {
  it('accepts a minimal session and fills the defaults', () => {
    const s = parse()
    expect(s.status).toBe('success')
    if (s.status !== 'success') return
    expect(s.value).toMatchObject({
      eventName: 'JSConf EU',
      isOnline: false,
      headline: '',
      fields: { company: false, jobTitle: false, phone: false, linkedin: false },
      questions: [],
      marketingText: '',
    })
  })

  it.each([
    [{ eventName: '' }, 'eventName', 'Event name is required'],
    [{ talkId: 'not-a-uuid' }, 'talkId', SESSION_ERRORS.talk],
    [{ startsAt: '' }, 'startsAt', SESSION_ERRORS.startsAt],
    [{ startsAt: '2026-02-30T10:00' }, 'startsAt', SESSION_ERRORS.startsAt],
    [{ timeZone: 'Mars/Base' }, 'timeZone', SESSION_ERRORS.timeZone],
    [{ timeZone: null }, 'timeZone', SESSION_ERRORS.timeZone],
    [{ city: '' }, 'city', SESSION_ERRORS.cityOrOnline],
    [{ audienceSize: 'many' }, 'audienceSize', 'Expected audience must be a number'],
    [{ audienceSize: '0' }, 'audienceSize', 'Expected audience must be at least 1'],
    [{ audienceSize: '2.5' }, 'audienceSize', 'Expected audience must be a whole number'],
    [{ accentColor: '#808080' }, 'accentColor', SESSION_ERRORS.accent],
    [{ accentColor: 'blue' }, 'accentColor', 'Enter a colour as #rrggbb'],
    [{ offerKind: 'url', offerTitle: 'Slides' }, 'offerUrl', SESSION_ERRORS.offerUrl],
    [{ offerKind: 'url', offerTitle: 'Slides', offerUrl: 'javascript:alert(1)' }, 'offerUrl', SESSION_ERRORS.offerUrl],
    [{ offerKind: 'url', offerUrl: 'https://example.com' }, 'offerTitle', SESSION_ERRORS.offerTitle],
    [{ offerKind: 'gift' }, 'offerKind', 'Choose how the offer is delivered'],
    [{ consentText: ' ' }, 'consentText', 'Consent wording is required'],
    [{ 'questions[0].kind': 'text' }, 'questions[0].label', SESSION_ERRORS.questionLabel],
    [
      { 'questions[0].kind': 'single', 'questions[0].label': 'Role?', 'questions[0].options': 'Dev' },
      'questions[0].options',
      SESSION_ERRORS.options,
    ],
    [
      { 'questions[1].kind': 'multi', 'questions[1].label': 'Stack?', 'questions[1].options': 'Go\ngo' },
      'questions[1].options',
      SESSION_ERRORS.duplicateOptions,
    ],
    [{ 'questions[2].kind': 'poll' }, 'questions[2].kind', null],
  ])('%j → %s: %s', (overrides, field, message) => {
    const errors = errorsOf(overrides)
    expect(errors?.[field]).toBeDefined()
    if (message) expect(errors?.[field]).toContain(message)
  })

  it('reports the cross-field rules together with the field errors', () => {
    const errors = errorsOf({ timeZone: 'Mars/Base', city: '', eventName: '', offerKind: 'url', offerTitle: 'Slides' })
    expect(errors?.timeZone).toEqual([SESSION_ERRORS.timeZone])
    expect(errors?.eventName).toEqual(['Event name is required'])
    expect(errors?.city).toEqual([SESSION_ERRORS.cityOrOnline])
    expect(errors?.offerUrl).toEqual([SESSION_ERRORS.offerUrl])
  })

  it('refuses a fourth question', () => {
    const errors = errorsOf({ 'questions[3].kind': 'text', 'questions[3].label': 'Four?' })
    expect(errors?.questions).toBeDefined()
  })

  it('an online session needs no city; a URL offer with a title passes', () => {
    expect(
      parse({ city: '', isOnline: 'on', offerKind: 'url', offerTitle: 'Slides', offerUrl: 'https://ex.com/s.pdf' }).status,
    ).toBe('success')
  })

  it('turns question slots into stored questions, keeping ids and dropping unused slots', () => {
    const s = parse({
      'questions[0].kind': 'single',
      'questions[0].id': 'abc123',
      'questions[0].label': 'Role?',
      'questions[0].options': ' Dev \n\nManager\n',
      'questions[0].required': 'on',
      'questions[1].kind': '',
      'questions[1].label': 'ignored',
      'questions[2].kind': 'rating',
      'questions[2].label': 'How was it?',
      'questions[2].options': 'ignored too',
    })
    expect(s.status).toBe('success')
    if (s.status !== 'success') return
    let n = 0
    expect(questionsFromForm(s.value.questions, () => `new${++n}`)).toEqual([
      { id: 'abc123', kind: 'single', label: 'Role?', required: true, options: ['Dev', 'Manager'] },
      { id: 'new1', kind: 'rating', label: 'How was it?', required: false, options: [] },
    ])
  })

  it('splits options one per line', () => {
    expect(splitOptions('a\r\n b \n\nc')).toEqual(['a', 'b', 'c'])
  })
})

describe('offer files', () => {
  it.each([
    ['slides.pdf', 'application/pdf'],
    ['Slides.PDF', 'application/pdf'],
    ['deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['page.html', null],
    ['icon.svg', null],
    ['run.js', null],
    ['pdf', null],
    ['archive.tar.gz', null],
  ])('offerFileType(%j) → %j', (name, type) => {
    expect(offerFileType(name)).toBe(type)
  })
})
