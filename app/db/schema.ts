import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  type AnyPgColumn,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ConfirmationSkipReason } from '~/lib/confirmation-limits'
import { CONTACT_STATUSES, SCORE_BANDS } from '~/lib/lead-status'

// One Postgres-dialect schema for both drivers (PGlite and postgres.js).
// Spec 001 "profiles" (id, role) is folded into users: one row per person, role stored beside email.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const roleEnum = pgEnum('role', ['admin', 'speaker'])
export const postTypeEnum = pgEnum('post_type', ['resource', 'news'])
export const featuredPageEnum = pgEnum('featured_page', ['resources', 'news'])
export const subscriberStatusEnum = pgEnum('subscriber_status', ['pending', 'confirmed', 'unsubscribed'])
export const jobStatusEnum = pgEnum('job_status', ['pending', 'done', 'failed'])
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
    // The link was spent on a device with no pending sign-in for this address (issue 20 item 3):
    // that device is signed in, and the code stays usable (once, until expires_at) in the tab that
    // asked. used_at set means nothing of this email works any more.
    linkUsedAt: timestamp('link_used_at', { withTimezone: true, mode: 'date' }),
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
    // An admin approved it (issue 22): the applicant was emailed a single-use offer link to buy the
    // startup plan. Approving again replaces the token (the older link stops working).
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    // SHA-256 of the offer link's token (the link itself is only in the email).
    offerTokenHash: text('offer_token_hash').unique(),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    // The checkout bought with the offer was paid (set at fulfilment), and for which workspace.
    offerUsedAt: timestamp('offer_used_at', { withTimezone: true, mode: 'date' }),
    offerWorkspaceId: uuid('offer_workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
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
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
  ],
)

// The one durable job queue (ARCHITECTURE decision 15, docs/decisions/0009-jobs.md): email,
// storage clean-up, scheduled sweeps, and whatever kind comes next (payloads in app/jobs/payloads.ts,
// handlers in app/services/job-kinds.server.ts).
// Written in the same transaction as the change that causes the job; claimed with FOR UPDATE SKIP
// LOCKED and a lease (locked_until), so several instances share the work and a crashed claim expires.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    // What the handler reported (an email's transport and provider id, a sweep's counts).
    result: jsonb('result'),
    // A scheduled job's slot (`storage.sweep:2026-11-24`): one row per slot however many instances run.
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    // The captures (leads.id) whose details the payload holds — an email to or about an attendee —
    // so that erasing them finds every copy (docs/decisions/0014-erasure-reaches-every-copy.md).
    // Null for the jobs about nobody.
    leadIds: uuid('lead_ids').array(),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
    // Only the jobs about someone; fastupdate off: a sign-up pays one small insert, never the
    // pending list's merge (a latency spike for whichever request crosses its limit).
    index('jobs_lead_ids_idx')
      .using('gin', t.leadIds)
      .where(sql`lead_ids is not null`)
      .with({ fastupdate: false }),
    // A person's CRM pushes, whose results may quote HubSpot's answer about them (erasure scrubs it).
    index('jobs_crm_contact_idx')
      .on(sql`(${t.payload}->>'contactId')`)
      .where(sql`kind = 'crm.sync'`),
  ],
)

// Attendee confirmations taken per window: an address's per UTC day, a session's per hour
// (app/models/confirmation-budget.server.ts). One upsert takes a slot race-free across instances.
// Keys hold no personal data (`address:` + an HMAC of the address, `session:` + its id); old windows
// go with the daily jobs.prune.
export const confirmationBudgets = pgTable(
  'confirmation_budgets',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

// Email jobs as the outbox they were before the queue was generalised: read-only, for the dev mailbox,
// delivery checks and tests. Status reads 'sent' for a delivered message, 'skipped' for an attendee
// confirmation held back by its limits (app/models/confirmation-budget.server.ts).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const emailOutbox = pgView('email_outbox', {
  id: uuid('id').notNull(),
  to: text('to').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  status: text('status').$type<'pending' | 'sent' | 'skipped' | 'failed'>().notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  lockedUntil: ts('locked_until'),
  lastError: text('last_error'),
  transport: text('transport'),
  providerId: text('provider_id'),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
}).as(
  sql`select "id", "payload"->>'to' as "to", "payload"->>'replyTo' as "reply_to", "payload"->>'subject' as "subject", "payload"->>'html' as "html", "payload"->>'text' as "text", case when "status" = 'done' and "result"->>'skipped' is not null then 'skipped' when "status" = 'done' then 'sent' else "status"::text end as "status", "attempts", "run_at" as "next_attempt_at", "locked_until", "last_error", "result"->>'transport' as "transport", "result"->>'providerId' as "provider_id", "created_at", "finished_at" as "sent_at" from "jobs" where "kind" = 'email'`,
)

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
})

