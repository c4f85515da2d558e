// Business constants from the two specs (000 = public site, 001 = sign-in, admin, submissions),
// under the specs' names, so a number changes in one place. Where ARCHITECTURE.md settles or
// supersedes a spec line, the comment names the decision.

// ── Public site timings (spec 000 §4, §9) ────────────────────────────────────────────────────
export const CAROUSEL_AUTO_ADVANCE_MS = 8_000
export const CAROUSEL_PAUSE_AFTER_MANUAL_MS = 10_000
export const CHAT_WIDGET_DELAY_MS = 3_000
export const COUNTDOWN_REFRESH_MS = 1_000
export const SCROLL_TRACKING_OFFSET_PX = 100
export const CONTACT_MODAL_CLOSE_MS = 2_000
// Decision 5 makes the directory filters real; the notice survives only for a JS-side hint.
export const DIRECTORY_FILTER_NOTICE_MS = 3_000

// ── Cards, listings, skeletons (spec 000 §2, §9; decision 11) ────────────────────────────────
export const BIO_PREVIEW_CHARS = 120
export const MAX_CARD_HASHTAGS = 3
export const DIRECTORY_SKELETON_CARDS = 6
export const LISTING_SKELETON_CARDS = 3
export const FILTER_PANEL_VISIBLE_TAGS = 5
export const CARD_MAX_TAGS = 4
export const PUBLIC_PAGE_SIZE = 12
export const ADMIN_POSTS_PAGE_SIZE = 5
export const ADMIN_SPEAKERS_PAGE_SIZE = 10
// Admin accounts (issue 9 §8) keep the admin lists' larger size.
export const ADMIN_ACCOUNTS_PAGE_SIZE = 10
export const CONTACT_MESSAGE_ROWS = 4
export const IDEA_CATALOGUE_SECTIONS = 5

// ── Storage and uploads (spec 001 §3, §5, §7, §9; decision 12) ───────────────────────────────
export const STORAGE_BUCKET = 'images'
export const ICON_PREFIX = 'icons/'
export const SVG_MIME_TYPE = 'image/svg+xml'
// Spec: "size must be under 1MB" — a file of exactly this many bytes is rejected.
export const SVG_ICON_MAX_BYTES = 1024 * 1024
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const STORAGE_CACHE_CONTROL_SECONDS = 3_600
/** URL prefix of local uploads; server/index.ts serves DATA_DIR/uploads here. */
export const LOCAL_UPLOADS_PATH = '/uploads'
/**
 * The server refuses any body above this before a route sees it (server/index.ts); each route's own,
 * smaller limit is enforced while reading (app/services/request-body.server.ts). It is the largest
 * route limit — a 25 MB file plus its form — so a route that needs more raises it here.
 */
export const REQUEST_BODY_CEILING_BYTES = 26 * 1024 * 1024
/**
 * Whole-body limit of a form that carries one image: room for the photo a person actually picks
 * (a 10–20 MB phone picture), so an image over IMAGE_MAX_BYTES is read and dropped, and the answer is
 * the 413 by its field with the rest of the form kept, not a bare refusal. Only parts within their
 * own limit are ever held in memory.
 */
export const IMAGE_FORM_MAX_BYTES = 20 * 1024 * 1024

// ── Posts, featured sections, meta title (spec 001 §3, §5, §9) ───────────────────────────────
export const POST_TYPES = ['resource', 'news'] as const
export const POST_TYPE_LABELS = { resource: 'Resource Article', news: 'News Post' } as const
export const FEATURED_PAGES = ['resources', 'news'] as const
export const FEATURED_DEFAULT_PAGE = 'resources'
export const FEATURED_DEFAULT_SORT_ORDER = 0
export const META_TITLE_MAX = 60
export const META_TITLE_MIN = 30
export const META_TITLE_WARN = 50
// A cut title ends at a word boundary only if that keeps more than this share of the room.
export const META_TITLE_WORD_CUT_RATIO = 0.7
export const META_TITLE_KEYWORDS = [
  'lead',
  'capture',
  'event',
  'speaking',
  'speaker',
  'engagement',
  'roi',
  'marketing',
  'webinar',
  'virtual',
  'social',
  'email',
  'sales',
] as const
export const META_DESCRIPTION_ROWS = 2
export const POST_AUTOSAVE_MS = 2_000
export const SAVED_INDICATOR_MS = 2_000

