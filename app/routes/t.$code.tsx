import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { isbot } from 'isbot'
import { getSessionUser } from '~/auth/session.server'
import { previewsDraft } from '~/auth/workspace.server'
import { getConfig } from '~/config.server'
import { consentNoticeText, shareBoxText } from '~/lib/consent-text'
import { dictionary } from '~/lib/i18n/dictionaries'
import type { Language } from '~/lib/i18n/languages'
import { localSessionTexts } from '~/lib/i18n/session-language'
import { LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE } from '~/lib/constants'
import { FEEDBACK_FIELDS, feedbackMessages, parseFeedbackForm, testimonialText } from '~/lib/feedback'
import { cleanLine, LEAD_FIELDS, parseLeadForm, questionField } from '~/lib/lead-form'
import { viewKindFor } from '~/lib/session-views'
import { normalizeShortCode } from '~/lib/short-link'
import { storeFeedback } from '~/models/feedback.server'
import { getPublicSession, recordSessionView, type PublicSession } from '~/models/lead-capture.server'
import { submitLead } from '~/models/lead-submit.server'
import { hitLocalRateLimit } from '~/models/rate-limit.server'
import { issueSubmissionToken, readSubmissionToken } from '~/platform/lead-tokens.server'
import { visitorHash } from '~/services/analytics.server'
import { rememberLanguageCookie, requestLanguage, sessionLanguage } from '~/services/attendee-language.server'
import {
  LANGUAGE_CHOSEN_FIELD,
  LANGUAGE_FIELD,
  PRIVACY_PATH,
  renderMessagePage,
  renderSessionPage,
} from '~/services/attendee-page.server'
import { feedbackFormValues, takesFeedback } from '~/services/attendee-feedback.server'
import { browserIdCookie, browserKeyHash, newBrowserId, readBrowserId } from '~/services/feedback-cookie.server'
import { loadFeedbackView } from '~/services/feedback-page.server'
import { isSpam } from '~/services/honeypot.server'
import { readForm, RequestBodyError } from '~/services/request-body.server'

