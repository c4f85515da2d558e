import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,

  uuid,
} from 'drizzle-orm/pg-core'

// One Postgres-dialect schema for both drivers (PGlite and postgres.js).
// Spec 001 "profiles" (id, role) is folded into users: one row per person, role stored beside email.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const roleEnum = pgEnum('role', ['admin', 'speaker'])
export const postTypeEnum = pgEnum('post_type', ['resource', 'news'])
export const featuredPageEnum = pgEnum('featured_page', ['resources', 'news'])
export const subscriberStatusEnum = pgEnum('subscriber_status', ['pending', 'confirmed', 'unsubscribed'])
export const outboxStatusEnum = pgEnum('outbox_status', ['pending', 'sent', 'failed'])
export const revenueStageEnum = pgEnum('revenue_stage', ['<$100k', '$100k-$500k', '>$500k'])

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Always stored lower-cased and trimmed.
  email: text('email').notNull().unique(),
  role: roleEnum('role').notNull().default('speaker'),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
})

export const sessions = pgTable(
  'sessions',
  {
    // 256-bit random id; the cookie carries it signed.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
)

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    // SHA-256 of the link token and of the 6-digit code; the secrets themselves are never stored.
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    // 'login' (any user), 'signup' (may create), 'admin' (existing users only).
    intent: text('intent').notNull(),
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verifications_email_idx').on(t.email, t.createdAt)],
)

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    type: postTypeEnum('type').notNull().default('resource'),
    // Markdown.
    content: text('content').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
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

export type SignatureTalk = { title: string; description: string; tag: string }
export type EventAppearance = { name: string; url: string }

export const speakers = pgTable(
  'speakers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    jobTitle: text('job_title').notNull(),
    company: text('company').notNull(),
    location: text('location').notNull(),
    email: text('email').notNull(),
    // Sanitized HTML.
    bio: text('bio').notNull(),
    profileImageUrl: text('profile_image_url').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    websiteUrl: text('website_url').notNull().default(''),
    newsletterUrl: text('newsletter_url').notNull().default(''),
    videoEmbedUrl: text('video_embed_url').notNull().default(''),
    signatureTalks: jsonb('signature_talks').$type<SignatureTalk[]>().notNull().default([]),
    eventAppearances: jsonb('event_appearances').$type<EventAppearance[]>().notNull().default([]),
    // Directory filters (ARCHITECTURE decision 5): chosen on the profile form.
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    region: text('region'),
    talkTypes: text('talk_types').array().notNull().default(sql`'{}'::text[]`),
    isPublished: boolean('is_published').notNull().default(false),
    // Owner; null for admin-created profiles.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('speakers_published_created_idx').on(t.isPublished, t.createdAt),
    index('speakers_user_id_idx').on(t.userId),
    index('speakers_topics_gin_idx').using('gin', t.topics),
    index('speakers_industries_gin_idx').using('gin', t.industries),
    index('speakers_talk_types_gin_idx').using('gin', t.talkTypes),
  ],
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

export const startupApplications = pgTable(
  'startup_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    website: text('website'),
    yearFounded: integer('year_founded').notNull(),
    employees: integer('employees').notNull(),
    revenueStage: revenueStageEnum('revenue_stage').notNull(),
    role: text('role'),
    why: text('why'),
    createdAt: createdAt(),
  },
  (t) => [index('startup_applications_created_idx').on(t.createdAt)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)

export const speakerMessages = pgTable(
  'speaker_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    speakerId: uuid('speaker_id')
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    senderCompany: text('sender_company').notNull().default(''),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('speaker_messages_speaker_idx').on(t.speakerId), index('speaker_messages_created_idx').on(t.createdAt)],
)

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: subscriberStatusEnum('status').notNull().default('pending'),
    // Where the address came from: 'footer', 'product-hunt', 'roadmap', …
    source: text('source').notNull(),
    // Extra flags a form sends along (the launch-discount form's hidden flags).
    flags: jsonb('flags').$type<Record<string, string>>().notNull().default({}),
    confirmTokenHash: text('confirm_token_hash').unique(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('newsletter_subscribers_created_idx').on(t.createdAt)],
)

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    path: text('path'),
    props: jsonb('props').$type<Record<string, unknown>>().notNull().default({}),
    // A daily-rotating salted hash for counting visitors; never the raw IP address.
    visitor: text('visitor'),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_created_idx').on(t.createdAt), index('analytics_events_name_created_idx').on(t.name, t.createdAt)],
)

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Claimed by a worker until this time; a crashed worker's claim simply expires.
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    // 'resend' or 'dev-mailbox'; set when delivered.
    transport: text('transport'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_transport_created_idx').on(t.transport, t.createdAt),
  ],
)

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
})

