import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { workspaceMembers } from '~/db/schema/workspaces'
import { parseAllowedHosts } from '~/lib/ip-ranges'
import { createEndpoint } from '~/models/webhooks.server'
import { loader as eventExportCsv } from '~/routes/app.events.$id.export.csv'
import { loader as leadsLoader } from '~/routes/app.leads._index/route'
import { loader as leadsExportLoader } from '~/routes/app.leads.export'
import { loader as personLoader } from '~/routes/app.leads_.$id/route'
import { loader as personExportLoader } from '~/routes/app.leads_.$id_.export'
import { action as integrationsAction } from '~/routes/app.settings_.integrations/route'
import { loader as sessionLeadsLoader } from '~/routes/app.sessions.$id_.leads'
import { JobWorker } from '~/services/jobs.server'
import { runLeadDigests } from '~/services/lead-digest.server'
import { startFakeHubSpot, type FakeHubSpot } from '../fakes/hubspot'
import { claimSpeaker } from './event-fixtures'
import { eventSignUp, liveEvent } from './event-recipients-utils'
import { outboxTo } from './lead-capture-utils'
import { call, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// Issue 23 Deliver 5, the privacy promise: a person sees a capture only if it was given to them.
// Every path a capture can take out of the database is read as the speaker and as the organiser
// (owner and admin): the leads list, the person's page and its export, the session's leads, the
// leads export, the lawful export, instant emails and digests, webhooks and the CRM.

const HOUR = 60 * 60 * 1000

let hooks: http.Server
let received: string[] = []
let fake: FakeHubSpot
const base = getConfig()
beforeAll(async () => {
  hooks = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push(body)
      res.writeHead(200).end('thanks')
    })
  })
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve))
  fake = await startFakeHubSpot()
  const port = (hooks.address() as AddressInfo).port
  resetConfig({ ...base, HUBSPOT_API_BASE_URL: fake.url, webhookAllowedHosts: parseAllowedHosts(`127.0.0.1:${port}`) })
})
afterAll(async () => {
  resetConfig(base)
  hooks.closeAllConnections()
  await new Promise((resolve) => hooks.close(resolve))
  await fake.close()
})
let worker: JobWorker | undefined
afterEach(async () => {
  await getDb().update(jobs).set({ status: 'failed' }).where(eq(jobs.status, 'pending'))
  await worker?.stop()
  worker = undefined
  received = []
  fake.reset()
  // Digests serve every workspace: what a test leaves owed is sent now, not in the next test.
  await runLeadDigests(new Date(Date.now() + 48 * HOUR))
})
const runJobs = async () => {
  worker ??= new JobWorker({ baseDelayMs: 0, maxDelayMs: 0 })
  await worker.drain()
}

type Loader = Parameters<typeof call>[0]
async function read(loader: Loader, path: string, cookie: string, params: Record<string, string> = {}) {
  const result = await call(loader, makeRequest(path, { cookie }), params)
  if (result instanceof Response) return { status: result.status, text: result.status < 300 ? await result.text() : '' }
  return { status: 200, text: JSON.stringify(result) }
}

/** What this person can read about each attendee, path by path: which attendees each path shows. */
async function whatSees(
  cookie: string,
  fx: { event: { id: string }; speakers: { ada: { sessionId: string } } },
  people: Attendee[],
) {
  const seen: Record<string, string[]> = {}
  const note = (path: string, text: string) => {
    seen[path] = people.filter((p) => text.includes(p.email)).map((p) => p.name)
  }
  note('leads list', (await read(leadsLoader, '/app/leads', cookie)).text)
  note('leads export', (await read(leadsExportLoader, '/app/leads/export', cookie)).text)
  const sessionId = fx.speakers.ada.sessionId
  note('session leads', (await read(sessionLeadsLoader, `/app/sessions/${sessionId}/leads`, cookie, { id: sessionId })).text)
  note('lawful export', (await read(eventExportCsv, `/app/events/${fx.event.id}/export/csv`, cookie, { id: fx.event.id })).text)
  const pages: string[] = []
  const exports: string[] = []
  for (const p of people) {
    const page = await read(personLoader, `/app/leads/${p.contactId}`, cookie, { id: p.contactId })
    if (page.status === 200 && page.text.includes(p.email)) pages.push(p.name)
    else expect(page.status).toBe(404)
    const card = await read(personExportLoader, `/app/leads/${p.contactId}/export`, cookie, { id: p.contactId })
    if (card.status === 200 && card.text.includes(p.email)) exports.push(p.name)
    else expect(card.status).toBe(404)
  }
  seen['person page'] = pages
  seen['person export'] = exports
  return seen
}

type Attendee = { name: string; email: string; contactId: string }

async function attend(session: { code: string; sessionId: string }, name: string, extra: Record<string, string> = {}) {
  const { email, lead } = await eventSignUp(session, { first_name: name, ...extra })
  return { name, email, contactId: lead.contactId }
}