// ── Lead capture (issue 9; issue 10 builds the leads workspace on it) ───────────────────────
// A speaker's account plan (ARCHITECTURE decision 14; limits in app/lib/plans.ts). Set by an admin
// until billing exists; the startup programme maps to 'teams'.
export const planEnum = pgEnum('plan', ['free', 'solo', 'pro', 'teams', 'organiser'])
// How a speaker hears about new leads.
export const leadNotifyEnum = pgEnum('lead_notify', ['instant', 'hourly', 'daily', 'off'])
export const talkSessionStatusEnum = pgEnum('talk_session_status', ['draft', 'live', 'closed'])
export const offerKindEnum = pgEnum('offer_kind', ['none', 'file', 'url'])
export const sessionViewKindEnum = pgEnum('session_view_kind', ['scan', 'visit'])

// ── Workspaces (issue 21, docs/decisions/0016-workspaces-own-the-work.md) ─────────────────────
// A workspace owns talks, sessions, people, captures, segments, webhooks, the CRM connection,
// retention and the plan. Every account has a personal one, created with the account and given the
// user's id (the migration did the same for existing accounts, so every row and URL stayed put).
// The work tables keep their owner_id / user_id column names: owner_id now holds a workspace id.
// 'speaker' (issue 23): a speaker of an organiser's event who claimed their page; not a seat.
export const workspaceRoleEnum = pgEnum('workspace_role', ['owner', 'admin', 'member', 'speaker'])

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // Created with an account (not deletable on its own; closing the account closes it).
  personal: boolean('personal').notNull().default(false),
  plan: planEnum('plan').notNull().default('free'),
  // Seats paid for (billing); null = the plan's own limit (app/lib/permissions.ts).
  seats: integer('seats'),
  // A plan an admin set by hand (Event Organiser, comps): wins over any subscription; null = billing decides.
  manualPlan: planEnum('manual_plan'),
  // Leads captured more than this many months ago are deleted (issue 10 Deliver 9); null = kept.
  retentionMonths: integer('retention_months'),
  // "Members see every lead": off → a member sees the leads of the sessions they run.
  membersSeeAllLeads: boolean('members_see_all_leads').notNull().default(false),
  // An ownership transfer the owner offered, waiting for that admin to confirm.
  transferToUserId: uuid('transfer_to_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: workspaceRoleEnum('role').notNull(),
    // How this member hears about new leads they can see (issue 21 Deliver 9).
    leadNotify: leadNotifyEnum('lead_notify').notNull().default('instant'),
    // When this member's last digest went out (hourly/daily modes).
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true, mode: 'date' }),
    // When they joined: their digests cover the captures made since (not the workspace's history).
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    // Exactly one owner: at most one by this index, at least one by the transfer rules.
    uniqueIndex('workspace_members_one_owner_uq')
      .on(t.workspaceId)
      .where(sql`role = 'owner'`),
  ],
)

/** Invitations by email: the token is only stored as its SHA-256; valid 7 days, single use. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed.
    email: text('email').notNull(),
    role: workspaceRoleEnum('role').notNull(),
    // A speaker invitation (role 'speaker', issue 23) claims this roster entry of the event organiser.
    speakerId: uuid('speaker_id').references((): AnyPgColumn => eventSpeakers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    // The inviter's address when invited: the expired/used page names whom to ask even after they left.
    inviterEmail: text('inviter_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    // Revoked by an admin, or voided by a resend (which makes a new row and token).
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    index('workspace_invitations_email_idx').on(t.email),
  ],
)

/**
 * The audit log (issue 21 Deliver 7): who did what in a workspace, kept at least a year. No foreign
 * keys: a row outlives the person (actor_email keeps who) and names the workspace it was about.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    kind: text('kind').notNull(),
    // The person or thing concerned (an email, a URL, a file kind), for the list and the filter.
    subject: text('subject').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('audit_events_workspace_kind_idx').on(t.workspaceId, t.kind, t.createdAt),
    index('audit_events_created_idx').on(t.createdAt),
  ],
)

// ── Billing (issue 22, docs/billing.md): Stripe is the source of payments, these tables of what a
// workspace may use. Written only by app/services/billing.server.ts (webhooks, the return page, admin sync).

/** A workspace's Stripe customer, and the currency fixed at its first purchase. */
export const billingCustomers = pgTable('billing_customers', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  // Upper-case ISO code (USD, GBP, EUR); null until a purchase is paid.
  currency: text('currency'),
  // When the stored subscriptions were read from Stripe: an older read never overwrites a newer one.
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
})

