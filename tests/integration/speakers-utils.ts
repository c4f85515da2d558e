import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { createSpeaker, type SpeakerInput } from '~/models/speakers.server'

export function speakerInput(overrides: Partial<SpeakerInput> = {}): SpeakerInput {
  return {
    name: 'Ada Lovelace',
    jobTitle: 'CTO',
    company: 'Analytical Engines',
    location: 'London, UK',
    email: 'ada@speakers.example',
    bio: '<p>Pioneer of computing.</p>',
    profileImageUrl: '',
    linkedinUrl: '',
    websiteUrl: '',
    newsletterUrl: '',
    videoEmbedUrl: '',
    signatureTalks: [],
    eventAppearances: [],
    topics: [],
    industries: [],
    region: null,
    talkTypes: [],
    ...overrides,
  }
}

export async function seedSpeaker(
  overrides: Partial<SpeakerInput> = {},
  options: { userId?: string | null; isPublished?: boolean; createdAt?: Date } = {},
) {
  const row = await createSpeaker(speakerInput(overrides), {
    userId: options.userId ?? null,
    isPublished: options.isPublished ?? true,
  })
  if (options.createdAt) {
    const { eq } = await import('drizzle-orm')
    await getDb().update(speakers).set({ createdAt: options.createdAt }).where(eq(speakers.id, row.id))
  }
  return row
}

/** A complete, valid profile form as the browser posts it. */
export function speakerForm(overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return {
    name: 'Grace Hopper',
    jobTitle: 'Rear Admiral',
    company: 'US Navy',
    location: 'Arlington, USA',
    email: 'grace@speakers.example',
    bio: '<p>Compilers.</p>',
    'talks[0].title': 'Nanoseconds',
    'talks[0].description': 'What a nanosecond looks like.',
    'talks[0].tag': 'Keynote',
    'talks[1].title': '',
    'talks[1].description': '',
    'talks[1].tag': '',
    'events[0].name': 'PyCon',
    'events[0].url': 'https://pycon.example',
    topics: ['innovation'],
    region: 'north-america',
    ...overrides,
  }
}
