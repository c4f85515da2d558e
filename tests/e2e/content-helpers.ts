import { expect, type Page } from '@playwright/test'

export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#5e8fff"/></svg>'
export const svgUpload = (body = ICON_SVG, name = 'icon.svg') => ({ name, mimeType: 'image/svg+xml', buffer: Buffer.from(body) })

/** Creates a post through the editor's Markdown textarea (works with and without JavaScript). */
export async function createPostViaEditor(
  page: Page,
  post: { title: string; content: string; tags?: string; type?: 'resource' | 'news'; publish?: boolean },
  options: { js: boolean },
) {
  await page.goto('/resources/admin/editor')
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible()
  await page.getByLabel('Title', { exact: true }).fill(post.title)
  if (post.type === 'news') await page.getByLabel('Post Type').selectOption('news')
  if (post.tags) await page.getByLabel('Tags').fill(post.tags)
  if (options.js) await page.getByRole('button', { name: 'Markdown' }).click()
  await page.getByLabel('Content', { exact: true }).fill(post.content)
  await page.getByRole('button', { name: post.publish === false ? 'Save as Draft' : 'Publish' }).click()
  await expect(page).toHaveURL(/\/resources\/admin$/)
  await expect(page.getByRole('row', { name: new RegExp(post.title) })).toBeVisible()
}

export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