/** Stripe's subscriptions of a workspace as last read from Stripe (any status, kept for history). */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    status: text('status').notNull(),
    // What it buys (app/lib/billing.ts): the plan and the price's lookup key.
    plan: planEnum('plan').notNull(),
    lookupKey: text('lookup_key').notNull(),
    interval: text('interval').notNull(),
    seats: integer('seats').notNull(),
    currency: text('currency').notNull(),
    // Per seat per interval, minor units, before tax and discounts.
    unitAmount: integer('unit_amount').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }).notNull(),
    // The end of the last period that was paid for: entitlements last until then.
    paidThrough: timestamp('paid_through', { withTimezone: true, mode: 'date' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('billing_subscriptions_workspace_idx').on(t.workspaceId)],
)

export const UNLOCK_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'disputed'] as const

/** A one-off purchase unlocking one session (a Checkout Session in payment mode). */
export const sessionUnlocks = pgTable(
  'session_unlocks',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    boughtBy: uuid('bought_by').references(() => users.id, { onDelete: 'set null' }),
    paymentIntentId: text('payment_intent_id').unique(),
    status: text('status', { enum: UNLOCK_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receiptUrl: text('receipt_url'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    // When this state was read from Stripe: an older read never overwrites a newer one.
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_unlocks_session_idx').on(t.sessionId), index('session_unlocks_workspace_idx').on(t.workspaceId)],
)

/** Each Stripe event id once: a redelivery finds its row and does nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  // Taken by the request working on it; a claim left by a crashed process may be taken again.
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
})

/** Notices sent once (a failed-payment email per invoice): the key's row is the proof it went. */
export const billingNotices = pgTable('billing_notices', {
  key: text('key').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

export const accounts = pgTable('accounts', {
  // One row per user that has account settings; a missing row means the defaults. The plan and
  // retention moved to the workspace, notifications to the membership (issue 21).
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The name attendees see (talk pages, contact card, their emails, the consent notice); null = the
  // directory profile's name, else the account email (app/lib/speaker-name.ts).
  displayName: text('display_name'),
  updatedAt: updatedAt(),
})

/** A reusable signature talk. */
export const talks = pgTable(
  'talks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Who created it; handed to another member when they leave (app/models/workspaces.server.ts).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    tag: text('tag').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('talks_workspace_created_idx').on(t.workspaceId, t.createdAt), index('talks_user_idx').on(t.userId)],
)

export type SessionFieldSwitches = { company: boolean; jobTitle: boolean; phone: boolean; linkedin: boolean }
export type SessionQuestionKind = 'text' | 'single' | 'multi' | 'rating'
export type SessionQuestion = {
  id: string
  kind: SessionQuestionKind
  label: string
  required: boolean
  options: string[]
  /**
   * Scoring weights the speaker sets (issue 10 Deliver 4; rules in app/lib/lead-score.ts): points per
   * option label (single, multi), per star "1"–"5" (rating), or "answered" (text). Missing = 0.
   */
  weights?: Record<string, number>
}

/** One delivery of a talk at an event, with its landing page /t/{code}. */
export const talkSessions = pgTable(
  'talk_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The member who runs it (a member sees the leads of the sessions they run); handed to another
    // member when they leave or are removed, so the attendee page and QR code keep working.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talkId: uuid('talk_id')
      .notNull()
      .references(() => talks.id, { onDelete: 'restrict' }),
    // Unguessable short code of the public page /t/{code}.
    code: text('code').notNull().unique(),
    status: talkSessionStatusEnum('status').notNull().default('draft'),
    eventName: text('event_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    // IANA zone the speaker entered the time in (shown back in that zone).
    timeZone: text('time_zone').notNull(),
    // City, or null when isOnline.
    city: text('city'),
    isOnline: boolean('is_online').notNull().default(false),
    audienceSize: integer('audience_size'),
    // Landing page; an empty headline shows the talk title.
    headline: text('headline').notNull().default(''),
    offerTitle: text('offer_title').notNull().default(''),
    offerPromise: text('offer_promise').notNull().default(''),
    offerKind: offerKindEnum('offer_kind').notNull().default('none'),
    offerUrl: text('offer_url'),
    // Storage key of an uploaded offer file (≤ 25 MB), with the name and type to serve it as.
    offerFileKey: text('offer_file_key'),
    offerFileName: text('offer_file_name'),
    offerFileType: text('offer_file_type'),
    offerFileSize: integer('offer_file_size'),
    fields: jsonb('fields')
      .$type<SessionFieldSwitches>()
      .notNull()
      .default({ company: true, jobTitle: true, phone: false, linkedin: false }),
    // Up to three custom questions.
    questions: jsonb('questions').$type<SessionQuestion[]>().notNull().default([]),
    accentColor: text('accent_color').notNull().default('#4f46e5'),
    // The notice shown above the submit button, and the label of the optional marketing tick box.
    consentText: text('consent_text').notNull(),
    marketingText: text('marketing_text').notNull().default(''),
    // Every lead of the session is visible on any plan: set by an admin, or while a paid unlock
    // stands (app/models/billing.server.ts keeps it = adminUnlocked OR a paid session_unlocks row).
    unlocked: boolean('unlocked').notNull().default(false),
    adminUnlocked: boolean('admin_unlocked').notNull().default(false),
    // The cost of the engagement (issue 10 ROI), entered by the speaker in minor units of costCurrency.
    costFeeCents: bigint('cost_fee_cents', { mode: 'number' }),
    costTravelCents: bigint('cost_travel_cents', { mode: 'number' }),
    costCurrency: text('cost_currency'),
    wentLiveAt: timestamp('went_live_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    // Issue 23: a session of an organiser's event (null for a speaker's own sessions), its room, its
    // length, the roster speaker giving it, and the fields the organiser locked against the speaker.
    eventId: uuid('event_id').references((): AnyPgColumn => events.id, { onDelete: 'restrict' }),
    roomId: uuid('room_id').references((): AnyPgColumn => eventRooms.id, { onDelete: 'set null' }),
    durationMinutes: integer('duration_minutes'),
    speakerId: uuid('speaker_id').references((): AnyPgColumn => eventSpeakers.id, { onDelete: 'set null' }),
    lockedFields: text('locked_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('talk_sessions_workspace_starts_idx').on(t.workspaceId, t.startsAt),
    index('talk_sessions_event_starts_idx').on(t.eventId, t.startsAt),
    index('talk_sessions_speaker_idx').on(t.speakerId),
    index('talk_sessions_workspace_status_idx').on(t.workspaceId, t.status),
    // A member's own sessions (the leads they see, reassignment on removal).
    index('talk_sessions_user_idx').on(t.userId, t.workspaceId),
    index('talk_sessions_talk_idx').on(t.talkId),
  ],
)

/** An attendee's details left on a session page. One per (session, email): a resubmission updates it. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    // The workspace (controller); denormalised so every workspace-scoped read filters on one column.
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The person (owner + email) this capture belongs to: one person, many captures (issue 10).
    contactId: uuid('contact_id')
      .notNull()
      .references((): AnyPgColumn => contacts.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    company: text('company'),
    jobTitle: text('job_title'),
    phone: text('phone'),
    linkedinUrl: text('linkedin_url'),
    // Custom question id → answer (string, string[] or a 1–5 number).
    answers: jsonb('answers').$type<Record<string, string | string[] | number>>().notNull().default({}),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    // SHA-256 of the attendee's erasure token (the link in their confirmation email).
    eraseTokenHash: text('erase_token_hash').notNull().unique(),
    // When the first member was told about this lead (instantly or in a digest); null: nobody yet.
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    // The members (users.id) told about it, each by their own mode (issue 21 Deliver 9): a member's
    // digest takes the captures they can see that are not marked here, so each is in one digest per
    // member. Null: nobody yet (no bytes on the row for the many captures of a speaker on "off").
    notifiedMembers: uuid('notified_members').array(),
    // Why the attendee's confirmation email was not sent — a limit that keeps the form from being an
    // email relay (app/lib/confirmation-limits.ts); null: queued or sent.
    confirmationSkipped: text('confirmation_skipped').$type<ConfirmationSkipReason>(),
    // Who received the details (issue 23 Deliver 5; app/models/leads.server.ts runnerCondition): the
    // workspace's owner and admins ("the organiser"), and the member running the session ("the
    // speaker"). Both true outside events; an event decides, and the attendee's tick box.
    toOrganiser: boolean('to_organiser').notNull().default(true),
    toSpeaker: boolean('to_speaker').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leads_session_email_uq').on(t.sessionId, t.email),
    // Does this workspace hold captures its organiser did not receive? (the leads list's person filter)
    index('leads_withheld_idx')
      .on(t.ownerId)
      .where(sql`not to_organiser`),
    index('leads_session_created_idx').on(t.sessionId, t.createdAt),
    index('leads_owner_created_idx').on(t.ownerId, t.createdAt),
    index('leads_owner_email_idx').on(t.ownerId, t.email),
    index('leads_contact_created_idx').on(t.contactId, t.createdAt),
    // The leads list's session, talk and event filters (one owner's captures at a few sessions).
    index('leads_owner_session_idx').on(t.ownerId, t.sessionId),
  ],
)

/** Server-issued submission ids: a repeated POST of one id finds its lead instead of adding one. */
export const leadSubmissions = pgTable('lead_submissions', {
  id: uuid('id').primaryKey(),
  leadId: uuid('lead_id')
    .notNull()
    .references(() => leads.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').notNull(),
  createdAt: createdAt(),
})

/** Consent wordings, stored once each and referenced by their SHA-256. Append-only. */
export const consentTexts = pgTable('consent_texts', {
  hash: text('hash').primaryKey(),
  text: text('text').notNull(),
  createdAt: createdAt(),
})

/**
 * The consent ledger: one row per submission, append-only (no screen or action edits it). Holds no
 * personal data itself, so it outlives the lead's erasure; the lead and session ids are kept
 * without foreign keys for the same reason.
 */
export const leadConsents = pgTable(
  'lead_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: uuid('lead_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    submissionId: uuid('submission_id').notNull(),
    noticeHash: text('notice_hash')
      .notNull()
      .references(() => consentTexts.hash),
    marketingHash: text('marketing_hash').references(() => consentTexts.hash),
    marketingConsent: boolean('marketing_consent').notNull(),
    // Issue 23: who received the details ('organiser', 'speaker'; null before events existed), the
    // wording of the unticked box that shares them with a second recipient, and whether it was ticked.
    recipients: text('recipients').array(),
    shareHash: text('share_hash').references(() => consentTexts.hash),
    shareConsent: boolean('share_consent'),
    createdAt: createdAt(),
  },
  (t) => [index('lead_consents_lead_idx').on(t.leadId), index('lead_consents_session_idx').on(t.sessionId)],
)

/** Erasures, recorded without the erased personal data (a keyed hash of the email only). */
export const leadErasures = pgTable(
  'lead_erasures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: uuid('lead_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    emailHash: text('email_hash').notNull(),
    // 'attendee' (the link in the confirmation email), 'speaker', or 'retention' (the speaker's setting).
    requestedBy: text('requested_by').notNull(),
    // When the erased capture was made (its leads.created_at): an erased capture keeps its place in
    // the session's visibility order, so deleting visible leads never reveals locked ones
    // (app/models/leads.server.ts). Null for erasures recorded before it was kept (and not found in
    // the consent ledger by migration 0022): those do not count.
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_erasures_owner_idx').on(t.ownerId, t.createdAt),
    index('lead_erasures_session_captured_idx').on(t.sessionId, t.capturedAt, t.leadId),
  ],
)

/** Scans (?qr=1) and plain visits of /t/{code}; visitor is a daily-salted hash, never an IP. */
export const sessionViews = pgTable(
  'session_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    kind: sessionViewKindEnum('kind').notNull(),
    visitor: text('visitor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_views_session_created_idx').on(t.sessionId, t.createdAt)],
)

/**
 * Each session's running figures, kept by the database in the statement that writes each view or
 * capture (triggers in drizzle/0038_session-counters-kept.sql; backfilled there), so the insights pages
 * read a row per session instead of every view and capture (docs/organisers.md → Measured). Scans,
 * visits and visitors count every view; leads count every capture, whoever received its details;
 * hot leads follow the person's band as it changes.
 */
export const sessionCounts = pgTable('session_counts', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => talkSessions.id, { onDelete: 'cascade' }),
  scans: integer('scans').notNull().default(0),
  visits: integer('visits').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
  leads: integer('leads').notNull().default(0),
  /** Captures given to the organiser whose person's band is hot (the insights' "hot leads"). */
  hotLeads: integer('hot_leads').notNull().default(0),
})

/** The distinct visitors of each session: what `session_counts.visitors` counts (one row each). */
export const sessionVisitors = pgTable(
  'session_visitors',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.visitor] })],
)

