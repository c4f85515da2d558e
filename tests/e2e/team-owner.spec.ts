import { expect, test } from '@playwright/test'
import { addMember, personPage } from './team-members-helpers'
import { appUrl, expectNoAxeViolations } from './utils'

// The owner of a personal workspace turned team (issue 29 Deliver 2): no Leave button, but the
// sentence saying why and a link to the transfer, on the workspace page and on their own page.

test('the owner of a personal workspace turned team reads why they cannot leave, and how to hand it on', async ({ browser }) => {
  const owner = await personPage(browser, 'own-stays')
  const { userId: ownerId } = (await (
    await owner.context.request.post(`${appUrl()}/__e2e/session`, { data: { email: owner.email } })
  ).json()) as { userId: string }

  // Alone in it: it stays theirs, and goes only with their account.
  await owner.page.goto('/app/team/workspace')
  await expect(owner.page.getByRole('link', { name: /^Leave / })).toHaveCount(0)
  await expect(
    owner.page.getByText(
      'This is your own workspace: it stays yours, and goes only with your account (Settings → Close your account).',
    ),
  ).toBeVisible()

  // A site admin set Teams, and a member and an admin joined.
  await addMember(owner.context, ownerId, `own-stays-member-${Date.now()}@example.com`, 'member', { plan: 'teams' })
  await owner.page.reload()
  await expect(owner.page.getByText(/make someone an admin first/)).toBeVisible()
  await addMember(owner.context, ownerId, `own-stays-admin-${Date.now()}@example.com`, 'admin')
  for (const path of ['/app/team/workspace', `/app/team/members/${ownerId}`]) {
    await owner.page.goto(path)
    const leaving = owner.page.getByRole('region', { name: 'Leave the workspace' })
    await expect(leaving).toContainText(
      'As the owner you cannot leave: a workspace always has an owner. To hand it on, offer the ownership to one of its admins; once they accept, you are an admin and can leave.',
    )
    await expect(owner.page.getByRole('link', { name: /^Leave / })).toHaveCount(0)
    await expectNoAxeViolations(owner.page)
  }
  // The link goes to the transfer control.
  await owner.page.getByRole('link', { name: 'Transfer ownership' }).click()
  await expect(owner.page).toHaveURL(/\/app\/team\/workspace#ownership$/)
  await expect(owner.page.getByLabel('New owner')).toBeVisible()
  await owner.context.close()
})

test('the switcher names each workspace for the person viewing it: "(yours)" for the owner, the owner’s name for others', async ({
  browser,
}) => {
  const owner = await personPage(browser, 'lbl-owner')
  const { userId: ownerId } = (await (
    await owner.context.request.post(`${appUrl()}/__e2e/session`, { data: { email: owner.email } })
  ).json()) as { userId: string }
  await owner.page.goto('/app/settings')
  await owner.page.getByLabel('Name attendees see').fill('Ada Lovelace')
  await owner.page.getByRole('button', { name: 'Save name' }).click()
  await expect(owner.page.getByLabel('Name attendees see')).toHaveValue('Ada Lovelace')
  const name = `Ada Talks ${Date.now()}`
  await owner.page.goto('/app/team/workspace')
  await owner.page.getByLabel('Workspace name').fill(name)
  await owner.page.getByRole('button', { name: 'Rename' }).click()
  await expect(owner.page.getByText('Workspace renamed.')).toBeVisible()

  const admin = await personPage(browser, 'lbl-admin')
  await addMember(owner.context, ownerId, admin.email, 'admin', { plan: 'teams' })
  await admin.page.goto(`/app?switch=${ownerId}`)
  const bar = admin.page.getByRole('navigation', { name: 'Workspace' })
  await expect(bar.locator('summary')).toContainText(`${name} (owner: Ada Lovelace)`)
  await bar.locator('summary').click()
  await expect(bar.getByRole('link', { name: `${admin.email} (yours)` })).toBeVisible()
  await expect(bar.getByRole('link', { name: `${name} (owner: Ada Lovelace)` })).toHaveAttribute('aria-current', 'true')
  await expectNoAxeViolations(admin.page)

  await owner.page.goto('/app')
  await expect(owner.page.getByRole('navigation', { name: 'Workspace' }).locator('summary')).toContainText(`${name} (yours)`)
  for (const p of [owner, admin]) await p.context.close()
})
