import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import { loader as sessionRoiLoader } from '~/routes/app.sessions.$id.roi'
import { loader as talkRoiLoader } from '~/routes/app.talks.$id_.roi'
import { seedTalkAndSession, sessionInput } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'

// The ROI loaders at scale (docs/leads.md, "ROI at scale"): one speaker with ROI_PEOPLE people (every
// one with a deal value: the worst case) captured across 200 sessions of ONE talk, a fifth of them
// seen again at the next session. Skipped unless ROI_SCALE=1:
//   ROI_SCALE=1 npx vitest run tests/integration/roi-scale.test.ts            (PGlite)
//   ROI_SCALE=1 TEST_DATABASE_URL=… npx vitest run --project integration-pg tests/integration/roi-scale.test.ts

const PEOPLE = Number(process.env.ROI_PEOPLE ?? 100_000)
const SESSIONS = 200
const RUNS = Number(process.env.ROI_RUNS ?? 5)

it.skipIf(!process.env.ROI_SCALE)('ROI loaders at scale', { timeout: 600_000 }, async () => {
  const { user, cookie } = await signedInAs('scale@example.com')
  await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, user.id))
  const { talkId, sessionId } = await seedTalkAndSession(user.id)
  await getDb()
    .insert(talkSessions)
    .values(
      Array.from({ length: SESSIONS - 1 }, (_, i) => ({
        ...sessionInput(talkId, { eventName: `Event ${i}`, startsAt: new Date(Date.UTC(2026, 0, 1 + i, 9)) }),
        workspaceId: user.id,
        userId: user.id,
        code: `scale${String(i).padStart(4, '0')}x`,
        status: 'closed' as const,
      })),
    )
  const db = getDb()
  await db.execute(sql`insert into contacts (owner_id, email, first_name, status, deal_value_cents, deal_currency)
    select ${user.id}, 'p' || g || '@example.com', 'P', (array['new','contacted','meeting','won','lost'])[1 + g % 5]::contact_status, g * 100, 'USD'
    from generate_series(1, ${PEOPLE}) g`)
  for (const [next, where] of [
    [0, sql`true`],
    [1, sql`c.g % 5 = 0`],
  ] as const) {
    await db.execute(sql`with s as (select id, row_number() over (order by starts_at, id) - 1 as n, starts_at from talk_sessions where user_id = ${user.id}),
      c as (select id, email, row_number() over (order by email) as g from contacts where owner_id = ${user.id})
      insert into leads (session_id, owner_id, contact_id, email, first_name, erase_token_hash, created_at)
      select s.id, ${user.id}, c.id, c.email, 'P', md5(c.id::text || ${next}), s.starts_at + (c.g % 180 + ${next}) * interval '1 minute'
      from c join s on s.n = (c.g + ${next}) % ${SESSIONS} where ${where}`)
  }
  await db.execute(sql`analyze`)

  const time = async (label: string, fn: () => Promise<unknown>) => {
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now()
      expect(await fn()).toBeTruthy()
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    console.log(`${label}: p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`)
  }
  await time(`session ROI (${Math.round((PEOPLE * 1.2) / SESSIONS)} captures)`, () =>
    call(sessionRoiLoader, makeRequest(`/app/sessions/${sessionId}/roi`, { cookie }), { id: sessionId }),
  )
  await time(`talk ROI (${SESSIONS} sessions, ${PEOPLE * 1.2} captures)`, () =>
    call(talkRoiLoader, makeRequest(`/app/talks/${talkId}/roi`, { cookie }), { id: talkId }),
  )
})
