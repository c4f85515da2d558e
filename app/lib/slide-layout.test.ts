import { describe, expect, it } from 'vitest'
import {
  lineCount,
  oneLineSize,
  shortenForSlide,
  SLIDE_BOX,
  SLIDE_FALLBACK_OFFER,
  SLIDE_LIMITS,
  SLIDE_WIDTH,
  slideLayout,
  slideText,
  textWidth,
} from './slide-layout'
import { SESSION_LIMITS } from './talk-session'

const words = (n: number, word = 'measure') => Array.from({ length: n }, () => word).join(' ')
const inner = SLIDE_WIDTH - 2 * SLIDE_BOX.padding

describe('slide limits', () => {
  it('print every offer the session form accepts in full (issue 20 §1)', () => {
    expect(SLIDE_LIMITS).toEqual({ title: 120, offerTitle: 120, offerPromise: 200, address: 60 })
    expect(SLIDE_LIMITS.offerTitle).toBe(SESSION_LIMITS.offerTitle)
    expect(SLIDE_LIMITS.offerPromise).toBe(SESSION_LIMITS.offerPromise)
  })
})

describe('shortenForSlide', () => {
  it('keeps text up to the limit as it is, white space collapsed', () => {
    const text = 'x'.repeat(119) + 'y'
    expect(shortenForSlide(text, 120)).toBe(text)
    expect(shortenForSlide('  Two\n\nlines  ', 120)).toBe('Two lines')
  })

  it('cuts longer text at the last whole word and ends it with an ellipsis', () => {
    const text =
      'Observability for small teams: what to measure first when nothing is instrumented and everything is on fire, and how to convince your manager'
    const cut = shortenForSlide(text, 120)
    expect(cut).toBe(
      'Observability for small teams: what to measure first when nothing is instrumented and everything is on fire, and how to…',
    )
    expect(cut.length).toBeLessThanOrEqual(120)
  })

  it('drops punctuation left before the ellipsis', () => {
    expect(shortenForSlide(`${words(14)}, and more words here`, 110)).toMatch(/measure…$/)
  })

  it('cuts a single endless word where it must', () => {
    expect(shortenForSlide('a'.repeat(300), 120)).toBe(`${'a'.repeat(119)}…`)
  })

  it('never splits a character made of two UTF-16 units', () => {
    expect(shortenForSlide('🎤'.repeat(100), 122)).toBe(`${'🎤'.repeat(60)}…`)
  })
})

describe('measuring text in Inter', () => {
  it('measures with the font’s advance widths', () => {
    // Inter Bold: "m" is 1869/2048 em wide, "i" 555/2048.
    expect(textWidth('m', 2048, 700)).toBe(1869)
    expect(textWidth('i', 2048, 700)).toBe(555)
    expect(textWidth('mi', 100, 700)).toBeCloseTo(((1869 + 555) / 2048) * 100)
  })

  it('wraps at spaces, and breaks a word longer than a line', () => {
    expect(lineCount('', 40, 400, 500)).toBe(0)
    expect(lineCount('short', 40, 400, 500)).toBe(1)
    const word = textWidth('measure', 40, 400)
    expect(lineCount('measure measure measure', 40, 400, word * 2 + textWidth(' ', 40, 400))).toBe(2)
    expect(lineCount('m'.repeat(100), 40, 400, 500)).toBe(Math.ceil(textWidth('m'.repeat(100), 40, 400) / 500))
  })
})