// GET /t/{code}: the attendee page of a session (a complete small HTML document, not the app shell;
// see app/services/attendee-page.server.tsx). POST /t/{code}: the sign-up, post/redirect/get to the
// thank-you page; with feedback open (issue 33) the same form also carries feedback, which may be
// sent without any details (then to /t/{code}/feedback). Drafts are "not found" to all but those who may open the session in its
// workspace (previewsDraft), who see a preview; a closed
// session answers 410 with a page saying so. Every page is in the language negotiated for the
// visitor among the session's (issue 31; app/services/attendee-language.server.ts).

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await getPublicSession(params.code ?? '')
  if (!session) return (await typedCodeRedirect(request, params.code ?? '')) ?? notFound(request)
  const served = sessionLanguage(request, session)
  const page = {
    session,
    nonce: context.cspNonce,
    language: served.language,
    offered: served.offered,
    chosen: served.source === 'explicit',
  }
  if (session.status === 'draft') {
    const viewer = await getSessionUser(request)
    if (!viewer || !(await previewsDraft(viewer.id, session))) return notFound(request)
    const feedback = await loadFeedbackView(request, session, new Date(), served.language)
    return renderSessionPage({ ...page, token: issueSubmissionToken(session.id), preview: true, feedback })
  }
  if (session.status === 'closed') return ended(session, served.language)

  const kind = viewKindFor(new URL(request.url))
  // HEAD (link checkers) and bots (link previews) are not attendees.
  if (kind && request.method === 'GET' && !isbot(request.headers.get('User-Agent') ?? '')) {
    try {
      await recordSessionView(session.id, kind, visitorHash(request))
    } catch (error) {
      // Counting never costs an attendee the page.
      console.error('Failed to record a session view', error)
    }
  }
  const feedback = await loadFeedbackView(request, session, new Date(), served.language)
  // This browser's answer, to change it while it may (FEEDBACK_EDIT_HOURS).
  const values = feedback?.answer && feedback.editableUntil ? feedbackFormValues(feedback.answer) : undefined
  return renderSessionPage({ ...page, token: issueSubmissionToken(session.id), feedback, values })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, POST' } })
  const session = await getPublicSession(params.code ?? '')
  if (!session || session.status === 'draft') return notFound(request)
  if (session.status === 'closed') return ended(session, sessionLanguage(request, session).language)

  let form: FormData
  try {
    // Multiple-choice questions post one value per ticked option; every other field comes once.
    form = await readForm(request, { multiple: session.questions.filter((q) => q.kind === 'multi').map(questionField) })
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error
    const served = sessionLanguage(request, session)
    const t = dictionary(served.language)
    return renderSessionPage(
      {
        session,
        token: issueSubmissionToken(session.id),
        nonce: context.cspNonce,
        language: served.language,
        offered: served.offered,
        formError: error.status === 413 ? t.form.tooLarge : t.form.unreadable,
      },
      error.status,
    )
  }
  // The language the form was shown in (its hidden field), so errors and the ledger are in it too.
  const served = sessionLanguage(request, session, {
    language: form.get(LANGUAGE_FIELD)?.toString(),
    chosen: form.get(LANGUAGE_CHOSEN_FIELD) === '1',
  })
  const { language } = served
  const t = dictionary(language)
  const now = new Date()
  const feedback = await loadFeedbackView(request, session, now, language)
  const page = {
    session,
    nonce: context.cspNonce,
    language,
    offered: served.offered,
    chosen: served.source === 'explicit',
    feedback,
  }
  // A bot filled the hidden field: answer like a success, store nothing.
  if (isSpam(form))
    return renderMessagePage({
      title: t.thanks.title,
      lines: [t.thanks.spamLine],
      status: 200,
      accent: session.accentColor,
      language,
    })

  const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string')
  const one = (name: string) => strings(name)[0] ?? ''
  const submissionId = readSubmissionToken(session.id, one(LEAD_FIELDS.submission))
  const messages = feedbackMessages(language)
  // Feedback goes without details: the lead form is read only when some were given (or no feedback is taken).
  const open = takesFeedback(feedback)
  const noDetails = !cleanLine(one(LEAD_FIELDS.firstName)) && !cleanLine(one(LEAD_FIELDS.email))
  if (!open && feedback && one(FEEDBACK_FIELDS.rating) && noDetails) {
    // Feedback alone, after the window closed (or this browser's edit time ran out) since the page was loaded.
    const formError = feedback.answer && !feedback.editableUntil ? messages.editExpired : (feedback.sentence ?? messages.closed)
    return renderSessionPage({ ...page, token: issueSubmissionToken(session.id), formError }, 409)
  }
  const detailsGiven = !open || !noDetails
  const parsed = detailsGiven ? parseLeadForm(session, strings, language) : null
  const given = open
    ? parseFeedbackForm(one, {
        hasDetails: detailsGiven,
        showsTitle: session.fields.jobTitle,
        showsCompany: session.fields.company,
        language,
      })
    : null
  const errors = { ...(parsed && !parsed.ok ? parsed.errors : {}), ...given?.errors }
  if (given && !detailsGiven && !given.feedback && !given.booking && Object.keys(errors).length === 0) {
    errors[FEEDBACK_FIELDS.rating] = messages.nothingToSend
  }
  // A missing or foreign id (a form from another page, or tampered with): a fresh form, values kept.
  if (Object.keys(errors).length > 0 || !submissionId) {
    return renderSessionPage(
      {
        ...page,
        token: submissionId ? one(LEAD_FIELDS.submission) : issueSubmissionToken(session.id),
        values: { ...rawValues(form), ...(parsed && !parsed.ok ? parsed.values : {}) },
        errors,
        formError: submissionId ? undefined : t.form.expiredCheck,
      },
      400,
    )
  }

  // Per session, never per address (a venue shares one); in memory: a DB write per sign-up costs too much.
  // With several server processes (WEB_CONCURRENCY) each holds its share, so the session's total holds.
  const perProcess = Math.ceil(LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE / getConfig().webProcesses)
  const limit = hitLocalRateLimit(`leads:session:${session.id}`, perProcess, 60_000)
  if (!limit.allowed) {
    return renderSessionPage(
      {
        ...page,
        token: String(form.get(LEAD_FIELDS.submission)),
        values: rawValues(form),
        formError: t.form.busy,
      },
      429,
      { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) },
    )
  }

  // An explicit choice is remembered for the attendee's next session page: set here, by a POST that
  // changes state anyway, never by the GET of a language link (docs/languages.md).
  const headers = new Headers()
  if (served.source === 'explicit') headers.append('Set-Cookie', rememberLanguageCookie(language))
  // The words exactly as this page showed them, in its language (the ledgers keep them).
  const local = localSessionTexts(session, language)

  /** Stores the feedback given with this post, if any (linked to the capture made with it), then redirects. */
  async function sendFeedback(lead: { leadId: string; contactId: string } | null, to: string) {
    if (given?.feedback) {
      // One answer per browser per session: the browser's random id (a new one with its first feedback).
      const browserId = (await readBrowserId(request)) ?? newBrowserId()
      const { nameParts, testimonial } = given.feedback
      const stored = await storeFeedback({
        session: session!,
        browserKeyHash: browserKeyHash(session!.id, browserId),
        state: feedback!.state,
        input: given.feedback,
        lead,
        testimonialText: testimonialText(local.speaker, testimonial ? nameParts : ['name'], language),
        language,
        now,
      })
      // Refused only if the window closed (or the edit time ran out) since this request began: say so
      // unless details were stored, whose thank-you page follows.
      if (!lead && stored.outcome !== 'inserted' && stored.outcome !== 'updated') {
        const formError = stored.outcome === 'expired' ? messages.editExpired : messages.closed
        return renderSessionPage({ ...page, token: issueSubmissionToken(session!.id), formError }, 409)
      }
      headers.append('Set-Cookie', await browserIdCookie(browserId))
    }
    return redirect(to, { status: 303, headers })
  }
  // Feedback alone: stored without a capture.
  if (!parsed) return sendFeedback(null, `/t/${session.code}/feedback`)
  if (!parsed.ok) throw new Error('The details were checked above')

  const brand = getConfig().BRAND_NAME
  // The ledger keeps the words exactly as this page showed them, in its language.
  const notice = { speakerName: local.speaker, brand, event: session.event, language }
  const result = await submitLead({
    session,
    submissionId,
    input: parsed.value,
    booking: given?.booking ?? null,
    language,
    noticeText: consentNoticeText({
      ...notice,
      wording: local.consentText,
      contact: session.contactEmail,
      privacyUrl: `${getConfig().appUrl}${PRIVACY_PATH}`,
    }),
    marketingText: local.marketingText.trim() || null,
    shareText: shareBoxText(notice),
  })
  if (!result) {
    return renderSessionPage(
      {
        ...page,
        token: issueSubmissionToken(session.id),
        values: rawValues(form),
        formError: t.form.expired,
      },
      400,
    )
  }
  return sendFeedback(result, `/t/${session.code}/thanks/${submissionId}`)
}

