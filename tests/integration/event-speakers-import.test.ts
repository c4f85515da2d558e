import { and, count, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { eventImports, eventSpeakers } from '~/db/schema/events'
import { talks, talkSessions } from '~/db/schema/talks'
import { auditEvents } from '~/db/schema/workspaces'
import { IMPORT_MAX_ROWS } from '~/lib/events'
import { IMPORT_ERRORS, ROW_PROBLEMS } from '~/lib/speaker-import'
import { action as importAction, loader as importLoader } from '~/routes/app.events.$id.speakers.import'
import { loader as exportLoader } from '~/routes/app.events.$id.speakers.export'
import { importSpeakersCsv } from '~/services/speaker-import.server'
import { organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { call, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// Issue 23 Deliver 2 against a real database (both drivers): a speakers CSV is uploaded, previewed
// with each row's problems while nothing is imported, confirmed into the programme in one
// transaction, and imported again as updates, never duplicates. A broken file imports nothing.

const HEADER = 'Name,Email,Job title,Company,Bio,Talk title,Talk description,Start time,Duration,Room'
const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

let fx: OrganiserFixture
let cookie: string
beforeAll(async () => {
  fx = await organiserWithEvent()
  cookie = await cookieFor(fx.owner.id, fx.workspaceId)
})

const page = () => `/app/events/${fx.event.id}/speakers/import`
const params = () => ({ id: fx.event.id })

function upload(content: string | Uint8Array, name = 'speakers.csv') {
  const form = new FormData()
  form.append('file', new File([typeof content === 'string' ? content : new Uint8Array(content)], name, { type: 'text/csv' }))
  return call(importAction, makeRequest(page(), { cookie, form }), params())
}

async function programme() {
  const db = getDb()
  const [sessions] = await db.select({ n: count() }).from(talkSessions).where(eq(talkSessions.eventId, fx.event.id))
  const [speakers] = await db.select({ n: count() }).from(eventSpeakers).where(eq(eventSpeakers.workspaceId, fx.workspaceId))
  const [waiting] = await db.select({ n: count() }).from(eventImports).where(eq(eventImports.eventId, fx.event.id))
  return { sessions: sessions!.n, speakers: speakers!.n, waiting: waiting!.n }
}

/** Upload → the preview's import id (from the redirect) → the preview page's data. */
async function uploadAndPreview(content: string) {
  const res = (await upload(content)) as Response
  expect(res.status).toBe(302)
  const location = res.headers.get('Location')!
  const importId = new URL(location, 'http://x').searchParams.get('preview')!
  const shown = await call(importLoader, makeRequest(location, { cookie }), params())
  return { importId, preview: dataOf<Awaited<ReturnType<typeof importLoader>>>(shown).preview! }
}

function confirm(importId: string) {
  return call(importAction, makeRequest(page(), { cookie, form: { intent: 'confirm', importId } }), params())
}

const rows = (suffix: string) => [
  `Alan Turing,alan-${suffix}@example.com,Mathematician,Bletchley,Breaks codes,On computable numbers,Machines,2027-03-10 11:00,40,main hall`,
  `Alan Turing,alan-${suffix}@example.com,Mathematician,Bletchley,Breaks codes,The imitation game,Can machines think?,2027-03-10 14:00,,Room B`,
  `Edsger Dijkstra,edsger-${suffix}@example.com,Professor,Eindhoven,,Goto considered harmful,,2027-03-11 09:30,30,`,
  // Ada is already on the roster (the fixture): her fixture talk is updated, not duplicated.
  `Ada Lovelace,ADA-${suffix}@example.com,Countess,Analytical Engines,,Notes on the engine ${suffix},Revised notes.,2027-03-10 09:00,30,Main Hall`,
  // Problems: a missing email, a bad time, an unknown room, and a duplicate row.
  `No Email,,,,,A talk,,2027-03-10 10:00,,`,
  `Bad Time,bad-${suffix}@example.com,,,,A talk,,10/03/2027 10:00,,`,
  `Lost,lost-${suffix}@example.com,,,,A talk,,2027-03-10 10:00,,Attic`,
  `Edsger Dijkstra,edsger-${suffix}@example.com,Professor,Eindhoven,,GOTO considered harmful,,2027-03-11 09:30,30,`,
]

describe('import a speakers CSV', () => {
  it('previews every row with its problems and outcome, importing nothing; confirming imports the valid rows in one go; again updates', async () => {
    const before = await programme()
    const { importId, preview } = await uploadAndPreview(csv(...rows(fx.suffix)))
    expect(await programme()).toEqual({ ...before, waiting: 1 })
    expect(preview.valid).toBe(4)
    expect(preview.rows.map((r) => [r.row, r.speaker, r.session, r.problems])).toEqual([
      [2, 'new', 'new', []],
      [3, 'update', 'new', []],
      [4, 'new', 'new', []],
      [5, 'update', 'update', []],
      [6, null, null, [ROW_PROBLEMS.missing('email')]],
      [7, null, null, [ROW_PROBLEMS.badTime('10/03/2027 10:00')]],
      [8, null, null, [ROW_PROBLEMS.unknownRoom('Attic', ['Main Hall', 'Room B'])]],
      [9, null, null, [ROW_PROBLEMS.duplicate(4)]],
    ])

    const done = (await confirm(importId)) as Response
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/app/events/${fx.event.id}/speakers`)
    expect(done.headers.get('Set-Cookie')).toContain('lectern_toast')
    const after = await programme()
    expect(after).toEqual({ sessions: before.sessions + 3, speakers: before.speakers + 2, waiting: 0 })
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, fx.workspaceId), eq(auditEvents.kind, 'speakers.imported')))
    expect(audit!.data).toMatchObject({
      rows: 4,
      skipped: 4,
      speakersCreated: 2,
      speakersUpdated: 1,
      sessionsCreated: 3,
      sessionsUpdated: 1,
    })
    expect(audit!.actorEmail).toBe(fx.owner.email)
    const [ada] = await getDb()
      .select({ abstract: talks.abstract, startsAt: talkSessions.startsAt })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(eq(talkSessions.id, fx.speakers.ada.sessionId))
    expect(ada).toEqual({ abstract: 'Revised notes.', startsAt: new Date('2027-03-10T09:00:00Z') })

    // The same file again (one description changed): every valid row updates, nothing is added.
    const again = csv(...rows(fx.suffix).map((r) => r.replace('Can machines think?', 'Yes they can.')))
    const second = await uploadAndPreview(again)
    expect(second.preview.rows.filter((r) => r.speaker).map((r) => [r.speaker, r.session])).toEqual([
      ['update', 'update'],
      ['update', 'update'],
      ['update', 'update'],
      ['update', 'update'],
    ])
    expect(statusOf(await confirm(second.importId))).toBe(302)
    expect(await programme()).toEqual(after)
    const [game] = await getDb().select({ abstract: talks.abstract }).from(talks).where(eq(talks.title, 'The imitation game'))
    expect(game!.abstract).toBe('Yes they can.')

    // A confirmed preview is gone: confirming it again imports nothing.
    const stale = (await confirm(second.importId)) as Response
    expect(stale.status).toBe(302)
    expect(await programme()).toEqual(after)
  })

  it('imports the export back as updates (the export has the template’s columns)', async () => {
    const before = await programme()
    const exported = (await call(
      exportLoader,
      makeRequest(`/app/events/${fx.event.id}/speakers/export`, { cookie }),
      params(),
    )) as Response
    expect(exported.status).toBe(200)
    expect(exported.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const text = new TextDecoder().decode(await exported.arrayBuffer())
    expect(text.split('\r\n')[0]).toBe(HEADER)
    const { importId, preview } = await uploadAndPreview(text)
    expect(preview.valid).toBe(before.sessions)
    expect(preview.rows.every((r) => r.speaker === 'update' && r.session === 'update')).toBe(true)
    expect(statusOf(await confirm(importId))).toBe(302)
    expect(await programme()).toEqual(before)
  })

  it('imports all rows or none: a failure at a later row leaves nothing of the earlier ones', async () => {
    const db = getDb()
    const boom = `Boom ${fx.suffix}`
    // A real database failure at the third row (no module is stubbed): inserting that talk raises.
    await db.execute(
      sql.raw(`create or replace function boom_${fx.suffix}() returns trigger language plpgsql as $$ begin
        if new.title = '${boom}' then raise exception 'boom'; end if; return new; end $$`),
    )
    await db.execute(
      sql.raw(`create trigger boom_${fx.suffix} before insert on talks for each row execute function boom_${fx.suffix}()`),
    )
    try {
      const before = await programme()
      const [audits] = await db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.workspaceId, fx.workspaceId))
      const text = csv(
        `Grace New,grace-new-${fx.suffix}@example.com,,,,First,,2027-03-10 12:00,,`,
        `Linus,linus-${fx.suffix}@example.com,,,,Second,,2027-03-10 12:30,,`,
        `Ken,ken-${fx.suffix}@example.com,,,,${boom},,2027-03-10 13:00,,`,
      )
      await expect(importSpeakersCsv(fx.event, { id: fx.owner.id, email: fx.owner.email }, text)).rejects.toThrow()
      expect(await programme()).toEqual(before)
      const [after] = await db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.workspaceId, fx.workspaceId))
      expect(after!.n).toBe(audits!.n)
    } finally {
      await db.execute(sql.raw(`drop trigger boom_${fx.suffix} on talks`))
    }
  })
})

describe('a broken file is refused as a whole, next to the file field, and nothing is kept or imported', () => {
  const good = `Ada,ada-x@example.com,,,,T,,2027-03-10 09:00,,`
  const cases: [string, string | Uint8Array, number, string | RegExp][] = [
    [
      'not a CSV (a PNG)',
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      400,
      IMPORT_ERRORS.binary,
    ],
    ['an Excel workbook', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0, 8, 0]), 400, IMPORT_ERRORS.workbook],
    ['no recognisable header', 'id;value\n1;2\n', 400, IMPORT_ERRORS.noHeader],
    ['UTF-16', Uint8Array.from([0xff, 0xfe, ...[...csv(good)].flatMap((c) => [c.charCodeAt(0), 0])]), 400, IMPORT_ERRORS.utf16],
    [
      'Windows-1252',
      Uint8Array.from([
        ...new TextEncoder().encode(`${HEADER}\r\nRen`),
        0xe9,
        ...new TextEncoder().encode(',r@example.com,,,,T,,2027-03-10 09:00,,\r\n'),
      ]),
      400,
      IMPORT_ERRORS.notUtf8,
    ],
    [
      '5,000 rows',
      csv(...Array.from({ length: 5000 }, (_, i) => good.replace(',T,', `,T${i},`))),
      400,
      IMPORT_ERRORS.tooManyRows(5000),
    ],
    [
      `${IMPORT_MAX_ROWS + 1} rows`,
      csv(...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => good.replace(',T,', `,T${i},`))),
      400,
      IMPORT_ERRORS.tooManyRows(IMPORT_MAX_ROWS + 1),
    ],
    [
      'a formula',
      csv(good, good.replace(',T,', ',"=HYPERLINK(""http://x"")",')),
      400,
      IMPORT_ERRORS.formula(3, 'Talk title', '='),
    ],
    ['an empty file', '', 400, IMPORT_ERRORS.empty],
    ['over the size limit', new Uint8Array(3 * 1024 * 1024).fill(0x61), 413, IMPORT_ERRORS.tooLarge],
  ]
  it.each(cases)('%s', async (_name, content, status, message) => {
    const before = await programme()
    const res = await upload(content)
    expect(statusOf(res)).toBe(status)
    expect(dataOf<{ uploadError: string }>(res).uploadError).toBe(message)
    expect(await programme()).toEqual(before)
  })

  it('asks for a file when none was chosen', async () => {
    const form = new FormData()
    form.append('file', new File([], '', { type: 'application/octet-stream' }))
    const res = await call(importAction, makeRequest(page(), { cookie, form }), params())
    expect(statusOf(res)).toBe(400)
    expect(dataOf<{ uploadError: string }>(res).uploadError).toBe(IMPORT_ERRORS.noFile)
  })
})
