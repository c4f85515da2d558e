import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { IMAGE_FORM_MAX_BYTES, IMAGE_MAX_BYTES } from '~/lib/constants'
import { SpeakerFormSchema, type SpeakerFormValue } from '~/lib/speaker-form'
import type { SpeakerInput } from '~/models/speakers.server'
import { IMAGE_UPLOAD_ERRORS, IMAGE_UPLOAD_FAILED, uploadErrorText } from '~/lib/image-upload'
import { processImageUpload } from './images.server'
import { readForm, RequestBodyError, type ReadFormOptions } from './request-body.server'
import { sanitizeBioHtml } from './sanitize.server'

// Reads the shared speaker form (submission screen and admin editor): the profile photo sent
// without JavaScript as a file part, the bio sanitized before anything else sees it, then the
// one zod schema.

export const PROFILE_IMAGE_FIELD = 'profileImage'

/** Body limits of the speaker form (both routes that show it): the photo at the image limit, checkbox groups repeat. */
export const SPEAKER_FORM_BODY: ReadFormOptions = {
  files: { maxFileBytes: IMAGE_MAX_BYTES },
  maxBytes: IMAGE_FORM_MAX_BYTES,
  multiple: ['topics', 'industries', 'talkTypes'],
}

export async function readSpeakerForm(request: Request) {
  let formData: FormData
  let uploadError: string | null = null
  // 413 when the photo was over the limit (the answer's status), else 400 for any other refusal.
  let uploadStatus: 400 | 413 = 400
  try {
    formData = await readForm(request, SPEAKER_FORM_BODY)
  } catch (error) {
    if (!(error instanceof RequestBodyError && error.status === 413)) throw error
    // An oversized photo: the rest of the form survives and the message goes next to the photo.
    formData = error.oversizedFile?.form ?? new FormData()
    uploadError = uploadErrorText(IMAGE_UPLOAD_ERRORS.tooLarge)
    uploadStatus = 413
  }

  const file = formData.get(PROFILE_IMAGE_FIELD)
  formData.delete(PROFILE_IMAGE_FIELD)
  if (file instanceof File && file.size > 0) {
    const result = await processImageUpload(file).catch(() => ({ ok: false as const, error: '' }))
    if (result.ok) formData.set('profileImageUrl', result.url)
    else {
      uploadError = result.error ? uploadErrorText(result.error) : IMAGE_UPLOAD_FAILED
      if (result.error === IMAGE_UPLOAD_ERRORS.tooLarge) uploadStatus = 413
    }
  }
  const bio = formData.get('bio')
  formData.set('bio', typeof bio === 'string' ? sanitizeBioHtml(bio) : '')

  const submission = parseWithZod(formData, { schema: SpeakerFormSchema })
  return { formData, submission, uploadError, uploadStatus }
}

/**
 * The form read and checked, or the answer for a form that is not saved: Conform's add/remove-row
 * buttons re-render with the list changed (200), a refusal is a 400 (413 for an oversized photo)
 * with the photo's message next to the photo.
 */
export async function readSpeakerSubmission(request: Request) {
  const { submission, uploadError, uploadStatus } = await readSpeakerForm(request)
  if (submission.status === undefined) return { refusal: data({ result: submission.reply() }) }
  if (submission.status !== 'success' || uploadError) {
    return {
      refusal: data(
        { result: submission.reply(uploadError ? { fieldErrors: { profileImageUrl: [uploadError] } } : undefined) },
        { status: uploadError ? uploadStatus : 400 },
      ),
    }
  }
  return { submission }
}

export function toSpeakerInput(value: SpeakerFormValue): SpeakerInput {
  return {
    name: value.name,
    jobTitle: value.jobTitle,
    company: value.company,
    location: value.location,
    email: value.email,
    bio: value.bio,
    profileImageUrl: value.profileImageUrl,
    linkedinUrl: value.linkedinUrl,
    websiteUrl: value.websiteUrl,
    newsletterUrl: value.newsletterUrl,
    videoEmbedUrl: value.videoEmbedUrl,
    signatureTalks: value.talks.map((t) => ({ title: t.title, description: t.description, tag: t.tag })),
    eventAppearances: value.events.map((e) => ({ name: e.name, url: e.url })),
    topics: value.topics,
    industries: value.industries,
    region: value.region ?? null,
    talkTypes: value.talkTypes,
  }
}
