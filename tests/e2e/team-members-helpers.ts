import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { appUrl, signIn, uniqueEmail } from './utils'

// Helpers for the members and workspace tests (tests/e2e/team-members*.spec.ts).

/** Puts a person into a workspace with a role through the test hook (invitations have their own tests). */
export async function addMember(
  context: BrowserContext,
  workspaceId: string,
  email: string,
  role: 'admin' | 'member',
  options: { session?: boolean; plan?: string } = {},
) {
  const res = await context.request.post(`${appUrl()}/__e2e/workspace-member`, { data: { workspaceId, email, role, ...options } })
  expect(res.ok()).toBe(true)
  return (await res.json()) as { userId: string; code: string | null }
}

/** A signed-in page in its own browser context (one person), JavaScript on or off. */
export async function personPage(browser: Browser, prefix: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled })
  const email = uniqueEmail(prefix)
  await signIn(context, email)
  return { context, page: await context.newPage(), email }
}

/** The owner makes a team workspace through its form; answers its id (the current workspace after). */
export async function createTeamWorkspace(page: Page, name: string) {
  await page.goto('/app/workspaces/new')
  await page.getByLabel('Workspace name').fill(name)
  await page.getByRole('button', { name: 'Create workspace' }).click()
  await expect(page).toHaveURL(/\/app\/team\/workspace$/)
  await expect(page.getByText(`${name} is created, and you are its owner.`)).toBeVisible()
  const action = await page.locator('form:has(input[name="intent"][value="rename"])').getAttribute('action')
  const id = new URL(action!, appUrl()).searchParams.get('workspace')
  expect(id).toBeTruthy()
  return id!
}
