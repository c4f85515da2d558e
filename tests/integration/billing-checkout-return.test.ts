import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHECKOUT_TEXT, unlockedToast } from '~/lib/billing-checkout'
import { loader as sessionLeadsLoader } from '~/routes/app.sessions.$id_.leads'
import { getToast } from '~/services/toast.server'
import type { FakeStripe } from '../fakes/stripe'
import { dataOf } from './auth-utils'
import {
  addMember,
  checkoutIdOf,
  getReturn,
  isUnlocked,
  postCheckout,
  speakerWithSession,
  startCheckoutFake,
  pointAtFake,
} from './billing-checkout-fixtures'
import { call, makeRequest } from './utils'

// /billing/return (issue 22 Deliver 4): it fulfils the checkout itself, before any webhook, for
// members of the buying workspace only; an unpaid asynchronous payment unlocks nothing.

type View = { kind: string; title: string; message: string }
const viewOf = (result: unknown) => {
  const { data, status } = dataOf<{ view: View }>(result)
  return { view: data.view, status }
}

let fake: FakeStripe
beforeAll(async () => {
  fake = await startCheckoutFake()
})
afterAll(async () => {
  pointAtFake(null)
  await fake.close()
})
beforeEach(() => pointAtFake(fake))

async function leadsOf(sessionId: string, cookie: string) {
  return (await call(sessionLeadsLoader, makeRequest(`/app/sessions/${sessionId}/leads`, { cookie }), { id: sessionId })) as {
    leads: unknown[]
    locked: number
  }
}

describe('the return page', () => {
  it('before any webhook: a paid unlock opens the session at once and lands on its leads with a toast', async () => {
    const a = await speakerWithSession('free', 5)
    expect(await leadsOf(a.sessionId, a.cookie)).toMatchObject({ leads: { length: 3 }, locked: 2 })
    const { id } = checkoutIdOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))
    await fake.pay(id)
    // The fake has no webhook set: nothing but the return page tells us of the payment.
    expect(fake.deliveries).toHaveLength(0)
    expect(await isUnlocked(a.sessionId)).toBe(false)

    const back = (await getReturn(id, a.cookie)) as Response
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe(`/app/sessions/${a.sessionId}/leads?switch=${a.user.id}`)
    const toast = await getToast(
      new Request('http://localhost/', { headers: { Cookie: back.headers.get('Set-Cookie')!.split(';')[0]! } }),
    )
    expect(toast.toast?.description).toBe(unlockedToast(a.eventName))
    expect(await isUnlocked(a.sessionId)).toBe(true)
    expect(await leadsOf(a.sessionId, a.cookie)).toMatchObject({ leads: { length: 5 }, locked: 0 })
    // Coming back again (a reload) changes nothing and still lands there.
    expect(((await getReturn(id, a.cookie)) as Response).status).toBe(302)
  })

  it('an asynchronous payment still processing unlocks nothing; once it succeeds the page unlocks', async () => {
    const a = await speakerWithSession('free', 5)
    const { id } = checkoutIdOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))
    await fake.pay(id, { async: true })
    const pending = viewOf(await getReturn(id, a.cookie))
    expect(pending).toMatchObject({ status: 202, view: { message: CHECKOUT_TEXT.pending } })
    expect(await isUnlocked(a.sessionId)).toBe(false)
    expect(await leadsOf(a.sessionId, a.cookie)).toMatchObject({ locked: 2 })

    await fake.succeedAsync(id)
    expect(((await getReturn(id, a.cookie)) as Response).status).toBe(302)
    expect(await isUnlocked(a.sessionId)).toBe(true)
  })

  it('a failed asynchronous payment says so, with a retry, and unlocks nothing', async () => {
    const a = await speakerWithSession('free', 5)
    const { id } = checkoutIdOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))
    await fake.pay(id, { async: true })
    await fake.failAsync(id)
    const failed = viewOf(await getReturn(id, a.cookie))
    expect(failed).toMatchObject({ status: 402, view: { kind: 'unlock-failed', message: CHECKOUT_TEXT.failed } })
    expect(await isUnlocked(a.sessionId)).toBe(false)
  })

  it('another workspace’s checkout is a 404, and so is an id Stripe does not know', async () => {
    const a = await speakerWithSession('free', 5)
    const stranger = await speakerWithSession('free', 0)
    const { id } = checkoutIdOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))
    await fake.pay(id)
    expect(((await getReturn(id, stranger.cookie)) as Response).status).toBe(404)
    expect(((await getReturn('cs_test_unknown', a.cookie)) as Response).status).toBe(404)
    expect(((await getReturn('not-a-checkout', a.cookie)) as Response).status).toBe(404)
    // A member of the buying workspace sees it.
    const member = await addMember(a.user.id, 'member')
    expect(((await getReturn(id, member.cookie)) as Response).status).toBe(302)
  })

  it('signed out: sign in first, then back here', async () => {
    const result = (await getReturn('cs_test_x')) as Response
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/login?return_to=%2Fbilling%2Freturn%3Fsession_id%3Dcs_test_x')
  })

  it('Stripe unreachable: a 502 that says the payment is safe, never a 500; nothing unlocked until Stripe confirms', async () => {
    const a = await speakerWithSession('free', 5)
    const { id } = checkoutIdOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))
    await fake.pay(id)
    fake.failNext(5, 500)
    const down = viewOf(await getReturn(id, a.cookie))
    expect(down).toMatchObject({ status: 502, view: { message: CHECKOUT_TEXT.returnStripeError } })
    fake.failNext(0)
    expect(((await getReturn(id, a.cookie)) as Response).status).toBe(302)
  })
})
