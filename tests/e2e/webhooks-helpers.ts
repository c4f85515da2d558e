import { expect, type Page } from '@playwright/test'
import type { ReceivedWebhook } from '../fakes/webhook-receiver'
import { hooksUrl } from './utils'

// Helpers for tests/e2e/webhooks*.spec.ts: the local receiver (tests/fakes/webhook-receiver.ts) and
// the delivery log, which fills in as the job worker sends.

export async function receivedAt(path: string): Promise<ReceivedWebhook[]> {
  return (await fetch(`${hooksUrl()}/__fake/received?path=${encodeURIComponent(path)}`)).json() as Promise<ReceivedWebhook[]>
}

/** Reloads the endpoint page until the delivery log shows `count` rows with this status. */
export async function expectLogged(page: Page, status: 'Delivered' | 'Failed' | 'Retrying', count: number) {
  await expect
    .poll(
      async () => {
        await page.reload()
        return page
          .getByRole('table', { name: 'Deliveries to this endpoint' })
          .getByRole('cell', { name: status, exact: true })
          .count()
      },
      { timeout: 15_000 },
    )
    .toBe(count)
}

/** The add form: URL, description, and the events left ticked (all by default). */
export async function fillEndpoint(page: Page, url: string, description = '', untick: string[] = []) {
  await page.getByLabel('Endpoint URL').fill(url)
  await page.getByLabel('Description').fill(description)
  for (const event of untick) await page.getByLabel(event, { exact: true }).uncheck()
}