function rawValues(form: FormData) {
  const values: Record<string, string | string[]> = {}
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === 'string')
    values[key] = all.length > 1 ? all : (all[0] ?? '')
  }
  return values
}

/**
 * A code typed from a slide ("7K3M-P9QX…", "o" for zero): when its canonical form is a session,
 * send the visitor there (query kept, so a scan still counts as one); otherwise null.
 */
async function typedCodeRedirect(request: Request, code: string) {
  const canonical = normalizeShortCode(code)
  if (!canonical || canonical === code || !(await getPublicSession(canonical))) return null
  const url = new URL(request.url)
  return redirect(`/t/${canonical}${url.search}`, 301)
}

function notFound(request: Request) {
  const language = requestLanguage(request).language
  const t = dictionary(language)
  return renderMessagePage({ title: t.messages.notFoundTitle, lines: [t.messages.notFound], status: 404, language })
}

function ended(session: PublicSession, language: Language) {
  const t = dictionary(language)
  return renderMessagePage({
    title: t.messages.endedTitle,
    accent: session.accentColor,
    status: 410,
    language,
    lines: [
      t.messages.ended({
        speakerStart: session.speakerNamed ? session.speakerName : t.speaker.unnamedStart,
        headline: session.displayHeadline,
        event: session.eventName,
      }),
      t.messages.endedEmail,
    ],
  })
}
