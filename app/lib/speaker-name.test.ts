import { describe, expect, it } from 'vitest'
import { speakerNameForAttendees } from './speaker-name'

describe('speakerNameForAttendees', () => {
  it.each([
    [{ displayName: 'Ada Okafor', profileName: 'Dr Ada Okafor', email: 'ada@example.com' }, 'Ada Okafor'],
    [{ displayName: null, profileName: 'Dr Ada Okafor', email: 'ada@example.com' }, 'Dr Ada Okafor'],
    [{ displayName: '   ', profileName: ' Dr Ada Okafor ', email: 'ada@example.com' }, 'Dr Ada Okafor'],
    [{ displayName: null, profileName: null, email: 'ada@example.com' }, 'ada@example.com'],
    [{ displayName: '', profileName: '', email: 'ada@example.com' }, 'ada@example.com'],
    [{ email: 'ada@example.com' }, 'ada@example.com'],
  ])('%o → %s', (speaker, name) => {
    expect(speakerNameForAttendees(speaker)).toBe(name)
  })
})