// ── Speaker submissions and the bio editor (spec 001 §2–§5, §9) ──────────────────────────────
export const DRAFT_AUTOSAVE_MS = 2_000
export const SUCCESS_TOAST_MS = 5_000
export const DEFAULT_TALK_BLOCKS = 3
export const DEFAULT_EVENT_ROWS = 1
export const TALK_DESCRIPTION_ROWS = 2
// The spec names no key; one name keeps old drafts readable across releases.
export const SPEAKER_DRAFT_STORAGE_KEY = 'speaker-profile-draft'
export const SPEAKER_REQUIRED_FIELDS = ['name', 'job_title', 'company', 'location', 'email', 'bio'] as const
export const SUGGESTED_TALK_TAGS = [
  'Keynote',
  'Panel Discussion',
  'Workshop',
  'Fireside Chat',
  'Q&A Session',
  'Roundtable',
  'Lightning Talk',
  'Masterclass',
] as const
export const EDITOR_MIN_HEIGHT_PX = 400
export const NEW_TABLE_ROWS = 3
export const NEW_TABLE_COLS = 3
export const NEW_TABLE_HEADER_ROW = true
export const EMBED_DEFAULT_WIDTH = 560
export const EMBED_DEFAULT_HEIGHT = 315
export const EMBED_FRAME_ATTRIBUTES = [
  'src',
  'width',
  'height',
  'frameborder',
  'allow',
  'allowfullscreen',
  'title',
  'referrerpolicy',
] as const
export const TABLE_COLUMN_MIN_WIDTH = 25
export const TABLE_COLUMN_DEFAULT_WIDTH = 100

// ── Sign-in, roles, redirects (spec 001 §2, §6; ARCHITECTURE "Sign-in rules") ────────────────
export const ROLES = ['admin', 'speaker'] as const
export const AUTH_CALLBACK_DELAY_MS = 1_000
export const DEFAULT_RETURN_TO = '/premium/speaker-profile-submissions'
export const ADMIN_LOGIN_PATH = '/resources/admin/login'
export const ADMIN_HOME_PATH = '/resources/admin'
// Where a speaker lands after signing in from /login or /signup (ARCHITECTURE decision 13).
export const SPEAKER_HOME_PATH = '/app'
// The workspace's Profile: the profile submissions of spec 001 §4 inside the workspace (issue 20 §7b).
export const WORKSPACE_PROFILE_PATH = '/app/profile'
// Where the guard sends a user whose role fits no rule (spec 001 §6: "fallback path (default /)").
export const GUARD_FALLBACK_PATH = '/'
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000
// 32 bytes = 256 bits, above the ≥128-bit floor, so the hash lookup cannot be brute-forced.
export const MAGIC_TOKEN_BYTES = 32
export const MAGIC_CODE_LENGTH = 6
export const MAGIC_CODE_MAX_ATTEMPTS = 5
export const MAGIC_LINK_COOLDOWN_MS = 60_000
// The tab waiting for the link: how often it asks whether the sign-in happened, and after how long
// without news its "Checking access..." gives way to the hint that a link opened on another device
// signs in that device and shows the code to type here (issue 20 item 3).
export const SIGN_IN_STATUS_POLL_MS = 2_000
export const WAITING_TAB_CODE_HINT_MS = 30_000
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

// ── Currency (spec 000 §3, §5, §9; decision 9) ──────────────────────────────────────────────
export const CURRENCIES = ['USD', 'GBP', 'EUR'] as const
export const DEFAULT_CURRENCY = 'USD'
export const PREFERRED_CURRENCY_COOKIE = 'preferred-currency'

// ── Plans and prices (spec 000 §1, §2, §6, §9). Per-currency prices are in pricing.ts. ───────
export const FREE_PLAN_LIVE_SESSIONS = 1
export const FREE_PLAN_VISIBLE_LEADS = 3
export const UNLOCK_FEE = 49 // in the visitor's currency
// How a speaker hears about new leads (issue 9 §7), stored in accounts.lead_notify.
export const LEAD_NOTIFY_MODES = ['instant', 'hourly', 'daily', 'off'] as const
export type LeadNotifyMode = (typeof LEAD_NOTIFY_MODES)[number]
export const ANNUAL_SAVING_PERCENT = 20
export const TEAM_MAX_USERS = 5
export const ORGANISER_MAX_ADMINS = 5
// The startup plan is quoted in USD only.
export const STARTUP_PLAN = {
  seatPricePerMonth: 29,
  yearlyPrice: 1_044,
  standardSeatPricePerMonth: 49,
  standardYearlyPrice: 1_764,
  discountPercent: 41,
  savedFirstYear: 720,
  validityMonths: 12,
  seats: 3,
} as const
// Eligibility is stated in copy only and never enforced (spec 000 §2).
export const STARTUP_ELIGIBILITY = {
  maxCompanyAgeYears: 3,
  maxEmployeesExclusive: 20,
  maxAnnualRevenueUsd: 500_000,
} as const
// Decision 7: the upper bound is the current year, computed where the form is built.
export const STARTUP_YEAR_MIN = 2000
export const REVENUE_STAGES = ['<$100k', '$100k-$500k', '>$500k'] as const

// ── Launch offer (spec 000 §2, §9; decision 6) ───────────────────────────────────────────────
export const LAUNCH_OFFER_PERCENT = 40
export const LAUNCH_OFFER_CODE = 'ProductHunt'
// "6 June 2025 midnight" = the end of that day. Written with an explicit zone (UTC) because a
// zone-less ISO string is read in local time, so server and browser would disagree on the
// instant. The deadline is a setting (LAUNCH_OFFER_DEADLINE); this is only its default.
export const LAUNCH_OFFER_DEFAULT_DEADLINE = '2025-06-06T23:59:59Z'
export const LAUNCH_SHARE_CREDITS = 10
export const PH_LEADS_THIS_MONTH = 11_234

