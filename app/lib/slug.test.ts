import { describe, it, expect } from 'vitest'
import { postSlug, speakerSlug } from './slug'

describe('postSlug', () => {
  it.each([
    ['How to Capture Leads', 'how-to-capture-leads'],
    ['  10 Ways -- to WIN!!  ', '10-ways-to-win'],
    ['ROI: the 2025 guide', 'roi-the-2025-guide'],
    ['already-a-slug', 'already-a-slug'],
    ['under_score & ampersand', 'under-score-ampersand'],
    ['--leading and trailing--', 'leading-and-trailing'],
    // Spec-literal a-z0-9: non-ASCII letters are separators, not kept.
    ['Café Tips', 'caf-tips'],
    ['Über Events', 'ber-events'],
    ['日本語', ''],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (title, slug) => {
    expect(postSlug(title)).toBe(slug)
  })
})

describe('speakerSlug', () => {
  const base = { name: 'Jane Doe', job_title: 'Head of Growth', company: 'Acme, Inc.', location: 'London, UK' }

  it('joins the four fields in order', () => {
    expect(speakerSlug(base)).toBe('jane-doe-head-of-growth-acme-inc-london-uk')
  })

  it.each([
    [{ ...base, name: 'José Núñez' }, 'josé-núñez-head-of-growth-acme-inc-london-uk'],
    // Decomposed input gives the same slug as precomposed input.
    [{ ...base, name: 'Jose\u0301' }, 'josé-head-of-growth-acme-inc-london-uk'],
    [{ ...base, company: '株式会社' }, 'jane-doe-head-of-growth-株式会社-london-uk'],
    [{ ...base, name: '  --Dr. O’Brien--  ' }, 'dr-o-brien-head-of-growth-acme-inc-london-uk'],
    [{ name: 'Solo', job_title: null, company: undefined, location: '' }, 'solo'],
    [{ name: 'Acme', job_title: 'CEO', company: 'Paris', location: 'FR' }, 'acme-ceo-paris-fr'],
  ])('%j → %j', (fields, slug) => {
    expect(speakerSlug(fields)).toBe(slug)
  })
})
