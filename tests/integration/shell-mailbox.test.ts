import { describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { enqueueEmail } from '~/jobs/email.server'
import { loader as listLoader } from '~/routes/dev.mailbox'
import { loader as messageLoader } from '~/routes/dev.mailbox_.$id'
import { JobWorker } from '~/services/jobs.server'
import { call, makeRequest } from './utils'

describe('/dev/mailbox', () => {
  it('lists messages delivered without a provider and shows one with its links', async () => {
    const id = await enqueueEmail({
      to: 'dev@example.com',
      subject: 'Your sign-in link',
      html: '<p><a href="http://localhost:3000/auth/callback?token=abc&amp;x=1">Sign in</a></p><script>alert(1)</script>',
      text: 'Sign in: http://localhost:3000/auth/callback?token=abc&x=1',
    })
    // Deliver through the dev-mailbox transport (no RESEND_API_KEY in this configuration).
    const worker = new JobWorker({ pollMs: 50 })
    await worker.drain()
    await worker.stop()

    const list = (await call(listLoader, makeRequest('/dev/mailbox'))) as {
      messages: { id: string; subject: string; to: string }[]
    }
    expect(list.messages.find((m) => m.id === id)).toMatchObject({ subject: 'Your sign-in link', to: 'dev@example.com' })

    const one = (await call(messageLoader, makeRequest(`/dev/mailbox/${id}`), { id })) as {
      message: { subject: string; html: string; text: string; from: string; headers: [string, string][] }
      links: string[]
    }
    expect(one.message.subject).toBe('Your sign-in link')
    // The From the transport adds (MAIL_FROM); no extra headers on an ordinary email.
    expect(one.message.from).toBe(getConfig().MAIL_FROM)
    expect(one.message.headers).toEqual([])
    expect(one.links).toEqual(['http://localhost:3000/auth/callback?token=abc&x=1'])
  })

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = (await call(messageLoader, makeRequest(`/dev/mailbox/${encodeURIComponent(id)}`), { id })) as Response
      expect(res.status).toBe(404)
    }
  })

  it('is not served in production unless DEV_MAILBOX is set', async () => {
    const base = getConfig()
    const env = {
      DATA_DIR: base.dataDir,
      SESSION_SECRET: 'test-session-secret',
      SEED_DEMO: 'false',
      APP_URL: 'https://lectern.example.com',
    }
    try {
      resetConfig(parseConfig({ ...env, NODE_ENV: 'production' }))
      expect(((await call(listLoader, makeRequest('/dev/mailbox'))) as Response).status).toBe(404)
      const id = '00000000-0000-4000-8000-000000000000'
      expect(((await call(messageLoader, makeRequest(`/dev/mailbox/${id}`), { id })) as Response).status).toBe(404)
      resetConfig(parseConfig({ ...env, NODE_ENV: 'production', DEV_MAILBOX: 'true' }))
      expect(await call(listLoader, makeRequest('/dev/mailbox'))).toHaveProperty('messages')
    } finally {
      resetConfig(base)
    }
  })

  it('in production, with DEV_MAILBOX=true, answers only a request from this machine that no proxy forwarded', async () => {
    const base = getConfig()
    const id = await enqueueEmail({ to: 'admin@example.com', subject: 'Your sign-in link', html: '<p>x</p>', text: 'x' })
    const list = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
      call(listLoader, makeRequest('/dev/mailbox', { headers }), {}, { remoteAddress })
    const one = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
      call(messageLoader, makeRequest(`/dev/mailbox/${id}`, { headers }), { id }, { remoteAddress })
    try {
      resetConfig(
        parseConfig({
          DATA_DIR: base.dataDir,
          SESSION_SECRET: 'test-session-secret',
          SEED_DEMO: 'false',
          APP_URL: 'https://lectern.example.com',
          NODE_ENV: 'production',
          DEV_MAILBOX: 'true',
          TRUST_PROXY: 'true',
        }),
      )
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        expect(await list(local)).toHaveProperty('messages')
        expect(await one(local)).toHaveProperty('message')
      }
      // Another machine, whatever forwarded header it sends; or this machine forwarding someone
      // else's request (a reverse proxy on the same host); or no known peer at all.
      const refused: [string | undefined, Record<string, string>][] = [
        ['192.0.2.7', {}],
        ['10.0.0.2', { 'X-Forwarded-For': '127.0.0.1' }],
        ['::ffff:192.0.2.7', {}],
        ['127.0.0.1', { 'X-Forwarded-For': '198.51.100.4' }],
        ['127.0.0.1', { Forwarded: 'for=198.51.100.4' }],
        ['127.0.0.1', { 'X-Real-IP': '198.51.100.4' }],
        [undefined, {}],
      ]
      for (const [address, headers] of refused) {
        expect(((await list(address, headers)) as Response).status, `${address} ${JSON.stringify(headers)}`).toBe(404)
        expect(((await one(address, headers)) as Response).status).toBe(404)
      }
    } finally {
      resetConfig(base)
    }
  })

  it('stays open in development, where it was before', async () => {
    expect(await call(listLoader, makeRequest('/dev/mailbox'), {}, { remoteAddress: '192.0.2.7' })).toHaveProperty('messages')
  })
})
