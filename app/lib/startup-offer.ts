import { STARTUP_PLAN } from './constants'
import { formatPrice } from './pricing'

// The startup programme's offer (issue 22 Deliver 1; spec 000 §2, §9): an admin approves an
// application in the inbox, the applicant gets a single-use link to buy the startup plan. Pure rules.

/** How long an offer link works after the approval. */
export const STARTUP_OFFER_TTL_DAYS = 30
export const STARTUP_OFFER_TTL_MS = STARTUP_OFFER_TTL_DAYS * 24 * 60 * 60 * 1000

export type StartupOfferState = 'not-approved' | 'open' | 'expired' | 'used'

export function startupOfferState(
  offer: { approvedAt: Date | null; offerExpiresAt: Date | null; offerUsedAt: Date | null },
  now: Date,
): StartupOfferState {
  if (offer.offerUsedAt) return 'used'
  if (!offer.approvedAt || !offer.offerExpiresAt) return 'not-approved'
  return offer.offerExpiresAt.getTime() > now.getTime() ? 'open' : 'expired'
}

/** The offer in spec 000 §9's figures: "$29 per seat a month billed yearly, 3 seats, 12 months". */
export const STARTUP_OFFER_LINE = `${formatPrice(STARTUP_PLAN.seatPricePerMonth, 'USD')} per seat a month billed yearly, ${STARTUP_PLAN.seats} seats, ${STARTUP_PLAN.validityMonths} months`

/** "$1,044 for the year (one payment), against $1,764 at the standard annual price: 41% off, $720 saved in year one." */
export const STARTUP_OFFER_DETAIL = `${formatPrice(STARTUP_PLAN.yearlyPrice, 'USD')} for the year in one payment, against ${formatPrice(STARTUP_PLAN.standardYearlyPrice, 'USD')} at the standard annual price: ${STARTUP_PLAN.discountPercent}% off, ${formatPrice(STARTUP_PLAN.savedFirstYear, 'USD')} saved in year one. The plan ends after ${STARTUP_PLAN.validityMonths} months; it does not renew by itself.`

export const STARTUP_OFFER_TEXTS = {
  notFound: 'This offer link is not valid. Check that you opened the whole link from the email, or write to us.',
  expired: `This offer link has expired (links work for ${STARTUP_OFFER_TTL_DAYS} days). Write to us and we will send a new one.`,
  used: 'This offer has been used: the startup plan was bought with it.',
  notOwner: 'Only the owner of a workspace can pay for its plan. Choose a workspace you own.',
  alreadyStartup: 'This workspace already has the startup plan.',
} as const

/** The inbox's words for an application's state. */
export function startupOfferStatusText(
  state: StartupOfferState,
  dates: { approvedAt: string; expiresAt: string; usedAt: string },
) {
  switch (state) {
    case 'not-approved':
      return 'Not approved'
    case 'open':
      return `Approved ${dates.approvedAt}; offer open until ${dates.expiresAt}`
    case 'expired':
      return `Approved ${dates.approvedAt}; offer expired ${dates.expiresAt}`
    case 'used':
      return `Bought ${dates.usedAt}`
  }
}
