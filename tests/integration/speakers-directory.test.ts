import { beforeAll, describe, expect, it } from 'vitest'
import { loader } from '~/routes/speakers._index'
import { call, makeRequest } from './utils'
import { seedSpeaker } from './speakers-utils'

type DirectoryData = Awaited<ReturnType<typeof loader>>

async function directory(query = '') {
  return (await call(loader, makeRequest(`/speakers${query}`))) as DirectoryData
}

describe('/speakers directory loader', () => {
  beforeAll(async () => {
    const base = Date.UTC(2025, 0, 1)
    await seedSpeaker(
      {
        name: 'Maya Marketer',
        company: 'Growthly',
        topics: ['marketing'],
        industries: ['saas'],
        region: 'europe',
        talkTypes: ['keynote'],
        signatureTalks: [{ title: 'Funnels that convert', description: 'd', tag: 'Panel Discussion' }],
        bio: `<p>${'Long bio text. '.repeat(20)}</p>`,
      },
      { createdAt: new Date(base) },
    )
    await seedSpeaker(
      {
        name: 'Liam Leader',
        company: 'Scale Corp',
        topics: ['leadership'],
        industries: ['fintech'],
        region: 'north-america',
        talkTypes: ['workshop', 'panel'],
      },
      { createdAt: new Date(base + 1000) },
    )
    await seedSpeaker(
      {
        name: 'Ines Innovator',
        company: 'HealthAI',
        topics: ['innovation', 'digital-transformation'],
        industries: ['healthcare'],
        region: 'europe',
        talkTypes: ['fireside'],
      },
      { createdAt: new Date(base + 2000) },
    )
    await seedSpeaker(
      { name: 'Hidden Draft', company: 'Growthly', topics: ['marketing'], region: 'europe' },
      { isPublished: false },
    )
    for (let i = 0; i < 12; i++) {
      await seedSpeaker(
        { name: `Filler ${i}`, company: 'Filler Inc', location: `Town ${i}` },
        { createdAt: new Date(base - 100_000 + i) },
      )
    }
  })

  it('lists published speakers only, newest first, 12 a page, with a real count', async () => {
    const page1 = await directory()
    expect(page1.total).toBe(15)
    expect(page1.speakers).toHaveLength(12)
    expect(page1.speakers.map((s) => s.name).slice(0, 3)).toEqual(['Ines Innovator', 'Liam Leader', 'Maya Marketer'])
    expect(page1.speakers.some((s) => s.name === 'Hidden Draft')).toBe(false)
    expect(page1.pageCount).toBe(2)
    const page2 = await directory('?page=2')
    expect(page2.speakers).toHaveLength(3)
  })

  it('shapes each card: 120-character preview with ellipsis and up to 3 hashtags, never the email', async () => {
    const { speakers } = await directory('?q=maya')
    const maya = speakers[0]!
    expect(maya.preview.endsWith('...')).toBe(true)
    expect(Array.from(maya.preview.slice(0, -3)).length).toBeLessThanOrEqual(120)
    expect(maya.hashtags).toEqual(['#panel', '#discussion'])
    expect(JSON.stringify(speakers)).not.toContain('@speakers.example')
  })

  it.each([
    ['?topic=marketing', ['Maya Marketer']],
    ['?topic=digital-transformation', ['Ines Innovator']],
    ['?industry=fintech', ['Liam Leader']],
    ['?region=europe', ['Ines Innovator', 'Maya Marketer']],
    ['?type=panel', ['Liam Leader']],
    ['?region=europe&type=fireside', ['Ines Innovator']],
    ['?region=europe&industry=fintech', []],
    ['?q=scale', ['Liam Leader']],
    ['?q=LIAM', ['Liam Leader']],
    ['?q=innovation', ['Ines Innovator']],
    ['?q=digital transformation', ['Ines Innovator']],
    ['?q=funnels', ['Maya Marketer']],
    ['?q=growthly&topic=marketing', ['Maya Marketer']],
    ['?q=%25', []],
  ])('filters on the server: %s', async (query, names) => {
    const data = await directory(query)
    expect(data.speakers.map((s) => s.name)).toEqual(names)
    expect(data.total).toBe(names.length)
  })

  it('ignores filter values outside the spec lists', async () => {
    const data = await directory('?topic=cooking')
    expect(data.total).toBe(15)
    expect(data.params.topic).toBeNull()
  })
})
