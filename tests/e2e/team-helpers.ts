import { expect, type Browser, type Page } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { captureLead } from './leads-list-helpers'
import { signIn, uniqueEmail, waitForEmail } from './utils'

// Helpers for the team tests (tests/e2e/team*.spec.ts): an owner on Professional with a live session
// and one captured lead, the invite form, and the invitation email's link.

/** An owner (signed in on `page`) whose personal workspace is on Professional, with one lead. */
export async function ownerWithLead(page: Page, browser: Browser) {
  const owner = uniqueEmail('team-owner')
  const lead = uniqueEmail('team-lead')
  const { code } = await createLeadSession(page.request, owner, { plan: 'pro' })
  await captureLead(browser, code, { firstName: 'Grace', email: lead })
  await signIn(page.context(), owner)
  return { owner, lead }
}

export async function inviteFromTeamPage(page: Page, email: string, role: 'Admin' | 'Member') {
  await page.goto('/app/team')
  await page.getByRole('main').getByLabel('Email address').fill(email)
  await page.getByRole('main').getByLabel('Role').selectOption({ label: role })
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('listitem', { name: email })).toBeVisible()
}

/** "Members see every lead" on /app/team/workspace, so the invited member sees the owner's session. */
export async function membersSeeEveryLead(page: Page) {
  await page.goto('/app/team/workspace')
  await page.getByRole('checkbox', { name: 'Members see every lead' }).check()
  await page.getByRole('button', { name: 'Save lead visibility' }).click()
  await expect(page.getByText('Members see every lead of the workspace.')).toBeVisible()
}

/** The accept link of the newest invitation email to this address. */
export async function invitationLink(email: string, inviter: string) {
  const mail = await waitForEmail(email, (m) => m.subject.includes('invited you'))
  expect(mail.subject).toContain(inviter)
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the accept link in the invitation').toBeTruthy()
  return link!
}
