import { expect, type BrowserContext, type Page } from '@playwright/test'
import { appUrl, signIn } from './utils'

// Settings → API (issue 30): a signed-in owner of a workspace on a plan with the API, and the calls a
// test makes with the key it was shown.

export async function ownerOnPlan(context: BrowserContext, email: string, plan: 'pro' | 'free' = 'pro') {
  // The owner's personal workspace on the plan (the hook makes a talk and a session too).
  const res = await context.request.post(`${appUrl()}/__e2e/lead-session`, { data: { email, plan } })
  expect(res.ok()).toBe(true)
  await signIn(context, email)
}

/** Fills the create form: a name and these scopes (leads:read is ticked by default and kept). */
export async function fillKey(page: Page, name: string, scopes: string[]) {
  await page.getByLabel('Name').fill(name)
  for (const scope of scopes) await page.getByRole('checkbox', { name: new RegExp(scope) }).check()
}

/** GET /api/v1/me with this key, as a server would call it (no cookies). */
export async function me(context: BrowserContext, key: string) {
  const res = await context.request.fetch(`${appUrl()}/api/v1/me`, { headers: { Authorization: `Bearer ${key}`, Cookie: '' } })
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> }
}
