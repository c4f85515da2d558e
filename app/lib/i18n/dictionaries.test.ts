import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { DICTIONARIES } from './dictionaries'
import { en } from './en'
import { LANGUAGES } from './languages'

// Every dictionary has exactly the English file's keys (issue 31 Deliver 7): a missing or an extra
// key fails here (and in the type check), and so does a text that is empty, still English where
// the English is a sentence, or a function that ignores a value it is given.

type Tree = { [key: string]: unknown }

function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value as Tree, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  )
}

/** Sample values for a function's parameters: distinctive, so each can be found in the output. */
const SAMPLE: Record<string, string | number> = {
  count: 2,
  max: 123,
  label: 'LABEL_X',
  speaker: 'SPEAKER_X',
  speakerStart: 'SPEAKERSTART_X',
  brand: 'BRAND_X',
  organiser: 'ORGANISER_X',
  contact: 'CONTACT_X',
  url: 'URL_X',
  firstName: 'FIRSTNAME_X',
  names: 'NAMES_X',
  file: 'FILE_X',
  headline: 'HEADLINE_X',
  event: 'EVENT_X',
  offer: 'OFFER_X',
  talk: 'TALK_X',
  time: 'TIME_X',
  dates: 'DATES_X',
  place: 'PLACE_X',
  zone: 'ZONE_X',
  author: 'AUTHOR_X',
  role: 'ROLE_X',
}

// Words that are the same in several languages (a label, a brand's word): allowed to equal English.
// 'Programme' is the French word too; 'Online' the German, Italian, Portuguese and Dutch one.
const SAME_AS_ENGLISH = new Set([
  'page.optional',
  'page.contact',
  'fields.email',
  'fields.phone',
  'event.programme',
  'event.online',
])

const englishKeys = leaves(en).map(([key]) => key)

describe.each(LANGUAGES)('the %s dictionary', (language) => {
  const dict = DICTIONARIES[language] as unknown as Tree
  const entries = leaves(dict)

  test('has every key of the English file and no other', () => {
    expect(entries.map(([key]) => key).sort()).toEqual([...englishKeys].sort())
  })

  test('each entry is a non-empty text or a function of the same values', () => {
    const english = new Map(leaves(en))
    for (const [key, value] of entries) {
      const reference = english.get(key)
      expect(typeof value, key).toBe(typeof reference)
      if (typeof value === 'string') expect(value.trim(), key).not.toBe('')
      if (typeof value === 'function') {
        const source = (reference as (...args: unknown[]) => unknown).toString()
        const names = Object.keys(SAMPLE).filter((name) => new RegExp(`\\b${name}\\b`).test(source.split('=>')[0]!))
        const args = Object.fromEntries(names.map((name) => [name, SAMPLE[name]]))
        const out = (value as (a: unknown) => unknown)(args)
        expect(typeof out, key).toBe('string')
        expect(out as string, key).not.toMatch(/undefined|\[object Object\]|NaN/)
        // Every text value given is used (a number may decide the wording instead of being shown).
        for (const name of names)
          if (typeof SAMPLE[name] === 'string') expect(out as string, `${key} uses ${name}`).toContain(SAMPLE[name])
      }
    }
  })

  if (language !== 'en') {
    test('is not English where English is a sentence', () => {
      const english = new Map(leaves(en))
      for (const [key, value] of entries) {
        if (typeof value !== 'string' || SAME_AS_ENGLISH.has(key)) continue
        expect(value, key).not.toBe(english.get(key))
      }
    })
  }

  test('says in its header who checked it', () => {
    const source = readFileSync(new URL(`./${language}.ts`, import.meta.url), 'utf8')
    expect(source).toMatch(/^\/\/ Checked by: .+$/m)
  })
})
