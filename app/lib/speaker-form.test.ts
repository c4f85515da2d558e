import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { SpeakerFormSchema, speakerFormDefaults } from './speaker-form'

function form(entries: Record<string, string | string[]>) {
  const fd = new FormData()
  for (const [k, v] of Object.entries(entries)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x)
  return fd
}

describe('SpeakerFormSchema', () => {
  it('gives the spec message for each missing required field', () => {
    const submission = parseWithZod(form({ bio: '<p></p>' }), { schema: SpeakerFormSchema })
    expect(submission.status).toBe('error')
    const errors = submission.status === 'error' ? submission.error : {}
    expect(errors).toMatchObject({
      name: ['Name is required'],
      jobTitle: ['Job title is required'],
      company: ['Company is required'],
      location: ['Location is required'],
      email: ['Email is required'],
      bio: ['Bio is required'],
    })
  })

  it('asks for a valid email address', () => {
    const submission = parseWithZod(form({ email: 'not-an-email' }), { schema: SpeakerFormSchema })
    expect(submission.status === 'error' && submission.error?.email).toEqual(['Please enter a valid email address'])
  })

  it('parses talks, events and directory filters', () => {
    const submission = parseWithZod(
      form({
        name: 'Ada',
        jobTitle: 'CTO',
        company: 'Acme',
        location: 'London, UK',
        email: 'ada@example.com',
        bio: '<p>Hello</p>',
        'talks[0].title': 'T',
        'talks[0].description': 'D',
        'talks[0].tag': 'Keynote',
        'events[0].name': 'Conf',
        'events[0].url': 'https://conf.example',
        topics: ['marketing', 'saas'],
        industries: 'fintech',
        region: 'europe',
        talkTypes: ['keynote'],
      }),
      { schema: SpeakerFormSchema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value.talks[0]).toEqual({ title: 'T', description: 'D', tag: 'Keynote' })
    expect(submission.value.topics).toEqual(['marketing', 'saas'])
    expect(submission.value.industries).toEqual(['fintech'])
    expect(submission.value.region).toBe('europe')
  })

  it('refuses filter values outside the spec lists', () => {
    const submission = parseWithZod(form({ topics: 'cooking' }), { schema: SpeakerFormSchema })
    expect(submission.status === 'error' && submission.error?.['topics[0]']).toBeTruthy()
  })
})

describe('speakerFormDefaults', () => {
  it('starts with 3 talk blocks and 1 event row', () => {
    const d = speakerFormDefaults()
    expect(d.talks).toHaveLength(3)
    expect(d.events).toHaveLength(1)
  })
})
