import { describe, expect, it } from 'vitest'
import { EVENT_ERRORS, EventSchema, eventLengthInDays, isCalendarDay, RoomSchema } from './event-form'
import { canMoveEventStatus, eventSlug } from './events'

const valid = {
  name: 'DevConf 2027',
  slug: '',
  description: '',
  startsOn: '2027-03-10',
  endsOn: '2027-03-11',
  timeZone: 'Europe/London',
  venue: 'ExCeL',
  city: 'London',
  recipients: 'both',
}

function errorsOf(input: Record<string, unknown>) {
  const result = EventSchema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message)
  return errors
}

describe('EventSchema', () => {
  it('accepts a complete event; an empty address is left to the model', () => {
    const result = EventSchema.parse(valid)
    expect(result).toMatchObject({ name: 'DevConf 2027', slug: undefined, isOnline: false, recipients: 'both', venue: 'ExCeL' })
  })

  it('requires a name', () => {
    expect(errorsOf({ ...valid, name: '   ' }).name).toEqual(['Name is required'])
  })

  it.each([
    ['an end before the start', { startsOn: '2027-03-11', endsOn: '2027-03-10' }, 'endsOn', EVENT_ERRORS.endBeforeStart],
    ['a day that does not exist', { startsOn: '2027-02-30' }, 'startsOn', EVENT_ERRORS.startsOn],
    ['no first day', { startsOn: '' }, 'startsOn', EVENT_ERRORS.startsOn],
    ['no last day', { endsOn: undefined }, 'endsOn', EVENT_ERRORS.endsOn],
    ['more than 31 days', { startsOn: '2027-03-01', endsOn: '2027-04-01' }, 'endsOn', EVENT_ERRORS.tooLong],
    ['a zone that is not IANA', { timeZone: 'Mars/Olympus' }, 'timeZone', EVENT_ERRORS.timeZone],
    ['no zone', { timeZone: '' }, 'timeZone', EVENT_ERRORS.timeZone],
    ['neither venue nor online', { venue: '' }, 'venue', EVENT_ERRORS.venueOrOnline],
    ['no recipients choice', { recipients: '' }, 'recipients', EVENT_ERRORS.recipients],
    ['an unknown recipients choice', { recipients: 'everyone' }, 'recipients', EVENT_ERRORS.recipients],
    ['an address with spaces', { slug: 'dev conf' }, 'slug', EVENT_ERRORS.slugFormat],
    ['an address with a double hyphen', { slug: 'dev--conf' }, 'slug', EVENT_ERRORS.slugFormat],
  ])('refuses %s with a message by the field', (_, change, field, message) => {
    expect(errorsOf({ ...valid, ...change })[field]).toEqual([message])
  })

  it('accepts a one-day event and an online event without a venue', () => {
    expect(errorsOf({ ...valid, endsOn: valid.startsOn })).toEqual({})
    expect(errorsOf({ ...valid, venue: '', city: '', isOnline: 'on' })).toEqual({})
  })

  it('shows every cross-field message at once, even when another field failed', () => {
    const errors = errorsOf({ ...valid, name: '', venue: '', startsOn: '2027-03-12' })
    expect(Object.keys(errors).sort()).toEqual(['endsOn', 'name', 'venue'])
  })

  it('lower-cases a typed address', () => {
    expect(EventSchema.parse({ ...valid, slug: ' DevConf-2027 ' }).slug).toBe('devconf-2027')
  })
})

describe('RoomSchema', () => {
  it('requires a name of at most 80 characters', () => {
    expect(RoomSchema.safeParse({ name: ' ' }).success).toBe(false)
    expect(RoomSchema.safeParse({ name: 'x'.repeat(81) }).success).toBe(false)
    expect(RoomSchema.parse({ name: ' Main Hall ' }).name).toBe('Main Hall')
  })
})

describe('event rules', () => {
  it('reads calendar days and counts an event’s days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2027-02-29')).toBe(false)
    expect(isCalendarDay('10/03/2027')).toBe(false)
    expect(eventLengthInDays('2027-03-10', '2027-03-10')).toBe(1)
    expect(eventLengthInDays('2027-03-31', '2027-04-02')).toBe(3)
  })

  it('makes an address from the name', () => {
    expect(eventSlug('DevConf 2027!')).toBe('devconf-2027')
    expect(eventSlug('Café Düsseldorf')).toBe('cafe-dusseldorf')
    expect(eventSlug('日本')).toBe('event')
    expect(eventSlug(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79))
  })

  it('moves a status draft → published → archived, and back to draft or published', () => {
    expect(canMoveEventStatus('draft', 'published')).toBe(true)
    expect(canMoveEventStatus('draft', 'archived')).toBe(false)
    expect(canMoveEventStatus('published', 'archived')).toBe(true)
    expect(canMoveEventStatus('published', 'draft')).toBe(true)
    expect(canMoveEventStatus('archived', 'published')).toBe(true)
    expect(canMoveEventStatus('archived', 'draft')).toBe(true)
    expect(canMoveEventStatus('published', 'published')).toBe(false)
  })
})

describe('constraints sent to the browser', () => {
  it('never makes the "Online event" box required (without JavaScript the browser would refuse an unticked form)', async () => {
    const { getZodConstraint } = await import('@conform-to/zod/v4')
    expect(getZodConstraint(EventSchema).isOnline?.required).toBe(false)
    expect(EventSchema.parse({ ...valid }).isOnline).toBe(false)
  })
})
