import { describe, expect, it } from 'vitest'
import { isEmailAddress, publicName } from './public-name'

describe('publicName', () => {
  it.each([
    [['Ada Okafor', 'Dr Ada Okafor'], 'Ada Okafor'],
    [[null, ' Dr Ada Okafor '], 'Dr Ada Okafor'],
    [['   ', undefined, 'Ada'], 'Ada'],
    // An address is never a name, wherever it sits among the candidates.
    [['tour-1a2b@example.org', 'Ada Okafor'], 'Ada Okafor'],
    [[' ada@example.org '], null],
    [[null, ''], null],
    [[], null],
  ])('%o → %s', (candidates, name) => {
    expect(publicName(...candidates)).toBe(name)
  })
})

describe('isEmailAddress', () => {
  it.each([
    ['ada@example.org', true],
    ['ada@localhost', true],
    [' tour-1a2b@example.org ', true],
    ['Ada Okafor', false],
    ['Ada @ Analytical Engines', false],
    ['@ada', false],
    ['ada@', false],
  ])('%s → %s', (text, address) => {
    expect(isEmailAddress(text)).toBe(address)
  })
})
