import { describe, expect, it } from 'vitest'
import {
  DisplayNameSchema,
  displayNameRequired,
  memberName,
  NAME_NEEDED,
  speakerInText,
  speakerNameForAttendees,
} from './speaker-name'
import { NAME_NOT_ADDRESS } from './public-name'

describe('speakerNameForAttendees', () => {
  it.each([
    [{ displayName: 'Ada Okafor', profileName: 'Dr Ada Okafor' }, 'Ada Okafor'],
    [{ displayName: null, profileName: 'Dr Ada Okafor' }, 'Dr Ada Okafor'],
    [{ displayName: '   ', profileName: ' Dr Ada Okafor ' }, 'Dr Ada Okafor'],
    // Without a name there is none: the account email never stands in (issue 29 Deliver 7).
    [{ displayName: null, profileName: null }, null],
    [{ displayName: '', profileName: '' }, null],
    [{}, null],
    // A name given as an address before addresses were refused is no name either.
    [{ displayName: 'ada@example.com', profileName: 'Dr Ada Okafor' }, 'Dr Ada Okafor'],
    [{ displayName: 'ada@example.com' }, null],
  ])('%o → %s', (speaker, name) => {
    expect(speakerNameForAttendees(speaker)).toBe(name)
  })
})

describe('speakerInText', () => {
  it('is the name, or "the speaker" without one', () => {
    expect(speakerInText('Ada Okafor')).toBe('Ada Okafor')
    expect(speakerInText(null)).toBe('the speaker')
    expect(speakerInText(null, { startsSentence: true })).toBe('The speaker')
  })
})

describe('the name fields', () => {
  const optional = (displayName?: string) => DisplayNameSchema.safeParse({ displayName })
  const required = (value?: string) => displayNameRequired.safeParse(value)
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message

  it('Settings may clear it; going live may not', () => {
    expect(optional(undefined).success).toBe(true)
    expect(message(required(undefined))).toBe(NAME_NEEDED)
    expect(message(required('   '))).toBe(NAME_NEEDED)
    expect(required('  Grace Hopper ').data).toBe('Grace Hopper')
  })

  it('refuses an email address and more than 80 characters, in both', () => {
    expect(message(optional('tour-1@example.org'))).toBe(NAME_NOT_ADDRESS)
    expect(message(required('tour-1@example.org'))).toBe(NAME_NOT_ADDRESS)
    expect(message(optional('x'.repeat(81)))).toBe('Use 80 characters or fewer')
    expect(message(required('x'.repeat(81)))).toBe('Use 80 characters or fewer')
  })
})

describe('memberName', () => {
  it('inside the workspace, a person without a name is shown by their address', () => {
    expect(memberName({ displayName: 'Ada Okafor', email: 'ada@example.com' })).toBe('Ada Okafor')
    expect(memberName({ displayName: null, email: 'ada@example.com' })).toBe('ada@example.com')
  })
})
