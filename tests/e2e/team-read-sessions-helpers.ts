import { expect, type Browser } from '@playwright/test'
import { SESSION_READ_ONLY } from '../../app/lib/permissions'
import { membersSeeEveryLead } from './team-helpers'
import { addMember, createTeamWorkspace, personPage } from './team-members-helpers'
import { appUrl, expectNoAxeViolations, uniqueEmail } from './utils'

// Issue 29 Deliver 1 (tests/e2e/team-read-sessions*.spec.ts): with "Members see every lead" on, a
// member opens the person an attendee became at a colleague's session, follows the capture's link to
// that session and reads it — its page with no control to change it, then its leads. The same steps
// with JavaScript on (axe on both pages) and off.

/** A team of three: the owner, a colleague running a live session with one lead, and the reader. */
async function teamWithColleaguesLead(browser: Browser, javaScriptEnabled: boolean) {
  const owner = await personPage(browser, 'read-owner', javaScriptEnabled)
  const workspaceId = await createTeamWorkspace(owner.page, `Readers ${Date.now()}`)
  const { code } = await addMember(owner.context, workspaceId, uniqueEmail('read-colleague'), 'member', {
    session: true,
    plan: 'teams',
  })
  const reader = await personPage(browser, 'read-member', javaScriptEnabled)
  await addMember(owner.context, workspaceId, reader.email, 'member')

  const attendee = { firstName: 'Hedy', email: uniqueEmail('read-attendee') }
  const visitor = await browser.newContext({ javaScriptEnabled })
  const form = await visitor.newPage()
  await form.goto(`/t/${code}`)
  await form.getByLabel('First name').fill(attendee.firstName)
  await form.getByLabel('Email', { exact: true }).fill(attendee.email)
  await form.getByRole('button', { name: 'Send my details' }).click()
  await expect(form).toHaveURL(new RegExp(`/t/${code}/thanks/`))
  await visitor.close()

  await membersSeeEveryLead(owner.page)
  return { owner, reader, workspaceId, attendee }
}

export async function readColleaguesSession(browser: Browser, { javaScriptEnabled }: { javaScriptEnabled: boolean }) {
  const { owner, reader, workspaceId, attendee } = await teamWithColleaguesLead(browser, javaScriptEnabled)
  const axe = javaScriptEnabled ? () => expectNoAxeViolations(reader.page) : async () => {}
  const page = reader.page

  // From the leads list to the person, and from their capture to the colleague's session.
  await page.goto(`/app/leads?switch=${workspaceId}`)
  await page.getByRole('link', { name: attendee.firstName, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: attendee.firstName })).toBeVisible()
  await page.getByRole('link', { name: 'Team talk · TeamConf 2026' }).click()
  await expect(page).toHaveURL(/\/app\/sessions\/[0-9a-f-]{36}$/)
  const sessionPath = new URL(page.url()).pathname

  // Read-only: the figures, who runs it, and nothing that changes it.
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'TeamConf 2026' })).toBeVisible()
  await expect(main.getByText(SESSION_READ_ONLY)).toBeVisible()
  await expect(main.getByText(/^Run by/)).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Results' })).toBeVisible()
  for (const name of ['Go live', 'Reopen', 'Close session', 'Duplicate for the next event'])
    await expect(main.getByRole('button', { name })).toHaveCount(0)
  for (const name of ['Edit', 'Delete']) await expect(main.getByRole('link', { name, exact: true })).toHaveCount(0)
  await expect(main.locator('form[method="post"]')).toHaveCount(0)
  await axe()

  // Its leads page lists the attendee.
  // (The workspace's own Leads link, in the navigation, goes to every lead: this one is the session's.)
  await main
    .getByRole('link', { name: 'Leads', exact: true })
    .and(page.locator(`[href="${sessionPath}/leads"]`))
    .click()
  await expect(page).toHaveURL(new RegExp(`${sessionPath}/leads$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await expect(page.getByText(attendee.email)).toBeVisible()
  await axe()

  // A forged change is still refused; the edit page too.
  const forged = await reader.context.request.post(`${appUrl()}${sessionPath}?workspace=${workspaceId}`, {
    form: { intent: 'close' },
    headers: { Origin: appUrl() },
  })
  expect(forged.status()).toBe(403)
  expect((await page.goto(`${sessionPath}/edit`))?.status()).toBe(403)

  await owner.context.close()
  await reader.context.close()
}