/** Captures per session and 15-minute bucket (`floor(epoch / 900)`, UTC): the insights timeline. */
export const sessionLeadQuarters = pgTable(
  'session_lead_quarters',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    quarter: integer('quarter').notNull(),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.quarter] })],
)

// ── Leads workspace (issue 10) ────────────────────────────────────────────────────────────────
export const contactStatusEnum = pgEnum('contact_status', CONTACT_STATUSES)
export const scoreBandEnum = pgEnum('score_band', SCORE_BANDS)

/**
 * One person of one speaker: every capture (lead) with the same email on the owner's sessions
 * belongs to it, merged automatically at capture time. Follow-up state lives here (status, deal,
 * tags, notes, score); the latest capture's details are copied here for listing and search.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed, as on leads.
    email: text('email').notNull(),
    // From the latest capture.
    firstName: text('first_name').notNull(),
    company: text('company'),
    jobTitle: text('job_title'),
    // The latest capture's marketing consent (the ledger keeps every one).
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    status: contactStatusEnum('status').notNull().default('new'),
    // Set when won, in minor units of dealCurrency.
    dealValueCents: bigint('deal_value_cents', { mode: 'number' }),
    dealCurrency: text('deal_currency'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // app/lib/lead-score.ts: points, band and the reasons shown.
    score: integer('score').notNull().default(0),
    scoreBand: scoreBandEnum('score_band').notNull().default('cold'),
    scoreReasons: jsonb('score_reasons').$type<string[]>().notNull().default([]),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_owner_email_uq').on(t.ownerId, t.email),
    index('contacts_owner_last_seen_idx').on(t.ownerId, t.lastSeenAt),
    index('contacts_owner_status_idx').on(t.ownerId, t.status),
    index('contacts_owner_band_idx').on(t.ownerId, t.scoreBand),
    index('contacts_tags_idx').using('gin', t.tags),
    // The leads list's other sorts (app/models/lead-list.server.ts): a page is read in index order;
    // the CSV export walks a speaker's people by id in batches (keyset).
    index('contacts_owner_id_idx').on(t.ownerId, t.id),
    index('contacts_owner_first_seen_idx').on(t.ownerId, t.firstSeenAt, t.id),
    index('contacts_owner_name_idx').on(t.ownerId, t.firstName, t.id),
    index('contacts_owner_score_idx').on(t.ownerId, t.score, t.id),
  ],
)

/** A speaker's notes on a person (editable; the timeline shows them). */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_notes_contact_idx').on(t.contactId, t.createdAt)],
)

