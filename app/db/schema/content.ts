import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'

// The content library (spec 000): resources and news posts, the featured sections, comments.

export const postTypeEnum = pgEnum('post_type', ['resource', 'news'])
export const featuredPageEnum = pgEnum('featured_page', ['resources', 'news'])

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    type: postTypeEnum('type').notNull().default('resource'),
    // Markdown.
    content: text('content').notNull(),
    // The markdown rendered to HTML when saved (app/services/markdown.server.tsx); null until the
    // start-up backfill renders rows written before the column existed or by a raw insert.
    contentHtml: text('content_html'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    heroImageUrl: text('hero_image_url').notNull().default(''),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_published_created_idx').on(t.isPublished, t.createdAt),
    index('posts_type_published_created_idx').on(t.type, t.isPublished, t.createdAt),
    index('posts_created_idx').on(t.createdAt),
    index('posts_tags_gin_idx').using('gin', t.tags),
  ],
)

export const featuredSections = pgTable(
  'featured_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    page: featuredPageEnum('page').notNull().default('resources'),
    buttonLabel: text('button_label').notNull(),
    buttonLink: text('button_link').notNull(),
    icon: text('icon').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('featured_sections_page_order_idx').on(t.page, t.sortOrder)],
)

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Spec 000 names post_slug; we key on the post id so a renamed post keeps its comments.
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt)],
)
