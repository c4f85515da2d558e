import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema/jobs'
import { newsletterSubscribers } from '~/db/schema/marketing'
import * as compare from '~/routes/compare'
import * as currency from '~/routes/currency'
import * as pricing from '~/routes/pricing'
import * as productHunt from '~/routes/product-hunt'
import { call, makeRequest } from './utils'
import { dataOf, fieldErrors, fromNewIp, redirectOf } from './marketing-utils'

describe('currency switch (decision 9)', () => {
  it('POST /currency stores the choice in the preferred-currency cookie and goes back', async () => {
    const result = await call(
      currency.action,
      makeRequest('/currency', { form: { currency: 'GBP', redirectTo: '/compare?plan=teams#full-pricing' } }),
    )
    expect(redirectOf(result)).toBe('/compare?plan=teams#full-pricing')
    const cookie = (result as Response).headers.get('Set-Cookie')!
    expect(cookie).toMatch(/^preferred-currency=GBP; Path=\/; Max-Age=31536000; SameSite=Lax/)
  })

  it('refuses an unknown currency and an off-site return address', async () => {
    const bad = await call(currency.action, makeRequest('/currency', { form: { currency: 'JPY' } }))
    expect((bad as Response).status).toBe(400)
    const offsite = await call(
      currency.action,
      makeRequest('/currency', { form: { currency: 'EUR', redirectTo: 'https://evil.example' } }),
    )
    expect(redirectOf(offsite)).toBe('/pricing')
  })

  it.each([
    [{ 'Accept-Language': 'en-GB,en;q=0.9' }, 'GBP'],
    [{ 'Accept-Language': 'de-DE' }, 'EUR'],
    [{ 'Accept-Language': 'en-US' }, 'USD'],
    [{}, 'USD'],
    [{ 'Accept-Language': 'en-GB', Cookie: 'preferred-currency=EUR' }, 'EUR'],
    [{ 'Accept-Language': 'fr-FR', Cookie: 'preferred-currency=USD' }, 'USD'],
    [{ 'Accept-Language': 'en-GB', Cookie: 'preferred-currency=JPY' }, 'GBP'],
    [{ 'Accept-Language': 'it', Cookie: 'preferred-currency=gbp' }, 'EUR'],
  ] as const)('pricing and compare render in the right currency for %j → %s', async (headers, expected) => {
    const p = dataOf<{ currency: string }>(await call(pricing.loader, makeRequest('/pricing', { headers })))
    const c = dataOf<{ currency: string }>(await call(compare.loader, makeRequest('/compare', { headers })))
    expect(p.data.currency).toBe(expected)
    expect(c.data.currency).toBe(expected)
  })
})

describe('launch-discount form (/product-hunt)', () => {
  const send = (form: Record<string, string>) => call(productHunt.action, fromNewIp('/product-hunt', { form }))

  it('with JavaScript: stores a pending subscriber with source product-hunt and the two hidden flags, queues the opt-in email', async () => {
    const result = await send({ email: 'Launch@Example.com', _js: '1' })
    expect(dataOf(result)).toEqual({ data: { ok: true }, status: 200 })
    const [row] = await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'launch@example.com'))
    expect(row).toMatchObject({
      status: 'pending',
      source: 'product-hunt',
      flags: { offer: 'ProductHunt', campaign: 'product-hunt-launch' },
    })
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, 'launch@example.com'))
    expect(mails).toHaveLength(1)
  })

  it('without JavaScript: success redirects back to the thank-you state', async () => {
    expect(redirectOf(await send({ email: 'nojs@example.com' }))).toBe('/product-hunt?subscribed=1#launch-discount')
  })

  it('the e-mail is required and must be valid', async () => {
    const empty = await send({ email: '', _js: '1' })
    expect(dataOf(empty).status).toBe(400)
    expect(fieldErrors(empty).email).toEqual(['Email is required'])
    const bad = await send({ email: 'not-an-email', _js: '1' })
    expect(fieldErrors(bad).email).toEqual(['Please enter a valid email address'])
  })

  it('a filled honeypot answers success and stores nothing', async () => {
    expect(dataOf(await send({ email: 'bot@example.com', _js: '1', company_website: 'x' })).data).toEqual({ ok: true })
    expect(await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'bot@example.com'))).toEqual(
      [],
    )
  })

  it('the page loader gives the configured deadline and the server clock (offer ended by default today)', async () => {
    const { data } = dataOf<{ deadline: string; now: number }>(await call(productHunt.loader, makeRequest('/product-hunt')))
    expect(data.deadline).toBe('2025-06-06T23:59:59.000Z')
    expect(Math.abs(data.now - Date.now())).toBeLessThan(5_000)
  })
})
