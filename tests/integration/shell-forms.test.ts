import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema/jobs'
import { contactMessages, newsletterSubscribers } from '~/db/schema/marketing'
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS } from '~/lib/shell-forms'
import { subscribe, unsubscribeToken } from '~/models/newsletter.server'
import { action as contactAction } from '~/routes/contact'
import { action as newsletterAction } from '~/routes/newsletter'
import { action as confirmAction, loader as confirmLoader } from '~/routes/newsletter_.confirm'
import { action as unsubscribeAction, loader as unsubscribeLoader } from '~/routes/newsletter_.unsubscribe'
import { call, makeRequest } from './utils'

type DataResult = { data: Record<string, unknown>; init: { status?: number } | null }
const asData = (r: unknown) => r as DataResult
const outboxTo = (to: string) => getDb().select().from(emailOutbox).where(eq(emailOutbox.to, to))
const subscriber = async (email: string) =>
  (await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]
const confirmLink = (html: string) => {
  const m = html.match(/href="([^"]*\/newsletter\/confirm\?token=[^"]+)"/)
  return m ? new URL(m[1]!.replace(/&amp;/g, '&')) : null
}
let ip = 0
const fromNewIp = () => ({ 'X-Lectern-Remote-Addr': `10.0.0.${++ip}` })

describe('newsletter (footer form, double opt-in)', () => {
  it('without JavaScript: stores a pending subscriber and its welcome email together, then redirects back with the success text', async () => {
    const res = (await call(
      newsletterAction,
      makeRequest('/newsletter', { form: { email: ' Ana@Example.com ', return_to: '/pricing' }, headers: fromNewIp() }),
    )) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/pricing')
    expect(res.headers.get('Set-Cookie')).toContain('lectern_toast=')
    const row = await subscriber('ana@example.com')
    expect(row).toMatchObject({ status: 'pending', source: 'footer' })
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/)
    const mail = await outboxTo('ana@example.com')
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toMatch(/confirm your subscription/)
    expect(mail[0]!.text).toMatch(/ROI insights/)
    // Only the hash is stored: the token in the link is not in the database.
    const link = confirmLink(mail[0]!.html)!
    expect(link.searchParams.get('token')).not.toBe(row!.confirmTokenHash)
  })

  it('with JavaScript: answers {ok: true}; bad input answers 400 with the field message', async () => {
    const ok = asData(
      await call(
        newsletterAction,
        makeRequest('/newsletter', { form: { email: 'js@example.com', _js: '1' }, headers: fromNewIp() }),
      ),
    )
    expect(ok.data).toEqual({ ok: true })
    const bad = asData(
      await call(
        newsletterAction,
        makeRequest('/newsletter', { form: { email: 'not-an-email', _js: '1' }, headers: fromNewIp() }),
      ),
    )
    expect(bad.init?.status).toBe(400)
    expect(bad.data.ok).toBe(false)
    expect(JSON.stringify(bad.data.result)).toContain('Please enter a valid email address')
    expect(NEWSLETTER_SUCCESS).toBe("You're in! Check your inbox for a welcome email with your first ROI insights.")
  })

  it('the confirm link: GET changes nothing, POST confirms, a wrong token is refused', async () => {
    await subscribe({ email: 'confirm-me@example.com', source: 'footer' })
    const link = confirmLink((await outboxTo('confirm-me@example.com'))[0]!.html)!
    const token = link.searchParams.get('token')!
    const page = asData(await call(confirmLoader, makeRequest(`/newsletter/confirm?token=${token}`)))
    expect(page.data.state).toBe('pending')
    expect((await subscriber('confirm-me@example.com'))!.status).toBe('pending')

    const res = (await call(confirmAction, makeRequest('/newsletter/confirm', { form: { token } }))) as Response
    expect(res.status).toBe(302)
    const row = await subscriber('confirm-me@example.com')
    expect(row!.status).toBe('confirmed')
    expect(row!.confirmedAt).toBeInstanceOf(Date)

    const wrong = asData(await call(confirmAction, makeRequest('/newsletter/confirm', { form: { token: 'forged' } })))
    expect(wrong.init?.status).toBe(400)
    const wrongPage = asData(await call(confirmLoader, makeRequest('/newsletter/confirm?token=forged')))
    expect(wrongPage.init?.status).toBe(400)
  })

  it('re-subscribing answers exactly the same and never reveals whether the address was known', async () => {
    await subscribe({ email: 'known@example.com', source: 'footer' })
    await getDb()
      .update(newsletterSubscribers)
      .set({ status: 'confirmed' })
      .where(eq(newsletterSubscribers.email, 'known@example.com'))
    const known = asData(
      await call(
        newsletterAction,
        makeRequest('/newsletter', { form: { email: 'known@example.com', _js: '1' }, headers: fromNewIp() }),
      ),
    )
    const fresh = asData(
      await call(
        newsletterAction,
        makeRequest('/newsletter', { form: { email: 'fresh@example.com', _js: '1' }, headers: fromNewIp() }),
      ),
    )
    expect(known).toEqual(fresh)
    // The owner of the inbox hears about it; the subscriber stays confirmed.
    const mail = await outboxTo('known@example.com')
    expect(mail.map((m) => m.subject)).toContain("You're already subscribed to Lectern")
    expect((await subscriber('known@example.com'))!.status).toBe('confirmed')
  })

  it('keeps the launch-discount source and flags, and merges flags on a repeat', async () => {
    await subscribe({ email: 'ph@example.com', source: 'product-hunt', flags: { offer: 'ProductHunt' } })
    await subscribe({ email: 'ph@example.com', source: 'product-hunt', flags: { share: 'yes' } })
    expect(await subscriber('ph@example.com')).toMatchObject({
      source: 'product-hunt',
      flags: { offer: 'ProductHunt', share: 'yes' },
      status: 'pending',
    })
  })

  it('sends at most three emails a day to one address, whoever asks', async () => {
    for (let i = 0; i < 5; i++) await subscribe({ email: 'flood@example.com', source: 'footer' })
    expect(await outboxTo('flood@example.com')).toHaveLength(3)
  })

  it('a honeypot hit looks like success and stores nothing', async () => {
    const res = (await call(
      newsletterAction,
      makeRequest('/newsletter', { form: { email: 'bot@example.com', company_website: 'http://spam' }, headers: fromNewIp() }),
    )) as Response
    expect(res.status).toBe(302)
    expect(await subscriber('bot@example.com')).toBeUndefined()
    expect(await outboxTo('bot@example.com')).toHaveLength(0)
  })

  it('limits subscriptions per IP address with the failure message', async () => {
    const headers = { 'X-Lectern-Remote-Addr': '192.0.2.77' }
    let last: DataResult | undefined
    for (let i = 0; i < 11; i++) {
      last = asData(
        await call(newsletterAction, makeRequest('/newsletter', { form: { email: `ip${i}@example.com`, _js: '1' }, headers })),
      )
    }
    expect(last!.init?.status).toBe(429)
    expect(JSON.stringify(last!.data.result)).toContain(NEWSLETTER_FAILURE)
  })

  it('unsubscribes with the signed link; a forged token changes nothing', async () => {
    await subscribe({ email: 'leaver@example.com', source: 'footer' })
    const token = unsubscribeToken('leaver@example.com')
    const page = asData(
      await call(unsubscribeLoader, makeRequest(`/newsletter/unsubscribe?email=leaver%40example.com&token=${token}`)),
    )
    expect(page.data.valid).toBe(true)
    const forged = asData(
      await call(
        unsubscribeAction,
        makeRequest('/newsletter/unsubscribe', { form: { email: 'leaver@example.com', token: 'x'.repeat(43) } }),
      ),
    )
    expect(forged.init?.status).toBe(400)
    expect((await subscriber('leaver@example.com'))!.status).toBe('pending')
    const done = asData(
      await call(unsubscribeAction, makeRequest('/newsletter/unsubscribe', { form: { email: 'leaver@example.com', token } })),
    )
    expect(done.data.done).toBe(true)
    expect((await subscriber('leaver@example.com'))!.status).toBe('unsubscribed')
  })
})

