import { parse } from 'csv-parse/sync'
import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookingLeads } from '~/db/schema/feedback'
import { followUpRecipients } from '~/db/schema/follow-ups'
import { consentTexts } from '~/db/schema/leads'
import { talks, talkSessions } from '~/db/schema/talks'
import { auditEvents } from '~/db/schema/workspaces'
import { eventExportBatches } from '~/models/event-export.server'
import { loader as pageLoader } from '~/routes/app.events.$id.export'
import { loader as csvLoader } from '~/routes/app.events.$id.export.csv'
import { loader as jsonLoader } from '~/routes/app.events.$id.export.json'
import { addProgramme, claimSpeaker, makeEvent, organiserWithEvent } from './event-fixtures'
import { addMember, eventSignUp, liveEvent } from './event-recipients-utils'
import { sentFollowUp } from './follow-up-fixtures'
import { createOwner, signUp } from './lead-capture-utils'
import { call, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// The organiser's lawful export of an event's leads (issue 23 Deliver 6): only captures given to
// the organiser, with the consent wording in full, its version and time, the recipients and the
// share box's answer; CSV and JSON; each download in the audit log with its real row count.

type Loader = Parameters<typeof call>[0]
const get = async (loader: Loader, eventId: string, cookie: string, path = '') =>
  (await call(loader, makeRequest(`/app/events/${eventId}/export${path}`, { cookie }), { id: eventId })) as Response

async function exportAudits(workspaceId: string) {
  return getDb()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.kind, 'export.made')))
    .orderBy(desc(auditEvents.id))
}

const textOf = async (hash: string) => (await getDb().select().from(consentTexts).where(eq(consentTexts.hash, hash)))[0]!.text

async function bothEvent() {
  const fx = await liveEvent('both')
  const una = await eventSignUp(fx.speakers.ada, { first_name: 'Una', company: '=HYPERLINK("x")' })
  const tia = await eventSignUp(fx.speakers.grace, { first_name: 'Tia', share_speaker: 'yes', marketing: 'yes' })
  // Not this event's: a session of the workspace outside events, and another event of the workspace.
  const [talk] = await getDb()
    .insert(talks)
    .values({ workspaceId: fx.workspaceId, userId: fx.owner.id, title: 'Plain' })
    .returning()
  const [plain] = await getDb()
    .insert(talkSessions)
    .values({
      workspaceId: fx.workspaceId,
      userId: fx.owner.id,
      talkId: talk!.id,
      code: `plain${fx.suffix}`,
      status: 'live',
      eventName: 'Meetup',
      startsAt: new Date('2026-11-24T10:00:00Z'),
      timeZone: 'Europe/London',
      city: 'London',
      consentText: 'Plain.',
    })
    .returning()
  await signUp(plain!, { first_name: 'Outside', email: `outside-${fx.suffix}@example.com` })
  const other = await makeEvent(fx.workspaceId)
  const otherSession = await addProgramme(other, fx.owner.id, {
    email: `x-${fx.suffix}@example.com`,
    name: 'Xavier',
    jobTitle: '',
    company: '',
    bio: '',
    talkTitle: 'Elsewhere',
    talkDescription: '',
    startsAt: new Date('2027-04-01T09:00:00Z'),
    durationMinutes: 30,
    roomId: null,
  })
  await getDb().update(talkSessions).set({ status: 'live' }).where(eq(talkSessions.id, otherSession.sessionId))
  await eventSignUp(otherSession, { first_name: 'Elsewhere' })
  return { ...fx, una, tia, otherSession, owner: fx.owner, cookie: await cookieFor(fx.owner.id, fx.workspaceId) }
}

