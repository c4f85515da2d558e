import type { ActionFunctionArgs } from '@remix-run/node'
import { getSessionUser } from '~/auth/session.server'
import { IMAGE_MAX_BYTES } from '~/lib/constants'
import { hitRateLimit } from '~/models/rate-limit.server'
import { IMAGE_UPLOAD_ERRORS, processImageUpload } from '~/services/images.server'
import { readForm, RequestBodyError, type ReadFormOptions } from '~/services/request-body.server'

// JSON upload endpoint for editors running with JavaScript (hero image, profile photo, bio images).
// POST multipart `file` → 200 {url} | 4xx {error}. Forms without JavaScript upload through their own action.

const UPLOADS_PER_HOUR = 60
// One image at its 5 MB limit; multipart framing stays far below the 64 KB on top.
const BODY: ReadFormOptions = { files: { maxFileBytes: IMAGE_MAX_BYTES }, maxBytes: IMAGE_MAX_BYTES + 64 * 1024 }

export async function loader() {
  return Response.json({ error: 'Use POST with a multipart field named "file".' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    return Response.json({ error: 'Use POST with a multipart field named "file".' }, { status: 405, headers: { Allow: 'POST' } })
  }
  // A JSON client wants a status, not the login page a redirect would give it.
  const user = await getSessionUser(request)
  if (!user) return Response.json({ error: 'You must be signed in to upload images.' }, { status: 401 })

  const limit = await hitRateLimit(`upload:image:${user.id}`, UPLOADS_PER_HOUR, 60 * 60 * 1000)
  if (!limit.allowed) {
    return Response.json(
      { error: 'Too many uploads. Please wait a while and try again.' },
      { status: 429, headers: { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) } },
    )
  }

  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    return Response.json({ error: 'Send the image as multipart/form-data in a field named "file".' }, { status: 400 })
  }

  let formData: FormData
  try {
    formData = await readForm(request, BODY)
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error
    if (error.status === 413) return Response.json({ error: IMAGE_UPLOAD_ERRORS.tooLarge }, { status: 413 })
    return Response.json({ error: 'The upload could not be read. Please try again.' }, { status: 400 })
  }

  const file = formData.get('file')
  const result = await processImageUpload(file instanceof File ? file : null)
  if (!result.ok)
    return Response.json({ error: result.error }, { status: result.error === IMAGE_UPLOAD_ERRORS.tooLarge ? 413 : 400 })
  return Response.json({ url: result.url })
}
