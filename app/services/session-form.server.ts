import { randomBytes } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import { DEFAULT_ACCENT } from '~/lib/accent-color'
import type { FeedbackSettings } from '~/lib/feedback'
import type { FeedbackOpens } from '~/lib/feedback-values'
import { defaultConsentText, defaultMarketingText } from '~/lib/session-wording'
import {
  OFFER_FILE_MAX_BYTES,
  type QuestionKind,
  offerFileType,
  questionsFromForm,
  SESSION_ERRORS,
  SessionSchema,
  weightKeys,
} from '~/lib/talk-session'
import { utcToZonedLocal, zonedLocalToUtc } from '~/lib/time-zone'
import type { OfferFile, SessionInput } from '~/models/talk-sessions.server'
import { readForm, type ReadFormOptions } from './request-body.server'
import { safeFilename, putObject } from './storage.server'

// Reads the session form (create and edit): the offer file as a multipart part (≤ 25 MB, stored
// through the storage service only once everything else is valid), then the one zod schema.

export const OFFER_FILE_FIELD = 'offerFile'
type QuestionSlotValue = {
  id: string
  kind: QuestionKind | ''
  label: string
  required: boolean
  options: string
  /** Scoring points by position (weightKeys): '' for none. */
  points: string[]
}
type Existing = { offerFileKey: string | null; offerFileName: string | null }

/** Body limits of the session form: the offer file at 25 MB; the rest is short text. */
export const SESSION_FORM_BODY: ReadFormOptions = { files: { maxFileBytes: OFFER_FILE_MAX_BYTES } }

async function readBody(request: Request): Promise<{ formData: FormData; tooLarge: boolean }> {
  try {
    return { formData: await readForm(request, SESSION_FORM_BODY), tooLarge: false }
  } catch (error) {
    if (!(error instanceof Response && error.status === 413)) throw error
    // The rest of the form is lost with an oversized body; say why next to the file rather than failing blank.
    return { formData: new FormData(), tooLarge: true }
  }
}

export async function readSessionForm(request: Request, existing: Existing | null) {
  const { formData, tooLarge } = await readBody(request)
  const file = formData.get(OFFER_FILE_FIELD)
  formData.delete(OFFER_FILE_FIELD)
  const submission = parseWithZod(formData, { schema: SessionSchema })
  const fail = (fieldErrors: Record<string, string[]>) => ({ ok: false as const, reply: submission.reply({ fieldErrors }) })

  if (tooLarge) return fail({ [OFFER_FILE_FIELD]: [SESSION_ERRORS.offerFileTooLarge] })
  const upload = file instanceof File && file.size > 0 ? file : null
  const uploadType = upload ? offerFileType(upload.name) : null
  if (upload && !uploadType) {
    return fail({
      [OFFER_FILE_FIELD]: ['This file type cannot be offered. Use PDF, an image, audio, video, an office document or a ZIP.'],
    })
  }
  if (submission.status !== 'success') return { ok: false as const, reply: submission.reply() }
  const v = submission.value
  if (v.offerKind === 'file' && !upload && !existing?.offerFileKey)
    return fail({ [OFFER_FILE_FIELD]: [SESSION_ERRORS.offerFile] })

  let offerFile: OfferFile | null | undefined = undefined
  if (v.offerKind !== 'file') offerFile = null
  else if (upload) {
    // A random part keeps the address of a file meant for attendees who signed up unguessable.
    const name = safeFilename(upload.name)
    const key = `offer-${randomBytes(12).toString('hex')}-${name}`
    await putObject({
      key,
      body: Buffer.from(await upload.arrayBuffer()),
      contentType: uploadType!,
      cacheControl: 'private, max-age=3600',
    })
    offerFile = { key, name: upload.name.slice(0, 200), type: uploadType!, size: upload.size }
  }

  const input: SessionInput = {
    talkId: v.talkId,
    eventName: v.eventName,
    startsAt: zonedLocalToUtc(v.startsAt, v.timeZone)!,
    timeZone: v.timeZone,
    city: v.isOnline ? null : v.city,
    isOnline: v.isOnline,
    audienceSize: v.audienceSize ?? null,
    headline: v.headline,
    offerKind: v.offerKind,
    offerTitle: v.offerKind === 'none' ? '' : v.offerTitle,
    offerPromise: v.offerKind === 'none' ? '' : v.offerPromise,
    offerUrl: v.offerKind === 'url' ? v.offerUrl : null,
    thanksMessage: v.thanksMessage,
    offerFile,
    fields: v.fields,
    questions: questionsFromForm(v.questions, () => randomBytes(5).toString('hex')),
    accentColor: v.accentColor,
    consentText: v.consentText,
    marketingText: v.marketingText,
    feedbackEnabled: v.feedbackEnabled,
    feedbackOpens: v.feedbackOpens,
    feedbackOpensBeforeEndMinutes: v.feedbackOpensBeforeEndMinutes,
    feedbackClosesAfterMinutes: v.feedbackClosesAfterMinutes,
  }
  return { ok: true as const, input, reply: submission.reply() }
}

