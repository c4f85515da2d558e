import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { IMAGE_FORM_MAX_BYTES, IMAGE_MAX_BYTES } from '~/lib/constants'
import { cellsOf, EventSessionSchema, PHOTO_FIELD, problemsAsFieldErrors, RosterSpeakerSchema } from '~/lib/event-speaker-forms'
import { IMAGE_UPLOAD_ERRORS, IMAGE_UPLOAD_FAILED, uploadErrorText } from '~/lib/image-upload'
import { checkProgrammeCells } from '~/lib/speaker-import'
import {
  removeSpeakerFromEvent,
  updateEventSession,
  updateRosterSpeaker,
  type getEventSpeaker,
} from '~/models/event-speakers.server'
import { listRooms, purgeEventPages, type EventRow } from '~/models/events.server'
import { processImageUpload } from './images.server'
import { readForm, RequestBodyError, type ReadFormOptions } from './request-body.server'
import { redirectWithToast } from './toast.server'

// The organiser's edits on a speaker's page of an event (issue 23 Deliver 3): the roster speaker
// (with the photo uploaded as the directory's are: re-encoded, metadata stripped), one session,
// or taking the speaker off the event. Each answers a redirect with a toast, or what to show by
// the fields with its 4xx status. The event's public pages are purged after every change.

const BODY: ReadFormOptions = { files: { maxFileBytes: IMAGE_MAX_BYTES }, maxBytes: IMAGE_FORM_MAX_BYTES, multiple: ['locked'] }

export const SESSION_TITLE_TAKEN = 'This speaker already has a session with this talk title at this event.'
export const SPEAKER_HAS_LEADS =
  'A session of this speaker at this event has captured leads, so it is kept. Leads are erased on their own terms, never as a side effect.'

type Found = NonNullable<Awaited<ReturnType<typeof getEventSpeaker>>>
type Result = SubmissionResult<string[]>
export type EditAnswer =
  { speakerResult: Result; photoError: string | null } | { sessionId: string; sessionResult: Result } | { removeError: string }

export async function readEventSpeakerForm(request: Request) {
  try {
    return { formData: await readForm(request, BODY), photoTooLarge: false }
  } catch (error) {
    // An oversized photo: the rest of the form survives and the message goes next to the photo.
    if (error instanceof RequestBodyError && error.status === 413 && error.oversizedFile)
      return { formData: error.oversizedFile.form, photoTooLarge: true }
    throw error
  }
}

export async function saveEventSpeakerForm(
  { formData, photoTooLarge }: Awaited<ReturnType<typeof readEventSpeakerForm>>,
  { event, found }: { event: EventRow; found: Found },
): Promise<Response | { body: EditAnswer; status: number }> {
  const page = `/app/events/${event.id}/speakers`
  const intent = formData.get('intent')
  if (intent === 'speaker') {
    const file = formData.get(PHOTO_FIELD)
    formData.delete(PHOTO_FIELD)
    const submission = parseWithZod(formData, { schema: RosterSpeakerSchema })
    if (photoTooLarge)
      return {
        body: { speakerResult: submission.reply(), photoError: uploadErrorText(IMAGE_UPLOAD_ERRORS.tooLarge) },
        status: 413,
      }
    if (submission.status !== 'success') return { body: { speakerResult: submission.reply(), photoError: null }, status: 400 }
    let photoUrl = submission.value.removePhoto ? '' : found.speaker.photoUrl
    if (file instanceof File && file.size > 0) {
      const upload = await processImageUpload(file).catch(() => ({ ok: false as const, error: '' }))
      if (!upload.ok) {
        const photoError = upload.error ? uploadErrorText(upload.error) : IMAGE_UPLOAD_FAILED
        return {
          body: { speakerResult: submission.reply(), photoError },
          status: upload.error === IMAGE_UPLOAD_ERRORS.tooLarge ? 413 : 400,
        }
      }
      photoUrl = upload.url
    }
    const { name, jobTitle, company, bio, locked } = submission.value
    await updateRosterSpeaker(event.workspaceId, found.speaker.id, {
      name,
      jobTitle,
      company,
      bio,
      photoUrl,
      lockedFields: locked,
    })
    purgeEventPages(event.slug)
    return redirectWithToast(`${page}/${found.speaker.id}`, { type: 'success', description: 'Speaker page saved.' })
  }
  if (intent === 'session') {
    const sessionId = String(formData.get('sessionId') ?? '')
    const submission = parseWithZod(formData, { schema: EventSessionSchema })
    if (submission.status !== 'success') return { body: { sessionId, sessionResult: submission.reply() }, status: 400 }
    const session = found.sessions.find((s) => s.id === submission.value.sessionId)
    if (!session) throw new Response('Session not found', { status: 404 })
    // The CSV's row rule, with the speaker's own name and email: only the session's fields can fail.
    const cells = cellsOf({ ...submission.value, name: found.speaker.name, email: found.speaker.email })
    const checked = checkProgrammeCells(cells, { timeZone: event.timeZone, rooms: await listRooms(event.id) })
    if (!checked.value) {
      return {
        body: { sessionId, sessionResult: submission.reply({ fieldErrors: problemsAsFieldErrors(checked.problems) }) },
        status: 400,
      }
    }
    const { talkTitle, talkDescription, startsAt, durationMinutes, roomId } = checked.value
    const outcome = await updateEventSession(event.workspaceId, event.id, found.speaker.id, session.id, {
      talkTitle,
      talkDescription,
      startsAt,
      durationMinutes,
      roomId,
      lockedFields: submission.value.locked,
    })
    if (outcome === 'not-found') throw new Response('Session not found', { status: 404 })
    if (outcome === 'title-taken') {
      return {
        body: { sessionId, sessionResult: submission.reply({ fieldErrors: { talkTitle: [SESSION_TITLE_TAKEN] } }) },
        status: 400,
      }
    }
    purgeEventPages(event.slug)
    return redirectWithToast(`${page}/${found.speaker.id}`, { type: 'success', description: 'Session saved.' })
  }
  if (intent === 'remove') {
    const outcome = await removeSpeakerFromEvent(event.workspaceId, event.id, found.speaker.id)
    if (outcome === 'has-leads') return { body: { removeError: SPEAKER_HAS_LEADS }, status: 409 }
    purgeEventPages(event.slug)
    return redirectWithToast(page, { type: 'success', description: `${found.speaker.name} was removed from ${event.name}.` })
  }
  return { body: { removeError: 'Unknown action.' }, status: 400 }
}