/**
 * What happened to a person, for the timeline and the fan-out to webhooks and CRMs
 * (app/models/lead-events.server.ts): captured, updated, status, tag, note, email, webhook and CRM
 * deliveries. Removed with the person; an erasure leaves only lead_erasures behind.
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    // The capture concerned, if any (no foreign key: the row may outlive a deleted capture).
    leadId: uuid('lead_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // The signed-in user who caused it; null for the attendee or the system.
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_contact_idx').on(t.contactId, t.createdAt)],
)

/** A saved filter of the leads list (its query string), by name. */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('segments_owner_name_uq').on(t.ownerId, t.name)],
)

/** Settings → Webhooks: a speaker's endpoint, signed per Standard Webhooks with its whsec_ secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    // Encrypted (app/platform/secrets.server.ts, bound to the endpoint id).
    secret: text('secret').notNull(),
    // The secret before the last rotation, encrypted; messages carry a signature with it too until
    // previousSecretExpiresAt (24 h), so a receiver can switch over without failed deliveries.
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // Why it was disabled automatically (24 h of failures), shown in Settings.
    disabledReason: text('disabled_reason'),
    // The first failure of the current run of failures; cleared by a success.
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId)],
)

/** One message to one endpoint (webhook-id = id, the same on every retry and replay) and its latest outcome. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    contactId: uuid('contact_id'),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_contact_idx').on(t.contactId),
    // The daily prune of deliveries older than JOB_RETENTION_DAYS (app/services/queue-retention.server.ts).
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
)

/** A connected CRM (HubSpot in early access): its token encrypted at rest, and the field mapping. */
export const crmConnections = pgTable(
  'crm_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'hubspot'>().notNull(),
    // AES-256-GCM ciphertext of the access token; the key comes from the environment.
    tokenCiphertext: text('token_ciphertext').notNull(),
    // The token's last four characters, to show which one is connected.
    tokenHint: text('token_hint').notNull(),
    // Lectern field → CRM property.
    fieldMap: jsonb('field_map').$type<Record<string, string>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    // The latest refusal the speaker must act on (token revoked, scope missing, unknown property),
    // shown in Settings → Integrations; cleared by a new token, a saved mapping or a later success.
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_connections_owner_provider_uq').on(t.ownerId, t.provider)],
)