/** The new-session form's starting values; `speaker` is the name attendees see (publicNameOf in first-run.server.ts). */
export function newSessionDefaults(speaker: string | null, talk: { id: string } | null) {
  return {
    talkId: talk?.id ?? '',
    eventName: '',
    startsAt: '',
    timeZone: '',
    isOnline: false,
    city: '',
    audienceSize: '',
    headline: '',
    offerKind: 'none' as SessionInput['offerKind'],
    offerTitle: '',
    offerPromise: '',
    offerUrl: '',
    thanksMessage: '',
    fields: { company: true, jobTitle: true, phone: false, linkedin: false },
    questions: [] as QuestionSlotValue[],
    accentColor: DEFAULT_ACCENT,
    consentText: defaultConsentText({ speaker }),
    marketingText: defaultMarketingText(speaker),
    // The columns' defaults (app/db/schema/talks.ts): off, opening at the start, closing an hour after the end.
    feedbackEnabled: false,
    feedbackOpens: 'start' as FeedbackOpens,
    feedbackOpensBeforeEndMinutes: '10',
    feedbackClosesAfterMinutes: '60',
  }
}
export type SessionFormDefaults = ReturnType<typeof newSessionDefaults>

type StoredSession = Omit<SessionInput, 'offerFile' | 'offerUrl' | 'city' | 'audienceSize' | keyof FeedbackSettings> &
  FeedbackSettings & {
    offerUrl: string | null
    city: string | null
    audienceSize: number | null
  }

export function sessionFormValues(s: StoredSession): SessionFormDefaults {
  return {
    talkId: s.talkId,
    eventName: s.eventName,
    startsAt: utcToZonedLocal(s.startsAt, s.timeZone),
    timeZone: s.timeZone,
    isOnline: s.isOnline,
    city: s.city ?? '',
    audienceSize: s.audienceSize === null ? '' : String(s.audienceSize),
    headline: s.headline,
    offerKind: s.offerKind,
    offerTitle: s.offerTitle,
    offerPromise: s.offerPromise,
    offerUrl: s.offerUrl ?? '',
    thanksMessage: s.thanksMessage ?? '',
    fields: s.fields,
    questions: s.questions.map(({ weights, ...q }) => ({
      ...q,
      options: q.options.join('\n'),
      points: weightKeys(q.kind, q.options).map((key) => (weights?.[key] ? String(weights[key]) : '')),
    })),
    accentColor: s.accentColor,
    consentText: s.consentText,
    marketingText: s.marketingText,
    feedbackEnabled: s.feedbackEnabled,
    feedbackOpens: s.feedbackOpens,
    feedbackOpensBeforeEndMinutes: String(s.feedbackOpensBeforeEndMinutes),
    feedbackClosesAfterMinutes: String(s.feedbackClosesAfterMinutes),
  }
}
