import { expect, type Page } from '@playwright/test'
import type { FakeContact } from '../fakes/hubspot'
import { fillAttendeeForm } from './lead-capture-helpers'
import { hubspotUrl } from './utils'

// Helpers for tests/e2e/integrations*.spec.ts: the local HubSpot fake (tests/fakes/hubspot.ts),
// shared by the js and nojs projects, so each test uses its own token, property and email.

export async function registerHubSpotToken(token: string, scopes?: string[]) {
  const res = await fetch(`${hubspotUrl()}/__fake/tokens`, { method: 'POST', body: JSON.stringify({ token, scopes }) })
  expect(res.ok).toBe(true)
}

export async function addHubSpotProperties(...names: string[]) {
  const res = await fetch(`${hubspotUrl()}/__fake/properties`, { method: 'POST', body: JSON.stringify({ names }) })
  expect(res.ok).toBe(true)
}

/** The fake's contact with this email, once the job worker has pushed it. */
export async function hubspotContact(email: string): Promise<FakeContact> {
  let found: FakeContact | undefined
  await expect
    .poll(
      async () => {
        const res = await fetch(`${hubspotUrl()}/__fake/contacts?email=${encodeURIComponent(email)}`)
        found = ((await res.json()) as FakeContact[])[0]
        return found?.id ?? null
      },
      { timeout: 15_000 },
    )
    .not.toBeNull()
  return found!
}

/** An attendee signs up on the session page. */
export async function captureLead(page: Page, code: string, email: string) {
  await page.goto(`/t/${code}`)
  await fillAttendeeForm(page, { firstName: 'Grace', email, company: 'Navy', role: 'Engineering' })
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks, Grace!' })).toBeVisible()
}

export const uniqueToken = () => `pat-na1-${crypto.randomUUID()}`
export const uniqueProperty = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`
