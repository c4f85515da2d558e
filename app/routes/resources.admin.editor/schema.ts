import { z } from 'zod'
import { POST_TYPES } from '~/lib/constants'

export const TITLE_AND_CONTENT_REQUIRED = 'Title and content are required.'

// Tags are split on commas, trimmed, empties dropped (spec 001 §5).
export function splitTags(value: string | undefined) {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ]
}

const optionalText = (max: number) => z.string().trim().max(max).optional().default('')

export const PostSchema = z.object({
  intent: z.enum(['draft', 'publish', 'autosave']),
  id: z.string().optional(),
  title: z.string().trim().max(300, 'Titles can be at most 300 characters.').optional().default(''),
  type: z.enum(POST_TYPES).default('resource'),
  tags: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => splitTags(v)),
  content: z
    .string()
    .max(500_000, 'Content is too long.')
    .optional()
    .default('')
    .transform((v) => v.replace(/\r\n?/g, '\n')),
  metaTitle: optionalText(300),
  metaDescription: optionalText(1000),
  heroImageUrl: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\//i.test(v),
      'The hero image must be an uploaded image.',
    )
    .optional()
    .default(''),
  published: z
    .string()
    .optional()
    .transform((v) => v === 'on' || v === 'true'),
})
