import { and, desc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { workspaces } from '~/db/schema/workspaces'
import { sessionLiveChannel } from '~/lib/live-display'
import { bulkDelete } from '~/models/lead-bulk.server'
import { eraseLeadByToken } from '~/models/lead-capture.server'
import { deletePerson } from '~/models/lead-follow-up.server'
import { deleteSession } from '~/models/talk-sessions.server'
import { subscribe, type LivePayload } from '~/platform/live-bus.server'
import { runRetention } from '~/services/lead-retention.server'
import { openDisplayStream } from '~/services/live-display.server'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, signUp } from './lead-capture-utils'

// Erasures reach the live display at once (issue 33 Deliver 6, review mend): every erasure path
// publishes on the live bus once its transaction has committed, as a sign-up does, so the projector's
// count drops now instead of at the next 15 s recount. The bus is in the process here (on Postgres too,
// the publishing process hears itself at once); the stream is the one GET /d/{token}/events returns.

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

/** Everything published on the session's channel from now on. */
function heard(sessionId: string) {
  const got: Array<LivePayload | null> = []
  cleanups.push(subscribe(sessionLiveChannel(sessionId), (p) => got.push(p)))
  return got
}

type Frame = { event: string; data: string }

/** The session's display stream, read frame by frame. */
function display(sessionId: string) {
  const abort = new AbortController()
  const res = openDisplayStream({ sessionId, tokenHash: 'test-display', lastEventId: null, signal: abort.signal })
  const reader = res.body!.getReader()
  cleanups.push(() => abort.abort())
  const decoder = new TextDecoder()
  let buffer = ''
  const frames: Frame[] = []
  /** The next frame of this event name (heartbeats and comments skipped). */
  async function next(event: string): Promise<Frame> {
    for (;;) {
      const i = frames.findIndex((f) => f.event === event)
      if (i >= 0) return frames.splice(0, i + 1).at(-1)!
      const { value, done } = await reader.read()
      if (done) throw new Error('the display stream ended')
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const lines = block.split('\n')
        const name = lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim()
        const data = lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('\n')
        if (name) frames.push({ event: name, data })
      }
    }
  }
  /**
   * Reads counts until they show `n` sign-ups (several changes in a row may each send their counts).
   * No timer here: a display that only recounts at its 15 s heartbeat would outlast the test's timeout.
   */
  async function shows(n: number) {
    for (;;) {
      const { signups } = JSON.parse((await next('counts')).data) as { signups: number }
      if (signups === n) return
    }
  }
  return { next, shows }
}

async function sessionWithSignUps(n: number) {
  // A plan without a visible-leads limit: every capture can be deleted from the Leads list.
  const owner = await createOwner(undefined, { plan: 'pro' })
  const { session } = await createLiveSession(owner.id)
  const emails: string[] = []
  for (let i = 0; i < n; i++) {
    const email = attendeeEmail()
    await signUp(session, { email })
    emails.push(email)
  }
  const captures = await getDb()
    .select({ id: leads.id, contactId: leads.contactId, email: leads.email })
    .from(leads)
    .where(eq(leads.sessionId, session.id))
    .orderBy(desc(leads.createdAt))
  const scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
  return { owner, session, emails, captures, scope }
}

const captureOf = (captures: Array<{ email: string; id: string; contactId: string }>, email: string) =>
  captures.find((c) => c.email === email)!

describe('an erasure moves the live display at once', () => {
  it('through the attendee’s erasure link, a person deleted, and a bulk deletion: published once committed, one sign-up fewer each', async () => {
    const { session, emails, captures, scope } = await sessionWithSignUps(4)
    const screen = display(session.id)
    await screen.shows(4)
    const bus = heard(session.id)

    // The attendee's link in the confirmation email.
    const [mail] = await outboxTo(emails[0]!)
    const token = /\/erase\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!
    expect(await eraseLeadByToken(session.code, token)).toBe(true)
    // Published by the time the erasure returns, i.e. from its commit path, not by a timer.
    expect(bus).toEqual([{ kind: 'erasure' }])
    await screen.shows(3)

    // The speaker deletes a person on their page.
    const second = captureOf(captures, emails[1]!)
    expect(await deletePerson({ ...scope, contactId: second.contactId })).toEqual({ erased: 1 })
    expect(bus).toEqual([{ kind: 'erasure' }, { kind: 'erasure' }])
    await screen.shows(2)

    // The speaker deletes two people from the Leads list.
    const rest = emails.slice(2).map((e) => captureOf(captures, e).contactId)
    expect(await bulkDelete(scope, rest)).toEqual({ ok: true, changed: 2 })
    expect(bus).toHaveLength(3)
    await screen.shows(0)
  })

  it('through retention: each committed batch is published', async () => {
    const { owner, session, captures } = await sessionWithSignUps(3)
    await getDb().update(workspaces).set({ retentionMonths: 1 }).where(eq(workspaces.id, owner.id))
    // Two of the three captured long ago.
    const old = new Date('2020-01-01T00:00:00Z')
    for (const c of captures.slice(0, 2)) {
      await getDb()
        .update(leads)
        .set({ createdAt: old })
        .where(and(eq(leads.id, c.id), eq(leads.ownerId, owner.id)))
    }
    const screen = display(session.id)
    await screen.shows(3)
    const bus = heard(session.id)
    await runRetention({ batch: 1 })
    expect(bus.filter((p) => p?.kind === 'erasure')).toHaveLength(2)
    await screen.shows(1)
  })

  it('a deleted session’s display is told at once, and ends', async () => {
    const { session, scope } = await sessionWithSignUps(1)
    const screen = display(session.id)
    await screen.shows(1)
    const bus = heard(session.id)
    expect(await deleteSession(scope, session.id)).toBe(true)
    expect(bus).toEqual([{ kind: 'erasure' }])
    await screen.next('revoked')
  })

  it('an erasure of nothing publishes nothing', async () => {
    const { session } = await sessionWithSignUps(1)
    const bus = heard(session.id)
    expect(await eraseLeadByToken(session.code, 'A'.repeat(43))).toBe(false)
    expect(bus).toEqual([])
  })
})
