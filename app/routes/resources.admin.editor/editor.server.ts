import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import type { SessionUser } from '~/auth/session.server'
import { IMAGE_FORM_MAX_BYTES, IMAGE_MAX_BYTES } from '~/lib/constants'
import { IMAGE_UPLOAD_ERRORS, uploadErrorText } from '~/lib/image-upload'
import { postSlug } from '~/lib/slug'
import { getPostById, isSlugTaken, isUniqueViolation, type PostInput } from '~/models/posts.server'
import { recordEvent } from '~/services/analytics.server'
import { processImageUpload } from '~/services/images.server'
import { createPost, updatePost } from '~/services/post-save.server'
import { readForm, RequestBodyError, type ReadFormOptions } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { PostSchema, TITLE_AND_CONTENT_REQUIRED } from './schema'

export const EMPTY_SLUG_MESSAGE = 'The title needs at least one letter or number (a-z, 0-9) to make the post link.'
export const slugTakenMessage = (slug: string) => `Another post already uses the link "${slug}". Please choose a different title.`

// The hero image (no-JS upload) and up to 500,000 characters of markdown (up to 3 bytes each in UTF-8).
// A hero image over 5 MB answers 413 inside the form, by the field, with the rest of the post kept.
export const EDITOR_BODY: ReadFormOptions = {
  files: { maxFileBytes: IMAGE_MAX_BYTES },
  maxBytes: IMAGE_FORM_MAX_BYTES + 3 * 1024 * 1024,
}

type AutosaveReply = { ok: true; id: string; savedAt: string } | { ok: false; error: string }

/**
 * Save as Draft, Publish (manual saves: validated, then back to the list with a toast) and the
 * auto-save (JSON answer; a new post is created on its first auto-save and edited from then on).
 */
export async function saveAction(request: Request, _user: SessionUser) {
  let formData: FormData
  let heroTooLarge = false
  try {
    formData = await readForm(request, EDITOR_BODY)
  } catch (error) {
    if (!(error instanceof RequestBodyError && error.oversizedFile?.field === 'heroImage')) throw error
    formData = error.oversizedFile.form
    heroTooLarge = true
  }
  const heroFile = formData.get('heroImage')
  formData.delete('heroImage')
  const submission = parseWithZod(formData, { schema: PostSchema })
  const intent = formData.get('intent')
  const autosave = intent === 'autosave'

  const fail = (status: number, reply: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    autosave
      ? data<AutosaveReply>(
          {
            ok: false,
            error: [...(reply.formErrors ?? []), ...Object.values(reply.fieldErrors ?? {}).flat()].join(' ') || 'Invalid post',
          },
          { status },
        )
      : data({ result: submission.reply(reply) }, { status })

  if (heroTooLarge) return fail(413, { fieldErrors: { heroImage: [uploadErrorText(IMAGE_UPLOAD_ERRORS.tooLarge)] } })
  if (submission.status !== 'success') {
    if (autosave) return data<AutosaveReply>({ ok: false, error: 'Invalid post' }, { status: 400 })
    return data({ result: submission.reply() }, { status: 400 })
  }
  const value = submission.value
  if (!value.title || !value.content.trim()) return fail(400, { formErrors: [TITLE_AND_CONTENT_REQUIRED] })

  const existing = value.id ? await getPostById(value.id) : null
  if (value.id && !existing) return fail(404, { formErrors: ['Post not found'] })

  const slug = postSlug(value.title)
  if (!slug) return fail(400, { fieldErrors: { title: [EMPTY_SLUG_MESSAGE] } })
  if (await isSlugTaken(slug, existing?.id)) return fail(400, { fieldErrors: { title: [slugTakenMessage(slug)] } })

  let heroImageUrl = value.heroImageUrl ?? ''
  if (heroFile instanceof File && heroFile.size > 0) {
    const upload = await processImageUpload(heroFile)
    if (!upload.ok)
      return fail(upload.error === IMAGE_UPLOAD_ERRORS.tooLarge ? 413 : 400, {
        fieldErrors: { heroImage: [uploadErrorText(upload.error)] },
      })
    heroImageUrl = upload.url
  }

  // Save as Draft sets false, Publish sets true; the auto-save keeps the current checkbox.
  const isPublished = intent === 'publish' ? true : intent === 'draft' ? false : value.published
  const input: PostInput = {
    title: value.title,
    slug,
    type: value.type,
    content: value.content,
    tags: value.tags,
    metaTitle: value.metaTitle || value.title,
    metaDescription: value.metaDescription ?? '',
    heroImageUrl,
    isPublished,
  }

  let saved
  try {
    saved = existing ? await updatePost(existing.id, input) : await createPost(input)
  } catch (error) {
    if (isUniqueViolation(error)) return fail(400, { fieldErrors: { title: [slugTakenMessage(slug)] } })
    console.error('Error saving post', error)
    return fail(500, { formErrors: [`Error saving post: ${error instanceof Error ? error.message : 'Unknown error'}`] })
  }
  if (!saved) return fail(404, { formErrors: ['Post not found'] })

  const props = { title: saved.title, tags: saved.tags }
  await recordEvent(existing ? 'post_updated' : 'post_created', { request, props })
  if (heroImageUrl && heroImageUrl !== (existing?.heroImageUrl ?? '')) {
    await recordEvent('hero_image_uploaded', { request, props: { postId: saved.id } })
  }

  if (autosave) return data<AutosaveReply>({ ok: true, id: saved.id, savedAt: new Date().toISOString() })
  return redirectWithToast('/resources/admin', {
    type: 'success',
    description: isPublished ? `Published "${saved.title}".` : `Saved "${saved.title}" as a draft.`,
  })
}