/** Per person and CRM: the CRM's record id and whether the latest state reached it. */
export const crmSyncs = pgTable(
  'crm_syncs',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'hubspot'>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    externalId: text('external_id'),
    state: text('state').$type<'pending' | 'synced' | 'failed'>().notNull().default('pending'),
    lastError: text('last_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.provider] }),
    // Settings → Integrations lists a speaker's latest syncs, failed ones first.
    index('crm_syncs_owner_updated_idx').on(t.ownerId, t.provider, t.updatedAt),
  ],
)

// ── Events (issue 23, docs/organisers.md): an organiser's conference, its rooms, its speakers (a
// roster of the workspace, reused across events, claimed by invitation) and CSV imports waiting for
// confirmation. Sessions of an event are talk_sessions rows with event_id set.
export const eventStatusEnum = pgEnum('event_status', ['draft', 'published', 'archived'])
// Who receives an attendee's details: the organiser, the speaker, or both (the organiser always, the
// speaker only when the attendee ticks the unticked box naming them).
export const eventRecipientsEnum = pgEnum('event_recipients', ['organiser', 'speaker', 'both'])

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The public page /e/{slug}.
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Calendar days in the event's zone (YYYY-MM-DD).
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    // IANA zone the programme's times are entered and shown in.
    timeZone: text('time_zone').notNull(),
    // Venue name and address, or null when isOnline.
    venue: text('venue'),
    city: text('city'),
    isOnline: boolean('is_online').notNull().default(false),
    status: eventStatusEnum('status').notNull().default('draft'),
    recipients: eventRecipientsEnum('recipients').notNull().default('organiser'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_workspace_starts_idx').on(t.workspaceId, t.startsOn)],
)