const everywhere = (names: string[]) => ({
  'leads list': names,
  'leads export': names,
  'session leads': names,
  'lawful export': names,
  'person page': names,
  'person export': names,
})

async function newLeadMails(email: string) {
  return (await outboxTo(email)).filter((m) => m.subject.startsWith('New lead')).map((m) => m.subject.split(' at ')[0])
}

describe("'both': the speaker has only the attendees who ticked the box naming them", () => {
  it('in every list, page, export, instant email and digest', async () => {
    const fx = await liveEvent('both')
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    // The admin hears by digest, the speaker by digest too; the owner at once.
    await getDb().update(workspaceMembers).set({ leadNotify: 'hourly' }).where(eq(workspaceMembers.userId, ada.id))
    const una = await attend(fx.speakers.ada, 'Una')
    const tia = await attend(fx.speakers.ada, 'Tia', { share_speaker: 'yes' })
    const people = [una, tia]

    const speakerSees = await whatSees(await cookieFor(ada.id, fx.workspaceId), fx, people)
    // The lawful export is the organiser's: the speaker is answered 404 there.
    expect(speakerSees).toEqual({ ...everywhere(['Tia']), 'lawful export': [] })
    const ownerSees = await whatSees(await cookieFor(fx.owner.id, fx.workspaceId), fx, people)
    expect(ownerSees).toEqual(everywhere(['Una', 'Tia']))

    expect(await newLeadMails(fx.owner.email)).toEqual(expect.arrayContaining(['New lead: Una', 'New lead: Tia']))
    expect(await runLeadDigests(new Date(Date.now() + 2 * HOUR))).toBeGreaterThan(0)
    const digests = await outboxTo(ada.email)
    expect(digests).toHaveLength(1)
    expect(digests[0]!.text).toContain(tia.email)
    expect(digests[0]!.text).not.toContain(una.email)
  })
})

describe("'speaker': the organiser never has the capture", () => {
  it('not in their lists, pages, exports, emails, webhooks or CRM; the speaker has it', async () => {
    const fx = await liveEvent('speaker')
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const ownerCookie = await cookieFor(fx.owner.id, fx.workspaceId)
    await createEndpoint(
      fx.workspaceId,
      {
        url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`,
        description: 'Organiser CRM bridge',
        events: ['lead.created', 'lead.updated', 'lead.deleted'],
      },
      null,
    )
    const secret = `pat-na1-${randomUUID()}`
    fake.addToken(secret)
    const connect = (await call(
      integrationsAction,
      makeRequest('/app/settings/integrations', { cookie: ownerCookie, form: { intent: 'connect', token: secret } }),
    )) as Response
    expect(connect.status).toBe(302)
    fake.reset()

    const sam = await attend(fx.speakers.ada, 'Sam', { share_speaker: 'yes' })
    await runJobs()
    expect(received.join('\n')).not.toContain(sam.email)
    expect(received).toEqual([])
    expect(JSON.stringify(fake.requests)).not.toContain(sam.email)

    for (const organiser of [fx.owner, fx.admin]) {
      expect(await whatSees(await cookieFor(organiser.id, fx.workspaceId), fx, [sam])).toEqual(everywhere([]))
      expect(await newLeadMails(organiser.email)).toEqual([])
    }
    const speakerSees = await whatSees(await cookieFor(ada.id, fx.workspaceId), fx, [sam])
    expect(speakerSees).toEqual({ ...everywhere(['Sam']), 'lawful export': [] })
    expect(await newLeadMails(ada.email)).toEqual(['New lead: Sam'])
  })

  it('the same webhook and CRM get a capture given to the organiser (the control)', async () => {
    const fx = await liveEvent('both')
    const ownerCookie = await cookieFor(fx.owner.id, fx.workspaceId)
    await createEndpoint(
      fx.workspaceId,
      { url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`, description: 'Bridge', events: ['lead.created'] },
      null,
    )
    const secret = `pat-na1-${randomUUID()}`
    fake.addToken(secret)
    await call(
      integrationsAction,
      makeRequest('/app/settings/integrations', { cookie: ownerCookie, form: { intent: 'connect', token: secret } }),
    )
    const olga = await attend(fx.speakers.ada, 'Olga')
    await runJobs()
    expect(received.join('\n')).toContain(olga.email)
    expect(JSON.stringify(fake.requests)).toContain(olga.email)
  })
})

describe("'organiser': the speaker never has the capture", () => {
  it('not in their lists, pages, exports or emails', async () => {
    const fx = await liveEvent('organiser')
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const ola = await attend(fx.speakers.ada, 'Ola', { share_speaker: 'yes' })
    expect(await whatSees(await cookieFor(ada.id, fx.workspaceId), fx, [ola])).toEqual(everywhere([]))
    expect(await newLeadMails(ada.email)).toEqual([])
    expect(await whatSees(await cookieFor(fx.admin.id, fx.workspaceId), fx, [ola])).toEqual(everywhere(['Ola']))
    expect(await newLeadMails(fx.admin.email)).toEqual(['New lead: Ola'])
  })
})
