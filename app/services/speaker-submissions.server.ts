import { data, redirect } from '@remix-run/node'
import type { SessionUser } from '~/auth/session.server'
import { getConfig } from '~/config.server'
import { ADMIN_HOME_PATH } from '~/lib/constants'
import { speakerFormDefaults } from '~/lib/speaker-form'
import { formatUsLongDate } from '~/lib/text'
import { createSpeaker, getOwnedSpeaker, listSpeakersByOwner, updateSpeaker } from '~/models/speakers.server'
import { readSpeakerSubmission, toSpeakerInput } from '~/services/speaker-form.server'
import { saveErrorMessages } from '~/services/speaker-save.server'
import { redirectWithToast } from '~/services/toast.server'

// A signed-in speaker's profile submissions (spec 001 §4), one implementation behind two screens:
// the public /premium/speaker-profile-submissions the spec names, and /app/profile inside the
// workspace (issue 20 §7b). `path` is the screen's own address: saves come back to it.

export const NOT_OWNER = 'Speaker not found or you do not have permission to edit this profile.'
export const SUBMITTED = 'Profile submitted successfully! It will be reviewed by our team.'
export const UPDATED = 'Profile updated successfully!'

/** The list of the speaker's profiles and the one being edited (?id=); 404 for someone else's. */
export async function loadOwnSubmissions(request: Request, user: SessionUser) {
  // spec 001 §2: "An admin opening this screen is redirected to /resources/admin."
  if (user.role === 'admin') throw redirect(ADMIN_HOME_PATH)
  const id = new URL(request.url).searchParams.get('id')
  let own: Awaited<ReturnType<typeof listSpeakersByOwner>> = []
  let listError: string | null = null
  try {
    own = await listSpeakersByOwner(user.id)
  } catch (error) {
    console.error(error)
    listError = 'Failed to load your submissions.'
  }
  let editing = null
  let editError: string | null = null
  if (id) {
    try {
      editing = await getOwnedSpeaker(id, user.id)
      if (!editing) editError = NOT_OWNER
    } catch (error) {
      console.error(error)
      editError = 'Failed to load speaker. Please try again.'
    }
  }
  return data(
    {
      signedIn: true as const,
      email: user.email,
      own: own.map((s) => ({ ...s, created: formatUsLongDate(s.createdAt) })),
      listError,
      editId: editing?.id ?? null,
      editError,
      defaults: speakerFormDefaults(editing),
    },
    { status: editError === NOT_OWNER ? 404 : 200 },
  )
}

/** Creates or (with ?id=) updates a profile, saved unpublished; back to `path` with a toast. */
export async function saveOwnSubmission(request: Request, user: SessionUser, path: string) {
  if (user.role === 'admin') throw redirect(ADMIN_HOME_PATH)
  const read = await readSpeakerSubmission(request)
  if ('refusal' in read) return read.refusal
  const { submission } = read

  const id = new URL(request.url).searchParams.get('id')
  const input = toSpeakerInput(submission.value)
  try {
    if (id) {
      // spec 001 §4: an update by the owner is saved unpublished too; ownership is in the WHERE clause.
      const row = await updateSpeaker(id, input, { ownerId: user.id, isPublished: false })
      if (!row) return data({ result: submission.reply({ formErrors: [NOT_OWNER] }) }, { status: 404 })
      return redirectWithToast(path, { type: 'success', description: UPDATED })
    }
    await createSpeaker(input, { userId: user.id, isPublished: false })
    return redirectWithToast(`${path}?created=1`, { type: 'success', description: SUBMITTED })
  } catch (error) {
    if (!(error instanceof Error && 'code' in error)) console.error(error)
    const messages = saveErrorMessages(error, { prefix: 'Error saving profile: ', teamEmail: getConfig().teamEmail })
    return data({ result: submission.reply({ formErrors: messages }) }, { status: 400 })
  }
}