describe('Contact Us', () => {
  it('stores the message, queues the team email (reply-to the sender) and redirects back with a toast', async () => {
    const res = (await call(
      contactAction,
      makeRequest('/contact', {
        form: { name: 'Jo Speaker', email: 'jo@example.com', message: 'Hello <b>team</b>', return_to: '/pricing?currency=EUR' },
        headers: fromNewIp(),
      }),
    )) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/pricing?currency=EUR')
    const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.email, 'jo@example.com'))
    expect(row).toMatchObject({ name: 'Jo Speaker', message: 'Hello <b>team</b>' })
    const [mail] = await outboxTo('admin@example.com')
    expect(mail).toMatchObject({ replyTo: 'jo@example.com', subject: 'Contact Us: message from Jo Speaker' })
    expect(mail!.html).toContain('Hello &lt;b&gt;team&lt;/b&gt;')
  })

  it('answers 400 with every field message and stores nothing', async () => {
    const before = await getDb().select().from(contactMessages)
    const result = asData(
      await call(
        contactAction,
        makeRequest('/contact', { form: { name: '', email: 'bad', message: ' ' }, headers: fromNewIp() }),
      ),
    )
    expect(result.init?.status).toBe(400)
    const errors = (result.data.result as { error: Record<string, string[]> }).error
    expect(errors).toEqual({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
      message: ['Message is required'],
    })
    expect(await getDb().select().from(contactMessages)).toHaveLength(before.length)
  })

  it('refuses an off-site return address', async () => {
    const res = (await call(
      contactAction,
      makeRequest('/contact', {
        form: { name: 'A', email: 'a@example.com', message: 'Hi', return_to: '//evil.example/x' },
        headers: fromNewIp(),
      }),
    )) as Response
    expect(res.headers.get('Location')).toBe('/')
  })
})