export const eventRooms = pgTable(
  'event_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Lower-cased name: the CSV's room column matches without regard to case.
    nameKey: text('name_key').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('event_rooms_event_name_uq').on(t.eventId, t.nameKey)],
)

/** A speaker on an organiser's roster: the page /e/{slug}/{speaker} of each event they speak at. */
export const eventSpeakers = pgTable(
  'event_speakers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed: the roster's key (a re-import matches by it).
    email: text('email').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    bio: text('bio').notNull().default(''),
    // The photo's URL (uploaded as the directory's profile images are), or ''.
    photoUrl: text('photo_url').notNull().default(''),
    // The account that claimed this page by accepting its invitation; null = not claimed yet.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    // The last invitation sent (the dashboard's "still to claim").
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    // Fields the organiser locked: the speaker cannot change them ('name', 'jobTitle', 'company', 'bio', 'photoUrl').
    lockedFields: text('locked_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_speakers_workspace_email_uq').on(t.workspaceId, t.email),
    uniqueIndex('event_speakers_workspace_slug_uq').on(t.workspaceId, t.slug),
    index('event_speakers_user_idx').on(t.userId),
  ],
)

/** An uploaded speakers CSV waiting for the organiser to confirm its preview (kept a day). */
export const eventImports = pgTable(
  'event_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    // The decoded file, parsed again at confirmation (the preview and the import read the same text).
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_imports_event_idx').on(t.eventId, t.createdAt)],
)
