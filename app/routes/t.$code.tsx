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
import { LEAD_FIELDS, parseLeadForm, questionField } from '~/lib/lead-form'
import { viewKindFor } from '~/lib/session-views'
import { normalizeShortCode } from '~/lib/short-link'
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
import { isSpam } from '~/services/honeypot.server'
import { readForm, RequestBodyError } from '~/services/request-body.server'

// GET /t/{code}: the attendee page of a session (a complete small HTML document, not the app shell;
// see app/services/attendee-page.server.tsx). POST /t/{code}: the sign-up, post/redirect/get to the
// thank-you page. Drafts are "not found" to all but those who may open the session in its
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
    return renderSessionPage({ ...page, token: issueSubmissionToken(session.id), preview: true })
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
  return renderSessionPage({ ...page, token: issueSubmissionToken(session.id) })
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
  const page = { session, nonce: context.cspNonce, language, offered: served.offered, chosen: served.source === 'explicit' }
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
  const parsed = parseLeadForm(session, strings, language)
  const submissionId = readSubmissionToken(session.id, form.get(LEAD_FIELDS.submission)?.toString())
  // A missing or foreign id (a form from another page, or tampered with): a fresh form, values kept.
  if (!parsed.ok || !submissionId) {
    return renderSessionPage(
      {
        ...page,
        token: submissionId ? String(form.get(LEAD_FIELDS.submission)) : issueSubmissionToken(session.id),
        values: parsed.ok ? rawValues(form) : parsed.values,
        errors: parsed.ok ? {} : parsed.errors,
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

  const brand = getConfig().BRAND_NAME
  // The ledger keeps the words exactly as this page showed them, in its language.
  const local = localSessionTexts(session, language)
  const notice = { speakerName: local.speaker, brand, event: session.event, language }
  const result = await submitLead({
    session,
    submissionId,
    input: parsed.value,
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
  // An explicit choice is remembered for the attendee's next session page: set here, by a POST that
  // changes state anyway, never by the GET of a language link (docs/languages.md).
  const headers: Record<string, string> = served.source === 'explicit' ? { 'Set-Cookie': rememberLanguageCookie(language) } : {}
  return redirect(`/t/${session.code}/thanks/${submissionId}`, { status: 303, headers })
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
