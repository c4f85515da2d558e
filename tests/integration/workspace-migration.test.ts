import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { getDatabaseHandle, getDb, installDatabase, openPglite, openPostgres, type DatabaseHandle } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { EMPTY_LEAD_FILTERS } from '~/lib/lead-filters'
import { getPublicSession } from '~/models/lead-capture.server'
import { listLeadPeople } from '~/models/lead-list.server'
import { ownerPlan } from '~/models/leads.server'
import { listSessions } from '~/models/talk-sessions.server'
import { listMemberships } from '~/models/workspaces.server'
import { runLeadDigests } from '~/services/lead-digest.server'
import { withDatabase } from './global-setup'

// Issue 21 Deliver 1: the migration gives every existing account a personal workspace holding
// exactly what it had. A database is migrated up to the last migration before workspaces (0026),
// filled the way the app of that time wrote it, then migrated to the end; everything must still be
// where it was: same ids and URLs, same counts, same plan, retention and notification mode.

const LAST_BEFORE_WORKSPACES = '0026_confirmation-limits'

let handle: DatabaseHandle
let previous: DatabaseHandle | undefined
let cleanup: () => Promise<void> = async () => {}
const folders: string[] = []

/** A copy of drizzle/ holding only the migrations up to `last` (the journal cut there too). */
function migrationsUpTo(last: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-migrations-'))
  folders.push(dir)
  cpSync('drizzle', dir, { recursive: true })
  const journalPath = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] }
  const cut = journal.entries.findIndex((e) => e.tag === last)
  expect(cut).toBeGreaterThan(0)
  for (const e of journal.entries.slice(cut + 1)) rmSync(path.join(dir, `${e.tag}.sql`))
  journal.entries = journal.entries.slice(0, cut + 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

async function migrateWith(folder: string | undefined, url?: string) {
  const before = process.env.MIGRATIONS_DIR
  if (folder) process.env.MIGRATIONS_DIR = folder
  else delete process.env.MIGRATIONS_DIR
  try {
    await migrate(handle, url)
  } finally {
    if (before === undefined) delete process.env.MIGRATIONS_DIR
    else process.env.MIGRATIONS_DIR = before
  }
}

const ids = {
  ada: '11111111-1111-4111-8111-111111111111',
  bob: '22222222-2222-4222-8222-222222222222',
  newcomer: '33333333-3333-4333-8333-333333333333',
  talk: '44444444-4444-4444-8444-444444444444',
  session: '55555555-5555-4555-8555-555555555555',
  contact: '66666666-6666-4666-8666-666666666666',
  lead: '77777777-7777-4777-8777-777777777777',
  bobTalk: '88888888-8888-4888-8888-888888888888',
}

/** Rows as the app before workspaces wrote them (account settings on accounts, work keyed on the user). */
async function fillTheOldWay() {
  await handle.exec(`
    insert into users (id, email, role) values
      ('${ids.ada}', 'ada@example.com', 'speaker'), ('${ids.bob}', 'bob@example.com', 'speaker');
    insert into accounts (user_id, plan, lead_notify, retention_months, display_name, last_digest_at) values
      ('${ids.ada}', 'pro', 'daily', 24, 'Ada Lovelace', '2026-11-01T10:00:00Z');
    insert into talks (id, user_id, title) values ('${ids.talk}', '${ids.ada}', 'Engines of Tomorrow'),
      ('${ids.bobTalk}', '${ids.bob}', 'Bob talks');
    insert into talk_sessions (id, user_id, talk_id, code, status, event_name, starts_at, time_zone, consent_text)
      values ('${ids.session}', '${ids.ada}', '${ids.talk}', 'adaCode1', 'live', 'DevConf', '2026-10-01T09:00:00Z',
        'Europe/London', 'Ada Lovelace will email you the slides.');
    insert into contacts (id, owner_id, email, first_name) values ('${ids.contact}', '${ids.ada}', 'grace@example.com', 'Grace');
    insert into leads (id, session_id, owner_id, contact_id, email, first_name, erase_token_hash, notified_at)
      values ('${ids.lead}', '${ids.session}', '${ids.ada}', '${ids.contact}', 'grace@example.com', 'Grace', '${'e'.repeat(64)}',
        '2026-11-01T10:00:00Z');
    insert into segments (owner_id, name, query) values ('${ids.ada}', 'Hot', 'band=hot');
    insert into webhook_endpoints (owner_id, url, secret, events) values ('${ids.ada}', 'https://hooks.example.com/x', 'sealed', '{lead.created}');
  `)
}

beforeAll(async () => {
  previous = getDatabaseHandle()
  const old = migrationsUpTo(LAST_BEFORE_WORKSPACES)
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!
    const name = `lectern_mig_${randomBytes(6).toString('hex')}`
    const admin = await openPostgres(url, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    const dbUrl = withDatabase(url, name)
    handle = await openPostgres(dbUrl, { max: 2 })
    await migrateWith(old, dbUrl)
    await fillTheOldWay()
    await migrateWith(undefined, dbUrl)
    cleanup = async () => {
      const a = await openPostgres(url, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
  } else {
    handle = await openPglite(undefined)
    await migrateWith(old)
    await fillTheOldWay()
    await migrateWith(undefined)
  }
  installDatabase(handle)
})

afterAll(async () => {
  installDatabase(previous)
  await handle?.close()
  await cleanup()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

async function rows<T>(query: string): Promise<T[]> {
  const result = await getDb().execute(sql.raw(query))
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[]
}

describe('the workspace migration on data made before it', () => {
  it('gives every account a personal workspace with its id, plan and retention, and its owner membership with its notify mode', async () => {
    const workspaces = await rows<{ id: string; name: string; personal: boolean; plan: string; retention_months: number | null }>(
      `select id, name, personal, plan, retention_months from workspaces where id in ('${ids.ada}', '${ids.bob}') order by name`,
    )
    expect(workspaces).toEqual([
      { id: ids.ada, name: 'Ada Lovelace', personal: true, plan: 'pro', retention_months: 24 },
      { id: ids.bob, name: 'bob@example.com', personal: true, plan: 'free', retention_months: null },
    ])
    const members = await rows<{ workspace_id: string; user_id: string; role: string; lead_notify: string }>(
      `select workspace_id, user_id, role, lead_notify from workspace_members order by user_id`,
    )
    expect(members).toEqual([
      { workspace_id: ids.ada, user_id: ids.ada, role: 'owner', lead_notify: 'daily' },
      { workspace_id: ids.bob, user_id: ids.bob, role: 'owner', lead_notify: 'instant' },
    ])
    expect(await ownerPlan(ids.ada)).toBe('pro')
  })

  it('keeps every talk, session, person and capture in place: same ids, same code, same attendee page', async () => {
    const talks = await rows<{ id: string; workspace_id: string }>(`select id, workspace_id from talks order by id`)
    expect(talks).toEqual([
      { id: ids.talk, workspace_id: ids.ada },
      { id: ids.bobTalk, workspace_id: ids.bob },
    ])
    const [session] = await rows<{ id: string; workspace_id: string; user_id: string; code: string }>(
      `select id, workspace_id, user_id, code from talk_sessions`,
    )
    expect(session).toEqual({ id: ids.session, workspace_id: ids.ada, user_id: ids.ada, code: 'adaCode1' })
    const page = await getPublicSession('adaCode1')
    // The notify mode is the membership's (asserted above); the sign-up reads it per member.
    expect(page).toMatchObject({ id: ids.session, speakerName: 'Ada Lovelace', plan: 'pro' })
    expect((await listSessions({ ownerId: ids.ada, userId: ids.ada, runnerId: null })).map((s) => s.id)).toEqual([ids.session])
    const list = await listLeadPeople({
      scope: { ownerId: ids.ada, userId: ids.ada, runnerId: null },
      plan: 'pro',
      filters: EMPTY_LEAD_FILTERS,
      page: 1,
    })
    expect(list.total).toBe(1)
    expect(list.rows[0]).toMatchObject({ id: ids.contact, email: 'grace@example.com' })
    const counts = await rows<{ segments: number; hooks: number }>(
      `select (select count(*)::int from segments where owner_id = '${ids.ada}') as segments,
              (select count(*)::int from webhook_endpoints where owner_id = '${ids.ada}') as hooks`,
    )
    expect(counts).toEqual([{ segments: 1, hooks: 1 }])
  })

  it('counts a capture announced before as announced to its workspace’s members: no digest repeats it', async () => {
    expect(await rows<{ notified_members: string[] | string }>(`select notified_members from leads`)).toEqual([
      { notified_members: [ids.ada] },
    ])
    // Ada is on daily and due (last digest 1 November): nothing is owed to her.
    expect(await runLeadDigests(new Date('2026-12-01T10:00:00Z'))).toBe(0)
  })

  it('makes the personal workspace of an account created after it, in the same statement', async () => {
    await handle.exec(`insert into users (id, email) values ('${ids.newcomer}', 'new@example.com')`)
    expect((await listMemberships(ids.newcomer)).map((m) => [m.workspace.id, m.role, m.workspace.personal])).toEqual([
      [ids.newcomer, 'owner', true],
    ])
  })
})