// ── Marketing claims and the DIY comparison (spec 000 §1, §2) ────────────────────────────────
export const LEADS_PER_ENGAGEMENT_CLAIM = 30 // "30+ qualified leads per engagement"
export const SETUP_MINUTES = 30
export const DIY_SETUP_HOURS = '6-10'
// DIY figures are "in the chosen currency": the same numbers whatever the currency.
export const DIY_MONTHLY_COST_MIN = 43
export const DIY_MONTHLY_COST_MAX = 111
export const QR_TOOL_LIMITED_PRICE = 17
export const QR_TOOL_LIMITED_SCANS = 300
export const QR_TOOL_UNLIMITED_PRICE = 50
export const PRICING_ACCURATE_AS_OF = '16 May 2025'

// ── Legal (spec 000 §1, §4, §9) ──────────────────────────────────────────────────────────────
export const TERMS_LAST_MODIFIED = 'May 10th 2025'
export const MIN_AGE = 18
export const FEE_CHANGE_NOTICE_DAYS = 30
export const NON_RENEWAL_NOTICE_DAYS = 60
export const SUSPENSION_LATE_DAYS = 10
export const DEFECT_NOTICE_DAYS = 30
export const LIABILITY_CAP_MONTHS = 12
export const EVALUATION_LIABILITY_CAP_USD = 1_000
export const BREACH_CURE_DAYS = 30
export const BREACH_CURE_NONPAYMENT_DAYS = 10

// ── Speaker directory filters (spec 000 §2; decision 5: they really filter) ──────────────────
// `param` is the query-string name the directory loader reads.
export const DIRECTORY_FILTERS = [
  {
    param: 'topic',
    label: 'Talk Topic',
    options: [
      { value: 'marketing', label: 'Marketing' },
      { value: 'saas', label: 'SaaS' },
      { value: 'leadership', label: 'Leadership' },
      { value: 'innovation', label: 'Innovation' },
      { value: 'digital-transformation', label: 'Digital Transformation' },
    ],
  },
  {
    param: 'industry',
    label: 'Industry',
    options: [
      { value: 'saas', label: 'SaaS' },
      { value: 'healthcare', label: 'Healthcare' },
      { value: 'fintech', label: 'FinTech' },
      { value: 'ecommerce', label: 'E-commerce' },
      { value: 'consulting', label: 'Consulting' },
    ],
  },
  {
    param: 'region',
    label: 'Location/Region',
    options: [
      { value: 'north-america', label: 'North America' },
      { value: 'europe', label: 'Europe' },
      { value: 'asia-pacific', label: 'Asia Pacific' },
      { value: 'global', label: 'Global' },
    ],
  },
  {
    param: 'type',
    label: 'Talk Type',
    options: [
      { value: 'keynote', label: 'Keynote' },
      { value: 'panel', label: 'Panel' },
      { value: 'workshop', label: 'Workshop' },
      { value: 'fireside', label: 'Fireside Chat' },
    ],
  },
] as const

// ── Lead capture, attendee side (issue 9 Deliver 5, 7) ───────────────────────────────────────
// A whole audience shares one venue address, so sign-ups are limited per session (and by the
// honeypot), never by IP alone: 500 in a minute from one address must all be accepted.
export const LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE = 3_000
// The attendee's confirmation email goes to whatever address is typed, so the form must not become a
// relay (issue 20): one per address and session (a resubmission updates the lead and sends nothing),
// at most this many per address a day across every session, and at most this many per session an
// hour — a 500-person keynote fits; beyond it confirmations are skipped and the speaker is told.
// app/lib/confirmation-limits.ts, app/models/confirmation-budget.server.ts.
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 5
export const CONFIRMATIONS_PER_SESSION_PER_HOUR = 600
// How often the digest tick looks for hourly and daily digests that are due.
export const LEAD_DIGEST_TICK_MS = 60_000
export const LEAD_DIGEST_INTERVAL_MS = { hourly: 60 * 60 * 1000, daily: 24 * 60 * 60 * 1000 } as const

export type PostType = (typeof POST_TYPES)[number]
export type FeaturedPage = (typeof FEATURED_PAGES)[number]
export type Role = (typeof ROLES)[number]
export type RevenueStage = (typeof REVENUE_STAGES)[number]
export type DirectoryFilterParam = (typeof DIRECTORY_FILTERS)[number]['param']

/** Longest comment under an article (characters). */
export const COMMENT_MAX_LENGTH = 5_000

/** The sentence every default consent wording ends with (a speaker's session, an event's session). */
export const ERASURE_LINK_SENTENCE = 'You can have them erased at any time with the link in your confirmation email.'
