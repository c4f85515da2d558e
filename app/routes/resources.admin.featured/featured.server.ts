import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { IMAGE_FORM_MAX_BYTES, SVG_ICON_MAX_BYTES } from '~/lib/constants'
import { createSection, deleteSection, getSection, updateSection } from '~/models/featured-sections.server'
import { SVG_UPLOAD_ERRORS, uploadSvgIcon } from '~/services/svg.server'
import { redirectWithToast } from '~/services/toast.server'
import { readForm, RequestBodyError, type ReadFormOptions } from '~/services/request-body.server'
import { AddSectionSchema, DeleteSectionSchema, EditSectionSchema, FEATURED_MESSAGES } from './schema'

const LIST = '/resources/admin/featured'
// An SVG icon (no-JS upload) and the section's text fields. An icon over its limit ("under 1MB": one of
// exactly 1 MB is refused) answers 413 inside the form, by the icon field, with the rest kept.
export const FEATURED_BODY: ReadFormOptions = { files: { maxFileBytes: SVG_ICON_MAX_BYTES - 1 }, maxBytes: IMAGE_FORM_MAX_BYTES }

function iconError(error: string) {
  // Storage failures come back as "Failed to upload SVG: …"; say what failed first.
  return error.startsWith('Failed to upload SVG:') ? `Failed to upload icon. ${error}` : error
}

/** 413 for an icon over the size limit, 400 for any other refusal. */
const iconStatus = (error: string) => (error === SVG_UPLOAD_ERRORS.tooLarge ? 413 : 400)

export async function featuredAction(request: Request) {
  let formData: FormData
  let iconTooLarge = false
  try {
    formData = await readForm(request, FEATURED_BODY)
  } catch (error) {
    if (!(error instanceof RequestBodyError && error.oversizedFile?.field === 'icon')) throw error
    formData = error.oversizedFile.form
    iconTooLarge = true
  }
  const tooLargeReply = (submission: { reply: (o: { fieldErrors: Record<string, string[]> }) => unknown }) =>
    data({ result: submission.reply({ fieldErrors: { icon: [SVG_UPLOAD_ERRORS.tooLarge] } }) }, { status: 413 })
  const intent = formData.get('intent')
  const iconFile = formData.get('icon')
  formData.delete('icon')

  if (intent === 'delete') {
    const parsed = DeleteSectionSchema.safeParse(Object.fromEntries(formData))
    if (!parsed.success) return data({ result: null }, { status: 400 })
    if (parsed.data.confirmed !== '1')
      return redirectWithToast(`${LIST}?modal=delete&id=${encodeURIComponent(parsed.data.id)}`, {
        type: 'info',
        description: 'Please confirm the deletion.',
      })
    try {
      const deleted = await deleteSection(parsed.data.id)
      if (!deleted) return redirectWithToast(LIST, { type: 'error', description: 'Failed to delete section' })
    } catch (error) {
      console.error('Failed to delete section', error)
      return redirectWithToast(LIST, { type: 'error', description: 'Failed to delete section' })
    }
    return redirectWithToast(LIST, { type: 'success', description: 'Section deleted.' })
  }

  if (intent === 'edit') {
    const submission = parseWithZod(formData, { schema: EditSectionSchema })
    if (iconTooLarge) return tooLargeReply(submission)
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    const { id, intent: _intent, ...fields } = submission.value
    const existing = await getSection(id)
    if (!existing) return data({ result: submission.reply({ formErrors: ['Failed to update section'] }) }, { status: 404 })
    let icon = existing.icon
    if (iconFile instanceof File && iconFile.size > 0) {
      const upload = await uploadSvgIcon(iconFile)
      if (!upload.ok)
        return data(
          { result: submission.reply({ fieldErrors: { icon: [iconError(upload.error)] } }) },
          { status: iconStatus(upload.error) },
        )
      icon = upload.url
    }
    try {
      await updateSection(id, { ...fields, icon })
    } catch (error) {
      console.error('Failed to update section', error)
      return data({ result: submission.reply({ formErrors: ['Failed to update section'] }) }, { status: 500 })
    }
    return redirectWithToast(LIST, { type: 'success', description: `Updated "${fields.title}".` })
  }

  const submission = parseWithZod(formData, { schema: AddSectionSchema })
  if (iconTooLarge) return tooLargeReply(submission)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  if (!(iconFile instanceof File) || iconFile.size === 0) {
    return data({ result: submission.reply({ fieldErrors: { icon: [FEATURED_MESSAGES.iconRequired] } }) }, { status: 400 })
  }
  const upload = await uploadSvgIcon(iconFile)
  if (!upload.ok)
    return data(
      { result: submission.reply({ fieldErrors: { icon: [iconError(upload.error)] } }) },
      { status: iconStatus(upload.error) },
    )
  const { intent: _intent, ...fields } = submission.value
  try {
    await createSection({ ...fields, icon: upload.url })
  } catch (error) {
    console.error('Failed to save section', error)
    return data({ result: submission.reply({ formErrors: ['Failed to save section'] }) }, { status: 500 })
  }
  return redirectWithToast(LIST, { type: 'success', description: `Added "${fields.title}".` })
}
