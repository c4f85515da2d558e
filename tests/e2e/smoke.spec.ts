import { expect, test } from '@playwright/test'

test('the home page renders inside the layout and the health check answers', async ({ page, request }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('main')).toBeVisible()
  const health = await request.get('/healthz')
  expect(await health.json()).toMatchObject({ ok: true, driver: 'pglite' })
})
