import { expect, type Page } from '@playwright/test'

export type NewSpeaker = { name: string; jobTitle: string; company: string; location: string; email: string; bio: string }

export const newSpeaker = (label: string): NewSpeaker => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return {
    name: `${label} ${id}`,
    jobTitle: 'Head of Growth',
    company: `Co${id}`,
    location: 'Berlin, Germany',
    email: `speaker-${id}@example.com`,
    bio: `Bio of ${label} ${id}: talks about growth and events.`,
  }
}

/** Fills the shared speaker form sections (submission screen and admin editor). */
export async function fillSpeakerForm(page: Page, s: NewSpeaker, options: { js: boolean }) {
  await page.getByLabel('Name', { exact: true }).fill(s.name)
  await page.getByLabel('Job Title', { exact: true }).fill(s.jobTitle)
  await page.getByLabel('Company', { exact: true }).fill(s.company)
  await page.getByLabel('Location', { exact: true }).fill(s.location)
  await page.getByLabel('Email', { exact: true }).fill(s.email)
  if (options.js) {
    // The plain textarea shows until the editor has loaded; type into the editor itself.
    await expect(page.getByRole('toolbar', { name: 'Bio formatting' })).toBeVisible()
    const editor = page.getByRole('textbox', { name: 'Bio' })
    await editor.click()
    await page.keyboard.type(s.bio)
    await expect(editor).toContainText(s.bio)
  } else {
    await page.getByLabel('Bio', { exact: true }).fill(`<p>${s.bio}</p>`)
  }
  await page.getByRole('checkbox', { name: 'Marketing' }).check()
  await page.getByRole('checkbox', { name: 'Keynote' }).check()
  await page.getByLabel('Region (directory filter)').selectOption('europe')
  await page.getByLabel('Talk title').first().fill('Events that pay back')
  await page.getByLabel('Talk description').first().fill('How to measure event ROI.')
  await page.getByLabel('Talk tag').first().fill('Lightning Talk')
  await page.getByLabel('Event name').first().fill('SaaStr')
  await page.getByLabel('Event URL').first().fill('https://saastr.example')
}

export async function createPublishedSpeaker(page: Page, s: NewSpeaker, options: { js: boolean }) {
  await page.goto('/speakers/admin/editor')
  if (options.js) await expect(page.getByRole('textbox', { name: 'Bio' })).toBeVisible()
  await fillSpeakerForm(page, s, options)
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page).toHaveURL(/\/speakers\/admin$/)
  await expect(page.getByRole('row', { name: new RegExp(s.name) })).toBeVisible()
}

export const slugOf = (s: NewSpeaker) =>
  [s.name, s.jobTitle, s.company, s.location]
    .join(' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
