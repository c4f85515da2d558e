import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '~/db/client.server'
import { followUps } from '~/db/schema/follow-ups'
import type { Scope } from '~/lib/permissions'
import { createFollowUpDraft } from '~/models/follow-ups.server'
import type { JobWorker } from '~/services/jobs.server'
import { createLiveSession, createOwner } from './lead-capture-utils'

// Issue 32's sending tests: a workspace with one session whose people are written straight to the
// database in one statement each (hundreds of sign-ups through the attendee page would take the
// test's time; the page's own path is tested in the audience tests), and a draft to send to them.

/** `n` people with a capture at the session; `consenting` of them ticked the box. */
export async function seedPeople(ownerId: string, sessionId: string, n: number, consenting = n) {
  const tag = randomBytes(4).toString('hex')
  await getDb().execute(sql`
    with people as (
      insert into contacts (owner_id, email, first_name, marketing_consent)
      select ${ownerId}::uuid, 'p' || g || '-' || ${tag} || '@example.com', 'Person ' || g, g <= ${consenting}
      from generate_series(1, ${n}::int) g
      returning id, email, first_name, marketing_consent
    )
    insert into leads (session_id, owner_id, contact_id, email, first_name, marketing_consent, erase_token_hash)
    select ${sessionId}::uuid, ${ownerId}::uuid, id, email, first_name, marketing_consent, md5(random()::text || id::text)
    from people`)
  return tag
}

export async function sendingFixture(people: number, options: { consenting?: number; body?: string } = {}) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const { session } = await createLiveSession(owner.id)
  await seedPeople(owner.id, session.id, people, options.consenting ?? people)
  const scope: Scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
  const followUp = (await createFollowUpDraft(scope, {
    subject: 'The slides, as promised',
    bodyHtml: options.body ?? '<p>Hi there, <a href="https://ada.example/slides.pdf?x=1&amp;y=2">the slides</a>.</p>',
    fromName: 'Ada Lovelace',
    replyTo: 'ada@speakers.example',
    source: 'session',
    sourceId: session.id,
  }))!
  return { owner, session, scope, followUp, actor: { id: owner.id, email: owner.email } }
}

/** Runs the worker until the follow-up has finished (sent or partly sent), or fails the test. */
export async function drainUntilFinished(worker: JobWorker, followUpId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await worker.drain()
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, followUpId))
    if (row && (row.status === 'sent' || row.status === 'partly_sent')) return row
    if (Date.now() > deadline) expect.fail(`follow-up still ${row?.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
