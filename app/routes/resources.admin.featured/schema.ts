import { z } from 'zod'
import { FEATURED_DEFAULT_PAGE, FEATURED_DEFAULT_SORT_ORDER, FEATURED_PAGES } from '~/lib/constants'

export const FEATURED_MESSAGES = {
  allRequired: 'All fields are required',
  iconRequired: 'Please upload an icon',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  labelRequired: 'Button label is required',
  linkRequired: 'Button link is required',
  invalidLink: 'Please enter a valid URL for the button link.',
} as const

export function isValidLink(value: string) {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const text = (max: number) => z.string().trim().max(max).optional().default('')
// Browsers send textarea line breaks as CRLF; the description is stored with \n (one line per paragraph).
const lines = (max: number) => text(max).transform((v) => v.replace(/\r\n?/g, '\n'))
const sortOrder = z.preprocess(
  (v) => (v === '' || v == null ? FEATURED_DEFAULT_SORT_ORDER : v),
  z.coerce.number({ error: 'Order must be a whole number.' }).int('Order must be a whole number.').min(-10_000).max(10_000),
)
const page = z.enum(FEATURED_PAGES).default(FEATURED_DEFAULT_PAGE)

// Add form (spec 001 §5): one message when any of the four fields is empty; the link must be a URL.
export const AddSectionSchema = z
  .object({
    intent: z.literal('add'),
    title: text(200),
    description: lines(2000),
    buttonLabel: text(100),
    buttonLink: text(2000),
    page,
    sortOrder,
  })
  .superRefine((v, ctx) => {
    if (!v.title || !v.description || !v.buttonLabel || !v.buttonLink) {
      ctx.addIssue({ code: 'custom', path: [], message: FEATURED_MESSAGES.allRequired })
      return
    }
    if (!isValidLink(v.buttonLink)) ctx.addIssue({ code: 'custom', path: ['buttonLink'], message: FEATURED_MESSAGES.invalidLink })
  })

// Edit form: a message per field.
export const EditSectionSchema = z
  .object({
    intent: z.literal('edit'),
    id: z.string().min(1),
    title: text(200),
    description: lines(2000),
    buttonLabel: text(100),
    buttonLink: text(2000),
    page,
    sortOrder,
  })
  .superRefine((v, ctx) => {
    if (!v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: FEATURED_MESSAGES.titleRequired })
    if (!v.description) ctx.addIssue({ code: 'custom', path: ['description'], message: FEATURED_MESSAGES.descriptionRequired })
    if (!v.buttonLabel) ctx.addIssue({ code: 'custom', path: ['buttonLabel'], message: FEATURED_MESSAGES.labelRequired })
    if (!v.buttonLink) ctx.addIssue({ code: 'custom', path: ['buttonLink'], message: FEATURED_MESSAGES.linkRequired })
    else if (!isValidLink(v.buttonLink))
      ctx.addIssue({ code: 'custom', path: ['buttonLink'], message: FEATURED_MESSAGES.invalidLink })
  })

export const DeleteSectionSchema = z.object({
  intent: z.literal('delete'),
  id: z.string().min(1),
  confirmed: z.string().optional(),
})
