import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakerMessages, speakers } from '~/db/schema/directory'
import { analyticsEvents, contactMessages, newsletterSubscribers, startupApplications } from '~/db/schema/marketing'
import * as analytics from '~/routes/admin.analytics'
import * as inbox from '~/routes/admin.inbox/route'
import * as exportCsv from '~/routes/admin.inbox_.export'
import { call, makeRequest, signedInAs } from './utils'
import { dataOf, redirectOf } from './marketing-utils'

async function seed() {
  const db = getDb()
  await db.insert(startupApplications).values([
    {
      fullName: '=HYPERLINK("http://evil.example")',
      email: 'eve@example.com',
      companyName: 'Evil Co',
      yearFounded: 2022,
      employees: 4,
      revenueStage: '<$100k',
    },
    {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      companyName: 'Engines, Ltd',
      yearFounded: 2021,
      employees: 9,
      revenueStage: '>$500k',
      why: 'Line one\nline "two"',
    },
  ])
  await db.insert(contactMessages).values({ name: 'Bob', email: 'bob@example.com', message: '+1 call me' })
  const [speaker] = await db
    .insert(speakers)
    .values({
      slug: 'jane-doe',
      name: 'Jane Doe',
      jobTitle: 'CTO',
      company: 'Acme',
      location: 'Berlin',
      email: 'jane@example.com',
      bio: '<p>Hi</p>',
      isPublished: true,
    })
    .returning()
  await db
    .insert(speakerMessages)
    .values({ speakerId: speaker!.id, senderName: 'Carl', senderEmail: 'carl@example.com', message: '@channel hello' })
  await db
    .insert(newsletterSubscribers)
    .values({ email: 'news@example.com', source: 'product-hunt', flags: { offer: 'ProductHunt' } })
  for (let i = 0; i < 25; i++)
    await db.insert(contactMessages).values({ name: `Person ${i}`, email: `p${i}@example.com`, message: 'hello' })
}

describe('admin inbox and analytics guards', () => {
  type AnyLoader = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string } }) => Promise<unknown>
  it.each([
    ['/admin/inbox', inbox.loader as AnyLoader],
    ['/admin/inbox/export?tab=startup', exportCsv.loader as AnyLoader],
    ['/admin/analytics', analytics.loader as AnyLoader],
  ] as const)('%s: no session → admin login; speaker → their area', async (path, loader) => {
    expect(redirectOf(await call(loader, makeRequest(path)))).toBe(`/resources/admin/login?return_to=${encodeURIComponent(path)}`)
    const { cookie } = await signedInAs('speaker@example.com', 'speaker')
    expect(redirectOf(await call(loader, makeRequest(path, { cookie })))).toBe('/premium/speaker-profile-submissions')
  })
})

describe('admin inbox', () => {
  it('lists each tab newest first, searches and pages', async () => {
    await seed()
    const { cookie } = await signedInAs('admin@example.com', 'admin')
    const load = async (qs: string) =>
      dataOf<Awaited<ReturnType<typeof inbox.loader>>>(await call(inbox.loader, makeRequest(`/admin/inbox${qs}`, { cookie })))
        .data

    const startup = await load('')
    expect(startup.tab).toBe('startup')
    expect(startup.total).toBe(2)
    expect(startup.rows.map((r) => r.email).sort()).toEqual(['ada@example.com', 'eve@example.com'])

    const search = await load('?tab=startup&q=ENGINES')
    expect(search.rows.map((r) => r.email)).toEqual(['ada@example.com'])

    const contact = await load('?tab=contact')
    expect(contact.total).toBe(26)
    expect(contact.rows).toHaveLength(20)
    expect(contact.pageCount).toBe(2)
    const page2 = await load('?tab=contact&page=2')
    expect(page2.rows).toHaveLength(6)

    const speaker = await load('?tab=speaker&q=jane')
    expect(speaker.rows).toMatchObject([{ speakerName: 'Jane Doe', senderName: 'Carl' }])

    const news = await load('?tab=newsletter')
    expect(news.rows).toMatchObject([
      { email: 'news@example.com', status: 'pending', source: 'product-hunt', flags: 'offer=ProductHunt' },
    ])

    const odd = await load('?tab=nope&page=-3')
    expect(odd).toMatchObject({ tab: 'startup', page: 1 })
  })

  it('exports CSV with a BOM, the right headers and neutralised formula cells', async () => {
    const { cookie } = await signedInAs('admin@example.com', 'admin')
    const response = (await call(exportCsv.loader, makeRequest('/admin/inbox/export?tab=startup', { cookie }))) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="startup-applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
    expect(body.startsWith('\uFEFF')).toBe(true)
    const lines = body.slice(1).split('\r\n')
    expect(lines[0]).toBe('Submitted,Full name,Email,Company,Website,Year founded,Employees,Revenue stage,Role,Why')
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(body).toContain('"Engines, Ltd"')
    expect(body).toContain('"Line one\nline ""two"""')
    expect(body).toMatch(/,2021,9,>\$500k,/)

    const contact = await (
      (await call(exportCsv.loader, makeRequest('/admin/inbox/export?tab=contact&q=call', { cookie }))) as Response
    ).text()
    expect(contact).toContain("'+1 call me")
    expect(contact.split('\r\n').filter(Boolean)).toHaveLength(2)

    const speaker = await (
      (await call(exportCsv.loader, makeRequest('/admin/inbox/export?tab=speaker', { cookie }))) as Response
    ).text()
    expect(speaker).toContain("'@channel hello")
  })
})

describe('admin analytics', () => {
  it('counts events per day for the last 30 days', async () => {
    const { cookie } = await signedInAs('admin@example.com', 'admin')
    const now = Date.now()
    await getDb()
      .insert(analyticsEvents)
      .values([
        { name: 'ph_cta_clicked', createdAt: new Date(now) },
        { name: 'ph_cta_clicked', createdAt: new Date(now) },
        { name: 'linkedin_referral', createdAt: new Date(now - 2 * 86_400_000) },
        { name: 'ph_cta_clicked', createdAt: new Date(now - 40 * 86_400_000) },
      ])
    const { data } = dataOf<Awaited<ReturnType<typeof analytics.loader>>>(
      await call(analytics.loader, makeRequest('/admin/analytics', { cookie })),
    )
    expect(data.series).toHaveLength(30)
    expect(data.series.at(-1)!.day).toBe(new Date(now).toISOString().slice(0, 10))
    expect(data.series.at(-1)!.byName.ph_cta_clicked).toBe(2)
    expect(data.series.at(-3)!.byName.linkedin_referral).toBe(1)
    expect(data.totals).toEqual([
      { name: 'ph_cta_clicked', count: 2 },
      { name: 'linkedin_referral', count: 1 },
    ])
  })
})
