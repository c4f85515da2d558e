import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'

// The speaker directory (spec 000): public profiles and the Contact Speaker messages to them.

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
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    region: text('region'),
    talkTypes: text('talk_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
