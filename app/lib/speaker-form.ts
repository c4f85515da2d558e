import { z } from 'zod'
import { DEFAULT_EVENT_ROWS, DEFAULT_TALK_BLOCKS, DIRECTORY_FILTERS } from './constants'
import { isEmailAddress, NAME_NOT_ADDRESS } from './public-name'
import { htmlToText } from './text'

// The one zod schema of the speaker profile form (spec 001 §5), shared by the submission screen
// and the admin editor, in the browser (Conform) and on the server.

export const SPEAKER_FORM_MESSAGES = {
  name: 'Name is required',
  jobTitle: 'Job title is required',
  company: 'Company is required',
  location: 'Location is required',
  email: 'Email is required',
  emailFormat: 'Please enter a valid email address',
  bio: 'Bio is required',
  banner: 'Please fix the highlighted fields below.',
  adminBanner: 'Please fill in all required fields.',
} as const

const optionsOf = (param: string) =>
  DIRECTORY_FILTERS.find((f) => f.param === param)!.options.map((o) => o.value) as [string, ...string[]]
export const TOPIC_VALUES = optionsOf('topic')
export const INDUSTRY_VALUES = optionsOf('industry')
export const REGION_VALUES = optionsOf('region')
export const TALK_TYPE_VALUES = optionsOf('type')

const required = (message: string) => z.string({ error: message }).trim().min(1, message)
const optionalText = z.string().trim().optional().default('')
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Please enter a valid URL starting with http:// or https://')
const multi = (values: [string, ...string[]]) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(values))).default([])

export const SpeakerFormSchema = z.object({
  // The directory shows it as the speaker's name: never an email address (issue 29 Deliver 7).
  name: required(SPEAKER_FORM_MESSAGES.name).refine((v) => !isEmailAddress(v), NAME_NOT_ADDRESS),
  jobTitle: required(SPEAKER_FORM_MESSAGES.jobTitle),
  company: required(SPEAKER_FORM_MESSAGES.company),
  location: required(SPEAKER_FORM_MESSAGES.location),
  email: required(SPEAKER_FORM_MESSAGES.email).pipe(z.email(SPEAKER_FORM_MESSAGES.emailFormat)),
  bio: z
    .string({ error: SPEAKER_FORM_MESSAGES.bio })
    .refine((html) => htmlToText(html) !== '' || /<(img|iframe|table)\b/i.test(html), SPEAKER_FORM_MESSAGES.bio),
  profileImageUrl: optionalText,
  videoEmbedUrl: optionalUrl,
  linkedinUrl: optionalUrl,
  websiteUrl: optionalUrl,
  newsletterUrl: optionalUrl,
  talks: z
    .array(z.object({ title: optionalText, description: optionalText, tag: optionalText }))
    .optional()
    .default([]),
  events: z
    .array(z.object({ name: optionalText, url: optionalUrl }))
    .optional()
    .default([]),
  topics: multi(TOPIC_VALUES),
  industries: multi(INDUSTRY_VALUES),
  region: z.enum(REGION_VALUES).optional(),
  talkTypes: multi(TALK_TYPE_VALUES),
  // Admin editor only: the "Publish this speaker profile" checkbox and which button was pressed.
  publish: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()).optional(),
  status: z.enum(['draft', 'publish']).optional(),
})

export type SpeakerFormValue = z.infer<typeof SpeakerFormSchema>

type StoredSpeaker = {
  name: string
  jobTitle: string
  company: string
  location: string
  email: string
  bio: string
  profileImageUrl: string
  videoEmbedUrl: string
  linkedinUrl: string
  websiteUrl: string
  newsletterUrl: string
  signatureTalks: { title: string; description: string; tag: string }[]
  eventAppearances: { name: string; url: string }[]
  topics: string[]
  industries: string[]
  region: string | null
  talkTypes: string[]
  isPublished?: boolean
}

/** Default value for the form: an empty profile has 3 talk blocks and 1 event row (spec 001 §9). */
export function speakerFormDefaults(speaker?: StoredSpeaker | null) {
  const talks = [...(speaker?.signatureTalks ?? [])]
  while (talks.length < DEFAULT_TALK_BLOCKS) talks.push({ title: '', description: '', tag: '' })
  const events = speaker?.eventAppearances.length ? [...speaker.eventAppearances] : []
  while (events.length < DEFAULT_EVENT_ROWS) events.push({ name: '', url: '' })
  return {
    name: speaker?.name ?? '',
    jobTitle: speaker?.jobTitle ?? '',
    company: speaker?.company ?? '',
    location: speaker?.location ?? '',
    email: speaker?.email ?? '',
    bio: speaker?.bio ?? '',
    profileImageUrl: speaker?.profileImageUrl ?? '',
    videoEmbedUrl: speaker?.videoEmbedUrl ?? '',
    linkedinUrl: speaker?.linkedinUrl ?? '',
    websiteUrl: speaker?.websiteUrl ?? '',
    newsletterUrl: speaker?.newsletterUrl ?? '',
    talks,
    events,
    topics: speaker?.topics ?? [],
    industries: speaker?.industries ?? [],
    region: speaker?.region ?? '',
    talkTypes: speaker?.talkTypes ?? [],
    publish: speaker?.isPublished ? 'on' : '',
  }
}
