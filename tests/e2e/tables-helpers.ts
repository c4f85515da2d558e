import { expect, type Browser, type Page } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import type { APIRequestContext } from '@playwright/test'

// Helpers for the tables-fit tests (tests/e2e/tables*.spec.ts, issue 20 Deliver 6): a session whose
// leads have the longest values the attendee form takes, and the overflow measurements.

export const LONG = {
  firstName: 'Maximiliana-Alexandrina Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft',
  company: 'Internationale Gesellschaft für Angewandte Forschungsdatenverarbeitungsinfrastrukturentwicklungsgesellschaft mbH',
  jobTitle: 'Senior Principal Distinguished Vice-President of Developer-Relations-and-Community-Engineering',
  answer:
    'Observability-for-event-driven-microservice-architectures-without-vendor-lock-in, please, and more on Kubernetes operators',
  // Tags are at most 40 characters.
  tags: ['customer-advisory-board-candidate-q3-27', 'enterprise-procurement-follow-up-needed', 'speaker'],
}

const QUESTIONS = [
  { id: 'role', kind: 'single', label: 'Your role', required: true, options: ['Engineering', 'Marketing'] },
  { id: 'next', kind: 'text', label: 'What should I talk about next?', required: false, options: [] },
]

/** An address whose local part and domain are both long, unique per call. */
export const longEmail = (tag: string) =>
  `wolfeschlegelsteinhausen.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@research-department.international-conference-organisation.example`

export type Attendee = { firstName: string; email: string; company: string; jobTitle: string; answer: string; marketing: boolean }

/** A live session (Professional plan: every lead shown) with three attendees' details, two of them long. */
export async function sessionWithLongLeads(request: APIRequestContext, browser: Browser, speaker: string) {
  const session = await createLeadSession(request, speaker, { plan: 'pro', questions: QUESTIONS })
  const attendees: Attendee[] = [
    {
      firstName: LONG.firstName,
      email: longEmail('a'),
      company: LONG.company,
      jobTitle: LONG.jobTitle,
      answer: LONG.answer,
      marketing: true,
    },
    {
      firstName: 'Grace',
      email: longEmail('b'),
      company: LONG.company,
      jobTitle: 'Rear Admiral',
      answer: LONG.answer,
      marketing: false,
    },
    { firstName: 'Al', email: `al-${Date.now()}@example.com`, company: 'B', jobTitle: '', answer: '', marketing: false },
  ]
  for (const a of attendees) await leaveDetails(browser, session.code, a)
  return { ...session, attendees }
}

async function leaveDetails(browser: Browser, code: string, a: Attendee) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}`)
  await page.getByLabel('First name').fill(a.firstName)
  await page.getByLabel('Email', { exact: true }).fill(a.email)
  await page.getByLabel('Company (optional)').fill(a.company)
  if (a.jobTitle) await page.getByLabel('Job title (optional)').fill(a.jobTitle)
  await page.getByRole('radio', { name: 'Engineering' }).check()
  if (a.answer) await page.getByLabel('What should I talk about next? (optional)').fill(a.answer)
  if (a.marketing) await page.getByRole('checkbox', { name: 'Send me Ada’s monthly newsletter too' }).check()
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/`))
  await context.close()
}

/** The page and the table's own scroll box, measured: neither may be wider than it shows. */
export async function expectNoSidewaysScroll(page: Page, region: string) {
  const box = page.getByRole('region', { name: region })
  await expect(box).toBeVisible()
  const doc = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(doc.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(doc.clientWidth)
  const own = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }))
  expect(own.scrollWidth, `the ${region} box scrolls sideways`).toBeLessThanOrEqual(own.clientWidth)
}