describe('the lawful export of an event', () => {
  it('CSV: every capture given to the organiser, with the wording, its version and time, recipients and the box', async () => {
    const fx = await bothEvent()
    const res = await get(csvLoader, fx.event.id, fx.cookie, '/csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^attachment; filename="${fx.event.slug}-leads-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    const rows = parse(text, { columns: true }) as Record<string, string>[]
    expect(rows.map((r) => r['First name'])).toEqual(['Una', 'Tia'])
    const [una, tia] = rows as [Record<string, string>, Record<string, string>]
    expect(una).toMatchObject({
      Email: fx.una.email,
      // Formula-safe: a cell typed as a formula is text.
      Company: `'=HYPERLINK("x")`,
      Talk: `Notes on the engine ${fx.suffix}`,
      Speaker: 'Ada Lovelace',
      Room: 'Main Hall',
      'Session starts (UTC)': '2027-03-10T09:00:00.000Z',
      'Session code': fx.speakers.ada.code,
      Recipients: 'organiser',
      'Shared with the speaker (tick box)': 'no',
      'Marketing consent': 'no',
      'Consent notice version (SHA-256)': fx.una.consents[0]!.noticeHash,
      'Consent recorded at (UTC)': fx.una.consents[0]!.createdAt.toISOString(),
      'Sharing box version (SHA-256)': fx.una.consents[0]!.shareHash,
    })
    expect(una['Consent notice wording']).toBe(await textOf(fx.una.consents[0]!.noticeHash))
    expect(una['Consent notice wording']).toContain(
      'Ada Lovelace, the speaker, receives them too only if you tick the box below.',
    )
    expect(una['Sharing box wording']).toBe(
      'Also share my details with Ada Lovelace, the speaker, who may then contact me about this talk',
    )
    expect(tia).toMatchObject({
      Speaker: 'Grace Hopper',
      Room: 'Room B',
      Recipients: 'organiser; speaker',
      'Shared with the speaker (tick box)': 'yes',
    })
    expect(text).not.toContain('Outside')
    expect(text).not.toContain('Elsewhere')

    const [audit] = await exportAudits(fx.workspaceId)
    expect(audit).toMatchObject({ actorId: fx.owner.id, data: { format: 'csv', rows: 2, eventId: fx.event.id } })
    expect(audit!.subject).toBe(`Event leads CSV: ${fx.event.name}`)
  })

  it('JSON: one document with the event and the same captures; the audit row counts them', async () => {
    const fx = await bothEvent()
    const res = await get(jsonLoader, fx.event.id, fx.cookie, '/json')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    const doc = JSON.parse(await res.text()) as {
      event: { id: string; recipients: string }
      leads: { attendee: { email: string }; session: { speakerName: string }; consent: Record<string, unknown> }[]
    }
    expect(doc.event).toMatchObject({ id: fx.event.id, recipients: 'both' })
    expect(doc.leads.map((l) => l.attendee.email)).toEqual([fx.una.email, fx.tia.email])
    expect(doc.leads[1]!.consent).toMatchObject({
      recipients: ['organiser', 'speaker'],
      shareConsent: true,
      marketingConsent: true,
      noticeHash: fx.tia.consents[0]!.noticeHash,
      noticeText: await textOf(fx.tia.consents[0]!.noticeHash),
    })
    const [audit] = await exportAudits(fx.workspaceId)
    expect(audit!.data).toEqual({ format: 'json', rows: 2, eventId: fx.event.id })
  })

  it('lists the follow-ups of this workspace each person received, with their fate (issue 32 Deliver 9)', async () => {
    const fx = await bothEvent()
    const sentAt = new Date('2026-12-02T18:05:00.000Z')
    const { followUpId, recipients } = await sentFollowUp(fx.workspaceId, [{ contactId: fx.una.lead.contactId, email: fx.una.email }], {
      sentAt: () => sentAt,
    })
    await getDb()
      .update(followUpRecipients)
      .set({ status: 'delivered', deliveredAt: new Date('2026-12-02T18:06:00Z'), clickedAt: new Date('2026-12-02T18:40:00Z') })
      .where(eq(followUpRecipients.id, recipients[0]!.id))
    // Another workspace's follow-up to a row naming the same person id stays out.
    const stranger = await createOwner(undefined, { plan: 'pro' })
    const theirs = await sentFollowUp(stranger.id, [{ contactId: fx.una.lead.contactId, email: fx.una.email }])

    const csv = parse(await (await get(csvLoader, fx.event.id, fx.cookie, '/csv')).text(), { columns: true, bom: true }) as Record<
      string,
      string
    >[]
    expect(csv.map((r) => r['Follow-ups received'])).toEqual([
      '“The slides, as promised”: sent 2026-12-02 18:05 UTC · delivered · clicked 2026-12-02 18:40 UTC (first click)',
      '',
    ])

    const doc = JSON.parse(await (await get(jsonLoader, fx.event.id, fx.cookie, '/json')).text()) as {
      leads: { attendee: { email: string }; followUps: Record<string, unknown>[] }[]
    }
    expect(doc.leads.map((l) => l.followUps)).toEqual([
      [
        {
          id: followUpId,
          subject: 'The slides, as promised',
          status: 'delivered',
          sentAt: sentAt.toISOString(),
          deliveredAt: '2026-12-02T18:06:00.000Z',
          bouncedAt: null,
          complainedAt: null,
          unsubscribedAt: null,
          clickedAt: '2026-12-02T18:40:00.000Z',
        },
      ],
      [],
    ])
    expect(JSON.stringify(doc)).not.toContain(theirs.followUpId)
  })

  it("a capture given only to the speaker is never in it: 'speaker' exports nothing, and says so", async () => {
    const fx = await liveEvent('speaker')
    await eventSignUp(fx.speakers.ada)
    const cookie = await cookieFor(fx.admin.id, fx.workspaceId)
    const page = (await get(pageLoader, fx.event.id, cookie)) as unknown as { count: number }
    expect(page.count).toBe(0)
    const text = await (await get(csvLoader, fx.event.id, cookie, '/csv')).text()
    expect(text.trim().split('\r\n')).toHaveLength(1)
    const doc = JSON.parse(await (await get(jsonLoader, fx.event.id, cookie, '/json')).text()) as { leads: unknown[] }
    expect(doc.leads).toEqual([])
    expect((await exportAudits(fx.workspaceId)).map((a) => a.data)).toEqual([
      { format: 'json', rows: 0, eventId: fx.event.id },
      { format: 'csv', rows: 0, eventId: fx.event.id },
    ])
  })

  it('the page counts what a download holds', async () => {
    const fx = await bothEvent()
    const page = (await get(pageLoader, fx.event.id, fx.cookie)) as unknown as { count: number; event: { recipients: string } }
    expect(page).toMatchObject({ count: 2, event: { recipients: 'both' } })
  })

  it('reads in keyset batches: every capture once, in order, whatever the batch size', async () => {
    const fx = await bothEvent()
    for (let i = 0; i < 3; i++) await eventSignUp(fx.speakers.ada, { first_name: `Extra${i}` })
    const names: string[] = []
    for await (const batch of eventExportBatches(fx.workspaceId, fx.event.id, 'organiser', 2)) {
      expect(batch.length).toBeLessThanOrEqual(2)
      names.push(...batch.map((r) => r.firstName))
    }
    expect(names).toEqual(['Una', 'Tia', 'Extra0', 'Extra1', 'Extra2'])
  })

  it('is for the owner and admins of this workspace only: a member 403, a speaker and another organiser 404', async () => {
    const fx = await bothEvent()
    const member = await addMember(fx.workspaceId, 'member')
    const speaker = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const stranger = await organiserWithEvent()
    for (const loader of [pageLoader, csvLoader, jsonLoader]) {
      expect((await get(loader, fx.event.id, await cookieFor(member.id, fx.workspaceId))).status).toBe(403)
      expect((await get(loader, fx.event.id, await cookieFor(speaker.id, fx.workspaceId))).status).toBe(404)
      expect((await get(loader, fx.event.id, await cookieFor(stranger.owner.id, stranger.workspaceId))).status).toBe(404)
      expect((await get(loader, fx.otherSession.sessionId, fx.cookie)).status).toBe(404)
    }
    expect(await exportAudits(fx.workspaceId)).toEqual([])
  })

  it('carries the booking request left with a capture (issue 33 Deliver 3): CSV columns at the end, a JSON field', async () => {
    const fx = await bothEvent()
    const request = { organisation: 'Acme Events', role: 'Programme lead', timing: 'Next spring' }
    await getDb()
      .insert(bookingLeads)
      .values({
        ...request,
        sessionId: fx.una.lead.sessionId,
        ownerId: fx.workspaceId,
        leadId: fx.una.lead.id,
        contactId: fx.una.lead.contactId,
      })
    const text = await (await get(csvLoader, fx.event.id, fx.cookie, '/csv')).text()
    // After the consent columns; only issue 32's follow-ups column comes after them.
    expect(
      text
        .slice(1)
        .split('\r\n')[0]!
        .endsWith('Sharing box wording,Booking organisation,Booking role,Booking when,Follow-ups received'),
    ).toBe(true)
    const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[]
    expect(rows.map((r) => [r['First name'], r['Booking organisation'], r['Booking role'], r['Booking when']])).toEqual([
      ['Una', request.organisation, request.role, request.timing],
      ['Tia', '', '', ''],
    ])
    const doc = JSON.parse(await (await get(jsonLoader, fx.event.id, fx.cookie, '/json')).text()) as {
      leads: { booking: unknown }[]
    }
    expect(doc.leads.map((l) => l.booking)).toEqual([{ ...request, createdAt: expect.any(String) }, null])
  })
})
