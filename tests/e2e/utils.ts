import AxeBuilder from '@axe-core/playwright'
import { expect, type BrowserContext, type Page } from '@playwright/test'

export const resendUrl = () => `http://127.0.0.1:${process.env.E2E_RESEND_PORT}`
export const appUrl = () => `http://127.0.0.1:${process.env.E2E_APP_PORT}`
export const hooksUrl = () => `http://127.0.0.1:${process.env.E2E_HOOKS_PORT}`
export const hubspotUrl = () => `http://127.0.0.1:${process.env.E2E_HUBSPOT_PORT}`
export const stripeUrl = () => `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`

type FakeEmail = { id: string; to: string[]; subject: string; html?: string; text?: string; reply_to?: string[] }

/** Emails the app sent to this address through the fake Resend, oldest first. */
export async function emailsTo(address: string): Promise<FakeEmail[]> {
  const res = await fetch(`${resendUrl()}/__fake/emails?to=${encodeURIComponent(address)}`)
  return (await res.json()) as FakeEmail[]
}

/** Waits for the next email to this address (the outbox worker delivers within a moment). */
export async function waitForEmail(
  address: string,
  match: (e: FakeEmail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<FakeEmail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await emailsTo(address)).filter(match).at(-1)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No email to ${address} within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** A unique address per test, so tests never read each other's mail. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/**
 * Starts a session for this address without the email round trip: the e2e server exposes
 * POST /__e2e/session only with NODE_ENV=test and E2E_TEST_HOOKS=1 (docs/decisions/0002).
 */
export async function signIn(context: BrowserContext, email: string, role: 'admin' | 'speaker' = 'speaker') {
  const res = await context.request.post(`${appUrl()}/__e2e/session`, { data: { email, role } })
  expect(res.ok()).toBe(true)
}

/** Zero axe violations (run with JavaScript on: axe hangs in a JS-disabled context). */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const results = await builder.analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}
