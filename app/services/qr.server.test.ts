import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { displayShortUrl, qrPayload } from '~/lib/short-link'
import { SLIDE_LIMITS, shortenForSlide, slideText } from '~/lib/slide-layout'
import { renderSlidePng } from './qr.server'

// The slide read back by a real OCR engine (issue 20 §1): Debian's tesseract, which
// scripts/ensure-tesseract.sh installs as scripts/ensure-chromium.sh installs chromium.

const TESSERACT = process.env.TESSERACT_PATH ?? '/usr/bin/tesseract'
const CODE = '7k3m9q2x8b4ct'
let dir = ''

beforeAll(async () => {
  if (!existsSync(TESSERACT)) throw new Error(`${TESSERACT} is missing: run bash scripts/ensure-tesseract.sh`)
  dir = await mkdtemp(path.join(tmpdir(), 'slide-ocr-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

type Case = { appUrl: string; headline: string; offerTitle: string; offerPromise: string }

async function render(name: string, c: Case) {
  const text = slideText({ ...c, talkTitle: 'Unused talk title' }, displayShortUrl(c.appUrl, CODE))
  const png = await renderSlidePng({ ...text, payload: qrPayload(c.appUrl, CODE), accent: '#2563eb' })
  const file = path.join(dir, `${name}.png`)
  // Read at twice the size, as tesseract prefers: the test is about the slide, not OCR's limits.
  await sharp(png).resize(3840).png().toFile(file)
  const { stdout } = await promisify(execFile)(TESSERACT, [file, 'stdout'], {
    timeout: 50_000,
    // One thread: the machine running the suite is shared with other test workers.
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  })
  const lines = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  return { png, lines, words: new Set(words(stdout)), address: text.address }
}

/** Lower-case words without punctuation: what OCR reliably gets right. */
const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? []

/** Every word of four letters or more that the slide prints must be read back whole. */
function expectAllWords(read: Set<string>, printed: string) {
  const expected = words(printed).filter((w) => w.length >= 4)
  expect(expected.filter((w) => !read.has(w))).toEqual([])
}

/** Nothing is drawn in the outer 48 px of the slide: no text runs into or past its edges. */
async function expectClearEdges(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
  expect([info.width, info.height]).toEqual([1920, 1080])
  const margin = 48
  let inked = 0
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const edge = x < margin || x >= info.width - margin || y < margin || y >= info.height - margin
      if (edge && data[y * info.width + x]! < 200) inked++
    }
  expect(inked).toBe(0)
}

/** The short link is one OCR line, character for character (OCR may split it with spaces). */
function expectAddressOnOneLine(lines: string[], address: string) {
  expect(
    lines.map((l) => l.replace(/\s+/g, '')),
    lines.join('\n'),
  ).toContain(address)
}

describe('the 1920×1080 slide, read by OCR', { timeout: 60_000 }, () => {
  it('short inputs with APP_URL=http://localhost:3000: the whole short link on one line', async () => {
    const slide = await render('short', {
      appUrl: 'http://localhost:3000',
      headline: 'Shipping calmly',
      offerTitle: 'The slides',
      offerPromise: 'Download the deck and the checklist.',
    })
    expect(slide.address).toBe(`localhost:3000/t/${CODE}`)
    expectAddressOnOneLine(slide.lines, slide.address)
    expectAllWords(slide.words, 'Shipping calmly. The slides. Download the deck and the checklist.')
    await expectClearEdges(slide.png)
  })

  it('inputs at the stated limits and a long https://www. host: everything printed in full, wrapped', async () => {
    const headline =
      'Observability for small teams: what to measure first when nothing is instrumented and everything is on fire today'
    const offerTitle = 'The slides, the checklist and the dashboards from production'
    const offerPromise =
      'A twelve-point checklist to instrument a service in an afternoon, with the Grafana dashboards from the talk and the alert rules that woke me only when it mattered, plus my reading list of articles'
    expect(headline.length).toBeLessThanOrEqual(SLIDE_LIMITS.title)
    expect(offerPromise.length).toBeLessThanOrEqual(SLIDE_LIMITS.offerPromise)
    expect(offerPromise.length).toBeGreaterThan(180)
    const slide = await render('long', {
      appUrl: 'https://www.lectern-speaker-pages.example.com',
      headline,
      offerTitle,
      offerPromise,
    })
    expect(slide.address).toBe(`www.lectern-speaker-pages.example.com/t/${CODE}`)
    expectAddressOnOneLine(slide.lines, slide.address)
    expectAllWords(slide.words, `${headline} ${offerTitle} ${offerPromise}`)
    // Printed in full: no ellipsis anywhere.
    expect(slide.lines.join(' ')).not.toMatch(/\.\.\.|…/)
    await expectClearEdges(slide.png)
  })

  it('very long inputs: the address still whole on one line, text cut at a word with an ellipsis', async () => {
    const headline =
      'Observability for small teams: what to measure first when nothing is instrumented and everything is on fire, and how to convince your manager that it matters more than features this quarter'
    const offerPromise = `${'A twelve-point checklist to instrument a service in an afternoon, with the Grafana dashboards from the talk and the alert rules that woke me only when it mattered, plus my reading list of articles.'} Extra sentences from before the form had limits, mentioning zeppelins.`
    const appUrl = 'https://www.the-very-long-conference-subdomain.speakers.example.org'
    const slide = await render('very-long', { appUrl, headline, offerTitle: 'The slides', offerPromise })
    expect(slide.address.length).toBeGreaterThan(SLIDE_LIMITS.address)
    expectAddressOnOneLine(slide.lines, slide.address)

    const title = shortenForSlide(headline, SLIDE_LIMITS.title)
    const promise = shortenForSlide(offerPromise, SLIDE_LIMITS.offerPromise)
    expect(title).toMatch(/ how to…$/)
    expectAllWords(slide.words, `${title} ${promise}`)
    // The words past the limit are not on the slide, and the cut shows as an ellipsis.
    for (const gone of ['convince', 'manager', 'quarter', 'zeppelins']) expect(slide.words).not.toContain(gone)
    expect(slide.lines.join(' ')).toMatch(/how to ?(\.\.\.|…)/)
    await expectClearEdges(slide.png)
  })
})