describe('the short address', () => {
  it.each([
    'localhost:3000/t/7k3m9q2x8b4ct',
    'lectern.app/t/7k3m9q2x8b4ct',
    'www.lectern-for-speakers-conferences.example.com/t/7k3m9q2x8b4ct'.slice(0, 60),
  ])('%s is on one line and large', (address) => {
    expect(address.length).toBeLessThanOrEqual(SLIDE_LIMITS.address)
    const { address: a } = slideLayout({ title: 'T', offerTitle: '', offerPromise: '', address })
    expect(a.text).toBe(address)
    expect(a.size).toBeGreaterThanOrEqual(44)
    expect(a.width).toBeLessThanOrEqual(inner)
  })

  it('up to 60 of the widest characters still fit on one line', () => {
    const address = 'm'.repeat(SLIDE_LIMITS.address)
    const size = oneLineSize(address, 700, inner, SLIDE_BOX.addressMaxSize)
    expect(size).toBeGreaterThanOrEqual(30)
    expect(textWidth(address, size, 700)).toBeLessThanOrEqual(inner)
  })

  it('a longer address is never cut: smaller type, one line', () => {
    const address = `www.${'very-long-host-'.repeat(8)}example.org/t/7k3m9q2x8b4ct`
    const { address: a } = slideLayout({ title: 'T', offerTitle: '', offerPromise: '', address })
    expect(a.text).toBe(address)
    expect(a.width).toBeLessThanOrEqual(inner)
    expect(lineCount(address, a.size, 700, inner)).toBe(1)
  })

  it('a short address is drawn at the largest size, not larger', () => {
    expect(oneLineSize('a.io/t/7k3m9q2x8b4ct', 700, inner, SLIDE_BOX.addressMaxSize)).toBe(SLIDE_BOX.addressMaxSize)
  })
})

describe('slideLayout', () => {
  it('short text keeps the largest sizes', () => {
    const l = slideLayout({ title: 'Ship it', offerTitle: 'The slides', offerPromise: 'Get the deck.', address: 'a.io/t/x' })
    expect([l.title.size, l.offerTitle.size, l.offerPromise.size]).toEqual([64, 46, 40])
    expect([l.title.lines, l.offerTitle.lines, l.offerPromise.lines]).toEqual([1, 1, 1])
  })

  it('the longest texts the limits allow, in wide letters, fit inside the column', () => {
    const l = slideLayout({
      title: 'M'.repeat(SLIDE_LIMITS.title),
      offerTitle: words(20, 'WWWWW').slice(0, SLIDE_LIMITS.offerTitle),
      offerPromise: words(40, 'mmmm').slice(0, SLIDE_LIMITS.offerPromise),
      address: 'localhost:3000/t/7k3m9q2x8b4ct',
    })
    expect(l.title.text).toBe('M'.repeat(SLIDE_LIMITS.title))
    expect(l.column.used).toBeLessThanOrEqual(l.column.height)
  })

  it('longer text shrinks before anything is cut, and is cut only past the limits', () => {
    const title = words(17) // 135 characters
    const [offerTitle, offerPromise] = [words(15), words(25)] // 119 and 199 characters
    const l = slideLayout({ title, offerTitle, offerPromise, address: 'a.io/t/x' })
    expect(l.title.text).toBe(shortenForSlide(title, 120))
    expect(l.title.text.endsWith('measure…')).toBe(true)
    expect(l.offerTitle.text).toBe(offerTitle)
    expect(l.offerPromise.text).toBe(offerPromise)
    expect(l.title.size).toBeLessThan(64)
    expect(l.column.used).toBeLessThanOrEqual(l.column.height)
  })
})

describe('slideText', () => {
  const session = { headline: '', talkTitle: 'My talk', offerTitle: '', offerPromise: '' }
  it('uses the headline, else the talk title', () => {
    expect(slideText(session, 'a.io/t/x').title).toBe('My talk')
    expect(slideText({ ...session, headline: ' Headline ' }, 'a.io/t/x').title).toBe('Headline')
  })

  it('prints the offer, or an invitation when the session has none', () => {
    expect(slideText({ ...session, offerTitle: 'The slides', offerPromise: 'All of them' }, 'a')).toMatchObject({
      offerTitle: 'The slides',
      offerPromise: 'All of them',
    })
    expect(slideText(session, 'a')).toMatchObject({ offerTitle: '', offerPromise: SLIDE_FALLBACK_OFFER })
  })
})
