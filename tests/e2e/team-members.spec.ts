import { expect, test } from '@playwright/test'
import { addMember, createTeamWorkspace, personPage } from './team-members-helpers'
import { expectNoAxeViolations } from './utils'

// Members and the workspace itself with JavaScript on (issue 21 Deliver 6): a new workspace from the
// switcher, a role change, removing a member (their next page is refused), the ownership transfer
// and deleting the workspace; axe on each new page.

test('an owner runs the team: role, removal, transfer and deletion', async ({ browser }) => {
  // Three people's browsers and five axe scans: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000)
  const owner = await personPage(browser, 'team-owner')
  const name = `Road Crew ${Date.now()}`

  // The switcher's last entry makes a new workspace.
  await owner.page.goto('/app')
  await owner.page.getByRole('navigation', { name: 'Workspace' }).locator('summary').click()
  await owner.page.getByRole('link', { name: 'New workspace' }).click()
  await expect(owner.page).toHaveURL(/\/app\/workspaces\/new$/)
  await expect(owner.page.getByText('A new workspace starts on the Free plan, which holds one person: you.')).toBeVisible()
  await expectNoAxeViolations(owner.page)
  const workspaceId = await createTeamWorkspace(owner.page, name)
  await expectNoAxeViolations(owner.page)

  const member = await personPage(browser, 'team-member')
  const admin = await personPage(browser, 'team-admin')
  const { userId: memberId, code } = await addMember(owner.context, workspaceId, member.email, 'member', {
    session: true,
    plan: 'teams',
  })
  await addMember(owner.context, workspaceId, admin.email, 'admin')

  // A member may look at a colleague's page, with nothing to manage on it.
  await member.page.goto(`/app/team/members/${memberId}?switch=${workspaceId}`)
  await expect(member.page.getByRole('heading', { level: 1, name: member.email })).toBeVisible()
  await expect(member.page.getByRole('button', { name: 'Save role' })).toHaveCount(0)
  await expect(member.page.getByRole('button', { name: /^Remove/ })).toHaveCount(0)

  // The owner makes the member an admin, then a member again.
  await owner.page.goto(`/app/team/members/${memberId}`)
  await expect(owner.page.getByText('Sessions they run', { exact: true })).toBeVisible()
  await expectNoAxeViolations(owner.page)
  await owner.page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('admin')
  await owner.page.getByRole('button', { name: 'Save role' }).click()
  await expect(owner.page.getByText('Role saved.')).toBeVisible()
  await expect(owner.page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('admin')

  // Removed: the member's very next page of the workspace is refused; the attendee page still works.
  await owner.page.getByLabel('Who gets their talks and sessions').selectOption({ label: `${admin.email}` })
  await owner.page.getByRole('button', { name: `Remove ${member.email}` }).click()
  await expect(owner.page).toHaveURL(/\/app\/team$/)
  const refused = await member.page.goto(`/app?workspace=${workspaceId}`)
  expect(refused?.status()).toBe(404)
  await member.page.goto('/app')
  await expect(member.page.getByText(`${member.email} (yours)`).first()).toBeVisible()
  const attendee = await member.page.goto(`/t/${code}`)
  expect(attendee?.status()).toBe(200)

  // The owner offers the workspace to the admin, who sees the notice and accepts.
  await owner.page.goto('/app/team/workspace')
  await owner.page.getByLabel('New owner').selectOption({ label: admin.email })
  await owner.page.getByRole('button', { name: 'Offer ownership' }).click()
  await expect(owner.page.getByText(`Offered to ${admin.email}.`)).toBeVisible()
  await admin.page.goto('/app')
  await expect(admin.page.getByText(`You are offered the ownership of ${name}.`)).toBeVisible()
  await admin.page.getByRole('link', { name: 'Answer the offer' }).click()
  await expect(admin.page.getByRole('heading', { name: `${owner.email} offered you the ownership of ${name}` })).toBeVisible()
  await expectNoAxeViolations(admin.page)
  await admin.page.getByRole('button', { name: 'Accept ownership' }).click()
  await expect(admin.page.getByText(`You are now the owner of ${name}.`)).toBeVisible()

  // The new owner deletes the workspace: the typed name must match.
  await admin.page.getByLabel('Type the workspace’s name to confirm').fill('not it')
  await admin.page.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(admin.page.getByText('Type the workspace’s name to confirm').nth(1)).toBeVisible()
  await admin.page.getByLabel('Type the workspace’s name to confirm').fill(name)
  await admin.page.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(admin.page).toHaveURL(/\/app$/)
  await expect(admin.page.getByText(`${name} is deleted, with everything in it.`)).toBeVisible()
  expect((await owner.page.goto(`/app?workspace=${workspaceId}`))?.status()).toBe(404)
  for (const p of [owner, member, admin]) await p.context.close()
})

test('a member leaves after confirming', async ({ browser }) => {
  const owner = await personPage(browser, 'leave-owner')
  const name = `Leavers ${Date.now()}`
  const workspaceId = await createTeamWorkspace(owner.page, name)
  const member = await personPage(browser, 'leave-member')
  const { userId: memberId } = await addMember(owner.context, workspaceId, member.email, 'member', { plan: 'teams' })
  await member.page.goto(`/app/team/workspace?switch=${workspaceId}`)
  await expect(member.page.getByRole('button', { name: 'Rename' })).toHaveCount(0)
  await expect(member.page.getByRole('link', { name: `Leave ${name}` })).toBeVisible()
  // Their own page leads there too.
  await member.page.goto(`/app/team/members/${memberId}`)
  await member.page.getByRole('link', { name: 'Leave this workspace' }).click()
  await expect(member.page.getByRole('dialog', { name: `Leave ${name}?` })).toBeVisible()
  await expectNoAxeViolations(member.page)
  await member.page.getByRole('button', { name: 'Leave the workspace' }).click()
  await expect(member.page).toHaveURL(/\/app$/)
  await expect(member.page.getByText(`You left ${name}.`)).toBeVisible()
  expect((await member.page.goto(`/app?workspace=${workspaceId}`))?.status()).toBe(404)
  // The owner cannot leave; alone in the workspace again, it stays theirs (issue 29 Deliver 2).
  await owner.page.goto('/app/team/workspace')
  await expect(
    owner.page.getByText(
      'You are the only person in this workspace, so it stays yours: it goes only when you delete it or close your account.',
    ),
  ).toBeVisible()
  for (const p of [owner, member]) await p.context.close()
})
