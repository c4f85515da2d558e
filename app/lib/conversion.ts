// Conversion of a session page (issue 20 Deliver 4): leads ÷ the people who opened the page, by
// either door — the QR code (scans) or the typed or shared link (visits). Every page that shows a
// conversion gets it from here, so the sessions list, the session page and the ROI pages agree.
//
// "People who opened the page" is the count of unique visitors (daily-salted hashes of address and
// user agent, docs/lead-capture.md "Scans and visits"), with one floor: a lead is one email at one
// session (leads_session_email_uq) and nobody leaves their details without opening the page, so at
// least as many people opened it as left details. The hash can count fewer: attendees on the
// venue's one address with the same phone and browser version share a hash on a given day, and a
// view that was not recorded (mistaken for a bot, a failed write) is missing. Then the leads are the
// better count of people, and the conversion is 100% — never more. The daily salt errs the other
// way (someone who opens the page on two days is two visitors), which can only lower the figure.

/** What every page says about how its conversion is computed. */
export const CONVERSION_HINT = 'Leads ÷ unique visitors (QR scans + link visits)'

/** Said beside a conversion whose leads outnumber the visitors counted. */
export const CONVERSION_FLOOR_NOTE =
  'More leads than counted visitors (alike phones on one network count once), so each lead counts as a visitor.'

export type Conversion = {
  /** Whole percent, 0–100; null when no one has opened the page (nothing to divide by). */
  percent: number | null
  /** People who opened the page: the unique visitors, or the leads when fewer visitors were counted. */
  people: number
  /** True when fewer unique visitors were counted than leads, so the leads stood in for them. */
  floored: boolean
}

/** Leads ÷ people who opened the page (unique visitors, at least one per lead). */
export function conversion(leads: number, uniqueVisitors: number): Conversion {
  const floored = leads > uniqueVisitors
  const people = Math.max(leads, uniqueVisitors, 0)
  return { percent: people > 0 ? Math.round((Math.max(leads, 0) / people) * 100) : null, people, floored }
}

/**
 * Several sessions together (a talk): each session's people who opened its page added up, floor
 * included, so one session's uncounted visitors cannot lift another's conversion.
 */
export function combinedConversion(sessions: ReadonlyArray<{ leads: number; visitors: number }>): Conversion {
  const parts = sessions.map((s) => ({ leads: s.leads, ...conversion(s.leads, s.visitors) }))
  const leads = parts.reduce((n, p) => n + Math.max(p.leads, 0), 0)
  const people = parts.reduce((n, p) => n + p.people, 0)
  return { percent: people > 0 ? Math.round((leads / people) * 100) : null, people, floored: parts.some((p) => p.floored) }
}

/** The hint under a conversion: how it is computed, and why the leads stood in when they did. */
export function conversionHint(value: Pick<Conversion, 'floored'>) {
  return value.floored ? `${CONVERSION_HINT}. ${CONVERSION_FLOOR_NOTE}` : CONVERSION_HINT
}

/** The note under a table with a conversion column; `floored` when any of its rows is. */
export function conversionNote(value: Pick<Conversion, 'floored'>) {
  return `Conversion: ${conversionHint(value)}${value.floored ? '' : '.'}`
}
