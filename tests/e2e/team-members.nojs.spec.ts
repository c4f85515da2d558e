import { expect, test } from '@playwright/test'
import { addMember, createTeamWorkspace, personPage } from './team-members-helpers'

// Removing a member with JavaScript off: the form posts, the work goes to the chosen person, and
// the removed member's next page of the workspace is refused.

test('without JavaScript: remove a member and hand their sessions to an admin', async ({ browser }) => {
  const owner = await personPage(browser, 'nojs-owner', false)
  const name = `No Script ${Date.now()}`
  const workspaceId = await createTeamWorkspace(owner.page, name)
  const member = await personPage(browser, 'nojs-member', false)
  const admin = await personPage(browser, 'nojs-admin', false)
  const { userId: memberId, code } = await addMember(owner.context, workspaceId, member.email, 'member', {
    session: true,
    plan: 'teams',
  })
  const { userId: adminId } = await addMember(owner.context, workspaceId, admin.email, 'admin')
  expect((await member.page.goto(`/app?workspace=${workspaceId}`))?.status()).toBe(200)

  await owner.page.goto(`/app/team/members/${memberId}`)
  await expect(owner.page.getByText('Sessions they run', { exact: true })).toBeVisible()
  await owner.page.getByLabel('Who gets their talks and sessions').selectOption(adminId)
  await owner.page.getByRole('button', { name: `Remove ${member.email}` }).click()
  await expect(owner.page).toHaveURL(/\/app\/team$/)

  expect((await member.page.goto(`/app?workspace=${workspaceId}`))?.status()).toBe(404)
  expect((await member.page.goto(`/t/${code}`))?.status()).toBe(200)
  // The admin now runs the session.
  await admin.page.goto(`/app/team/members/${adminId}?switch=${workspaceId}`)
  await expect(admin.page.getByText('Sessions they run', { exact: true })).toBeVisible()
  await expect(admin.page.locator('dd').last()).toHaveText('1')
  for (const p of [owner, member, admin]) await p.context.close()
})
