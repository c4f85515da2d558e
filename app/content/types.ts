/**
 * Small shapes shared by the copy modules in `app/content`.
 * Type-only: nothing here exists at runtime.
 */

/** One question and answer. Answers are plain text (no HTML). */
export type FaqItem = { q: string; a: string }

/**
 * Icon keys used by the copy. The UI maps each key to an inline SVG; an
 * unknown key should render no icon rather than fail.
 */
export type ContentIcon =
  | 'qr-code'
  | 'users'
  | 'sparkles'
  | 'mail'
  | 'chart'
  | 'shield'
  | 'link'
  | 'palette'
  | 'clock'
  | 'rocket'
  | 'target'
  | 'layers'
  | 'globe'
  | 'credit-card'
  | 'bell'
  | 'message'
  | 'download'
  | 'star'

/** A titled card with a short description. */
export type FeatureCard = { icon: ContentIcon; title: string; description: string }

/** A titled step in a "how it works" sequence. */
export type Step = { title: string; description: string }

/**
 * A call-to-action: either a first-party path (`href`, for example `/signup`)
 * or an optional external destination the UI resolves from settings
 * (`external`). `demo-video` means "open the demo video modal".
 */
export type CtaLink = { label: string; href: string } | { label: string; external: ExternalTarget }

/**
 * Optional external destinations. They come from settings; when a setting is
 * unset the UI hides the element (ARCHITECTURE, decision 3).
 */
export type ExternalTarget =
  'demo-video' | 'demo-calendar' | 'knowledge-base' | 'feature-requests' | 'mailing-list' | 'affiliate' | 'roi-calculator'

/**
 * Formats an amount in the visitor's chosen currency, e.g. `17` → "$17".
 * Copy that contains prices takes one of these so the numbers stay numbers.
 */
export type FormatMoney = (amount: number) => string

/** A CTA that records an analytics event when clicked. */
export type TrackedCta = CtaLink & { event?: string }

/** The ideas catalogue (ideas.ts): who an idea suits, one idea, and a section of them. */
export type IdeaTag =
  | 'Speaker'
  | 'Exhibitor'
  | 'Event Organiser'
  | 'Virtual Host'
  | 'Creator'
  | 'Founder'
  | 'Marketer'
  | 'Sales'
  | 'Agency'
  | 'Social/Influencer'

export type Idea = { title: string; description: string; tag: IdeaTag }

export type IdeaSectionId = 'stage' | 'virtual' | 'social' | 'email' | 'sales'

export type IdeaSection = { id: IdeaSectionId; title: string; items: Idea[] }
