import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { SVG_ICON_MAX_BYTES } from '~/lib/constants'
import { createSection, deleteSection, getSection, updateSection } from '~/models/featured-sections.server'
import { uploadSvgIcon } from '~/services/svg.server'
import { redirectWithToast } from '~/services/toast.server'
import { readForm, type ReadFormOptions } from '~/services/request-body.server'
import { AddSectionSchema, DeleteSectionSchema, EditSectionSchema, FEATURED_MESSAGES } from './schema'

const LIST = '/resources/admin/featured'
// An SVG icon (no-JS upload) and the section's text fields. The icon rules (1 MB) answer inside the form;
// the boundary's part limit is twice that, so only a flood gets the 413 page.
export const FEATURED_BODY: ReadFormOptions = { files: { maxFileBytes: 2 * SVG_ICON_MAX_BYTES } }

function iconError(error: string) {
  // Storage failures come back as "Failed to upload SVG: …"; say what failed first.
  return error.startsWith('Failed to upload SVG:') ? `Failed to upload icon. ${error}` : error
}

export async function featuredAction(request: Request) {
  const formData = await readForm(request, FEATURED_BODY)
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
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    const { id, intent: _intent, ...fields } = submission.value
    const existing = await getSection(id)
    if (!existing) return data({ result: submission.reply({ formErrors: ['Failed to update section'] }) }, { status: 404 })
    let icon = existing.icon
    if (iconFile instanceof File && iconFile.size > 0) {
      const upload = await uploadSvgIcon(iconFile)
      if (!upload.ok)
        return data({ result: submission.reply({ fieldErrors: { icon: [iconError(upload.error)] } }) }, { status: 400 })
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
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  if (!(iconFile instanceof File) || iconFile.size === 0) {
    return data({ result: submission.reply({ fieldErrors: { icon: [FEATURED_MESSAGES.iconRequired] } }) }, { status: 400 })
  }
  const upload = await uploadSvgIcon(iconFile)
  if (!upload.ok) return data({ result: submission.reply({ fieldErrors: { icon: [iconError(upload.error)] } }) }, { status: 400 })
  const { intent: _intent, ...fields } = submission.value
  try {
    await createSection({ ...fields, icon: upload.url })
  } catch (error) {
    console.error('Failed to save section', error)
    return data({ result: submission.reply({ formErrors: ['Failed to save section'] }) }, { status: 500 })
  }
  return redirectWithToast(LIST, { type: 'success', description: `Added "${fields.title}".` })
}
