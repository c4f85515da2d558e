import { expect, test, type BrowserContext } from '@playwright/test'
import { personPage } from './team-members-helpers'
import { appUrl, expectNoAxeViolations, signIn } from './utils'

// Issue 23 Deliver 1 and 3: an organiser creates an event with two rooms and publishes it with
// JavaScript off (every form: a refused field, the rooms, the status); the public pages then show
// the programme to a visitor without JavaScript; axe on each new page (with JavaScript on, in a
// second browser of the same organiser: axe hangs without it).

async function onPlan(context: BrowserContext, email: string, plan: string) {
  // The hook's session is a leftover here; what matters is the personal workspace's plan.
  const res = await context.request.post(`${appUrl()}/__e2e/lead-session`, { data: { email, plan, status: 'draft' } })
  expect(res.ok()).toBe(true)
}

test('an organiser creates an event with two rooms and publishes it; its public pages show the programme without JavaScript', async ({
  browser,
}) => {
  // Two browsers, a dozen form posts and six axe scans: longer than the default 30 s on a busy machine.
  test.setTimeout(120_000)
  const organiser = await personPage(browser, 'organiser', false)
  await onPlan(organiser.context, organiser.email, 'organiser')
  const seeing = await browser.newContext()
  await signIn(seeing, organiser.email)
  const axe = await seeing.newPage()
  const page = organiser.page
  const name = `Lectern Live ${Date.now()}`

  await page.goto('/app/events')
  await expect(page.getByRole('heading', { name: 'No events yet' })).toBeVisible()
  await axe.goto('/app/events')
  await expectNoAxeViolations(axe)
  await page.getByRole('link', { name: 'New event' }).click()
  await expect(page).toHaveURL(/\/app\/events\/new$/)
  await axe.goto('/app/events/new')
  await expectNoAxeViolations(axe)

  // A refused field says why beside it, and nothing typed is lost.
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('First day').fill('2027-03-11')
  await page.getByLabel('Last day').fill('2027-03-10')
  await page.getByLabel('Time zone').selectOption('Europe/London')
  await page.getByLabel('Venue', { exact: true }).fill('The Barbican')
  await page.getByLabel('City', { exact: true }).fill('London')
  await page.getByLabel('The organiser, and the speaker when the attendee ticks a box naming them').check()
  await page.getByRole('button', { name: 'Create event' }).click()
  await expect(page.getByText('The last day cannot be before the first day')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
  await page.getByLabel('First day').fill('2027-03-10')
  await page.getByLabel('Last day').fill('2027-03-11')
  await page.getByRole('button', { name: 'Create event' }).click()
  await expect(page).toHaveURL(/\/app\/events\/[0-9a-f-]{36}\/settings$/)
  await expect(page.getByText('Event created as a draft. Add its rooms, then import its speakers.')).toBeVisible()
  const eventPath = new URL(page.url()).pathname.replace(/\/settings$/, '')
  const eventId = eventPath.split('/').pop()!

  // Two rooms; a second "main hall" is refused by its field; the order changes with the arrows.
  for (const room of ['Main Hall', 'Workshop']) {
    await page.getByLabel('New room').fill(room)
    await page.getByRole('button', { name: 'Add room' }).click()
    await expect(page.getByText(`Room “${room}” added.`)).toBeVisible()
  }
  await page.getByLabel('New room').fill('main hall')
  await page.getByRole('button', { name: 'Add room' }).click()
  await expect(page.getByText('This event already has a room with this name')).toBeVisible()
  await expect(page.getByLabel('New room')).toHaveValue('main hall')
  await page.getByRole('button', { name: 'Move Workshop up' }).click()
  await expect(page.getByText('Rooms reordered.')).toBeVisible()
  await expect(page.getByLabel('Name of room 1')).toHaveValue('Workshop')
  await page.getByRole('button', { name: 'Move Workshop down' }).click()
  await expect(page.getByLabel('Name of room 1')).toHaveValue('Main Hall')
  await axe.goto(`${eventPath}/settings`)
  await expectNoAxeViolations(axe)

  // Overview: an empty programme says what to do next.
  await page.getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByText('No sessions yet.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Import the speakers' })).toHaveAttribute('href', `${eventPath}/speakers/import`)
  await axe.goto(eventPath)
  await expectNoAxeViolations(axe)

  // A draft has no public page.
  const visitor = await browser.newContext({ javaScriptEnabled: false })
  const pub = await visitor.newPage()
  const slug = name.toLowerCase().replace(/ /g, '-')
  expect((await pub.goto(`/e/${slug}`))?.status()).toBe(404)

  // The speakers as the CSV import makes them (its own screens have their own tests).
  const rows = [
    {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      jobTitle: 'Engineer',
      company: 'Analytical Engines',
      bio: 'Writes <b>programs</b>.\nFor engines.',
      talkTitle: 'Notes on the engine',
      startsAt: '2027-03-10T09:00:00Z',
      durationMinutes: 30,
      room: 'main hall',
    },
    {
      email: 'grace@example.com',
      name: 'Grace Hopper',
      jobTitle: 'Rear Admiral',
      company: 'Navy',
      bio: '',
      talkTitle: 'Compilers for everyone',
      startsAt: '2027-03-11T10:00:00Z',
      durationMinutes: 45,
      room: 'Workshop',
    },
  ]
  const seeded = await organiser.context.request.post(`${appUrl()}/__e2e/event-programme`, { data: { eventId, rows } })
  expect(seeded.ok()).toBe(true)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Wednesday 10 March 2027' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Notes on the engine' })).toHaveAttribute(
    'href',
    /^\/app\/sessions\/[0-9a-f-]{36}$/,
  )
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event published: its public page and speaker pages are online.')).toBeVisible()
  await expect(page.getByRole('link', { name: `${appUrl()}/e/${slug}` })).toBeVisible()
  await axe.goto(eventPath)
  await expectNoAxeViolations(axe)

  // The visitor without JavaScript: the programme by day and room, each talk with its speaker.
  expect((await pub.goto(`/e/${slug}`))?.status()).toBe(200)
  await expect(pub.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(pub.getByText('10–11 March 2027 · The Barbican, London')).toBeVisible()
  const day1 = pub.getByRole('region', { name: 'Wednesday 10 March 2027' })
  await expect(day1.getByRole('heading', { name: 'Main Hall' })).toBeVisible()
  await expect(day1.getByText('09:00–09:30')).toBeVisible()
  await expect(day1.getByText('Engineer, Analytical Engines')).toBeVisible()
  const day2 = pub.getByRole('region', { name: 'Thursday 11 March 2027' })
  await expect(day2.getByRole('heading', { name: 'Workshop' })).toBeVisible()
  await expect(day2.getByText('Grace Hopper')).toBeVisible()
  await expect(day2.getByText('10:00–10:45')).toBeVisible()
  await pub.getByRole('link', { name: 'Notes on the engine' }).click()
  await expect(pub).toHaveURL(new RegExp(`/e/${slug}/ada-lovelace$`))
  await expect(pub.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible()
  // The bio is plain text: its tags are shown, never run.
  await expect(pub.getByText('Writes <b>programs</b>.')).toBeVisible()
  await expect(pub.getByText('Wednesday 10 March 2027 · 09:00–09:30 · Main Hall')).toBeVisible()
  await expect(pub.getByRole('link', { name: /attendee page/ })).toHaveCount(0)
  await axe.goto(`/e/${slug}`)
  await expectNoAxeViolations(axe)
  await axe.goto(`/e/${slug}/ada-lovelace`)
  await expectNoAxeViolations(axe)

  // Archived: still there, saying it has ended.
  await page.getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByText('Event archived: its public page stays online and says the event has ended.')).toBeVisible()
  await pub.goto(`/e/${slug}`)
  await expect(pub.getByText('This event has ended. Its programme stays here for reference.')).toBeVisible()
  for (const context of [organiser.context, seeing, visitor]) await context.close()
})

test('a workspace without the Event Organiser plan is told where events come from', async ({ browser }) => {
  const speaker = await personPage(browser, 'no-events')
  await speaker.page.goto('/app/events')
  await expect(speaker.page.getByRole('heading', { name: 'Events need the Event Organiser plan' })).toBeVisible()
  await expect(speaker.page.getByRole('link', { name: 'See the Event Organiser plan on Pricing' })).toHaveAttribute(
    'href',
    '/pricing',
  )
  await expect(speaker.page.getByRole('link', { name: 'New event' })).toHaveCount(0)
  await expectNoAxeViolations(speaker.page)
  await speaker.page.goto('/app/events/new')
  await expect(speaker.page.getByRole('heading', { name: 'Events need the Event Organiser plan' })).toBeVisible()
  await speaker.context.close()
})
