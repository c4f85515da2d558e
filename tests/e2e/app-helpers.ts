import { expect, type Download, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { requestLink, signInEmail } from './auth-helpers'

// Helpers for the speaker-workspace tests (tests/e2e/app-sessions*.spec.ts).

/** Signs up through /signup with the emailed 6-digit code; a new speaker lands in the workspace. */
export async function signUpWithCode(page: Page, email: string) {
  await page.goto('/signup')
  await requestLink(page, email)
  const { code } = await signInEmail(email)
  await page.getByLabel('6-digit code from the email').fill(code)
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/\/app$/)
}

export async function createTalk(page: Page, title: string) {
  await page.goto('/app/talks/new')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Tag').fill('Keynote')
  await page.getByRole('button', { name: 'Create talk' }).click()
  await expect(page).toHaveURL(/\/app\/sessions\/new\?talk=/)
}

/**
 * The first-run step (on /app, the new-session page or /app/name): gives the name attendees see,
 * and optionally a name for the workspace; back on the page it was shown on, the step is gone.
 */
export async function giveName(page: Page, name: string, workspaceName?: string) {
  await expect(page.getByRole('heading', { name: 'First, the name attendees will see' })).toBeVisible()
  await page.getByLabel('Your name').fill(name)
  if (workspaceName !== undefined) await page.getByLabel('Workspace name (optional)').fill(workspaceName)
  await page.getByRole('button', { name: 'Save my name' }).click()
  await expect(page.getByText('Name saved: attendees will see it on your session pages.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'First, the name attendees will see' })).toHaveCount(0)
}

/** Fills the new-session form (the talk is preselected) and creates the draft. */
export async function createSession(page: Page, eventName: string) {
  await page.getByLabel('Event name').fill(eventName)
  await page.getByLabel('Date and time').fill('2026-05-14T09:30')
  await page.getByLabel('Time zone').selectOption('Europe/Berlin')
  await page.getByLabel('City').fill('Berlin')
  await page.getByRole('radio', { name: 'A link' }).check()
  await page.getByLabel('Offer title').fill('The slides')
  await page.getByLabel('One-line promise').fill('Every slide and link from the talk.')
  await page.getByLabel('Link to deliver').fill('https://example.com/slides.pdf')
  await page.getByRole('button', { name: 'Create session' }).click()
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible()
}

/** Decodes the QR code in a downloaded PNG (sharp → raw RGBA → jsQR). */
export async function decodeQrDownload(download: Download) {
  const file = await download.path()
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    text: jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null,
    width: info.width,
    height: info.height,
  }
}
