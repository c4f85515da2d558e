import { createServer, connect, type Server, type Socket } from 'node:net'
import { expect, type Page } from '@playwright/test'

// The projector's live display (issue 33 Deliver 6) in Chromium: its link made on the session page,
// and a TCP proxy the test controls, standing for a venue network that drops connections.

/** Makes (or renews) the session's display link on its page and returns the link shown once. */
export async function makeDisplayLink(page: Page, sessionUrl: string) {
  await page.goto(sessionUrl)
  const section = page.getByRole('region', { name: 'Live display for the projector' })
  await section.getByRole('button', { name: /^(Make|Renew) display link$/ }).click()
  const link = section.getByLabel(/^Display link/)
  await expect(link).toBeVisible()
  return await link.inputValue()
}

/** The display's sign-up count as it shows it. */
export const signupCount = (display: Page) => display.locator('#signups')

/** Submits the default fixture session's attendee form on this page (already at /t/{code}). */
export async function signUpOn(page: Page, email: string) {
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('radio', { name: 'Engineering' }).check()
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page).toHaveURL(/\/thanks\//)
}

/** A TCP proxy to 127.0.0.1:target that can cut every connection and refuse new ones for a while. */
export async function startCuttingProxy(target: number) {
  const sockets = new Set<Socket>()
  let refusing = false
  const server: Server = createServer((client) => {
    if (refusing) return client.destroy()
    const upstream = connect(target, '127.0.0.1')
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {})
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    /** Drops every open connection (the Wi-Fi went away) and refuses new ones until restore(). */
    cut() {
      refusing = true
      for (const s of sockets) s.destroy()
    },
    restore() {
      refusing = false
    },
    /** Stops listening and drops the open connections (an open stream would keep close() waiting). */
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const s of sockets) s.destroy()
      return closed
    },
  }
}
