import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { posts } from '~/db/schema/content'
import { postSlug } from '~/lib/slug'
import type { PostInput } from '~/models/posts.server'
import { createPost } from '~/services/post-save.server'

let counter = 0

/** A post with sensible defaults; createdAt can be set to order listings deterministically. */
export async function seedPost(overrides: Partial<PostInput> = {}, createdAt?: Date) {
  counter += 1
  const title = overrides.title ?? `Seeded post ${counter}`
  const post = await createPost({
    title,
    slug: overrides.slug ?? postSlug(title),
    type: 'resource',
    content: 'Plain body text.',
    tags: [],
    metaTitle: '',
    metaDescription: '',
    heroImageUrl: '',
    isPublished: true,
    ...overrides,
  })
  if (createdAt) await getDb().update(posts).set({ createdAt }).where(eq(posts.id, post.id))
  return post
}

type DataAnswer<T = unknown> = { data: T; init: { status: number } | null }

/** The payload and status of a `data(...)` answer (single fetch). */
export function answer<T = Record<string, unknown>>(value: unknown) {
  const v = value as DataAnswer<T>
  return { data: v.data, status: v.init?.status ?? 200 }
}

/** Form-level and field errors from a Conform reply. */
export function errorsOf(value: unknown): Record<string, string[]> {
  const v = value as DataAnswer<{ result: { error?: Record<string, string[] | null> } }>
  const out: Record<string, string[]> = {}
  for (const [k, e] of Object.entries(v.data?.result?.error ?? {})) if (e) out[k] = e
  return out
}
