import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { isbot } from 'isbot'
import { getSessionUser } from '~/auth/session.server'
import { previewsDraft } from '~/auth/workspace.server'
import { getConfig } from '~/config.server'
import { consentNoticeText, shareBoxText } from '~/lib/consent-text'
import { LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE } from '~/lib/constants'
import { LEAD_FIELDS, parseLeadForm, questionField } from '~/lib/lead-form'
import { viewKindFor } from '~/lib/session-views'
import { normalizeShortCode } from '~/lib/short-link'
import { speakerInText } from '~/lib/speaker-name'
import { getPublicSession, recordSessionView, type PublicSession } from '~/models/lead-capture.server'
import { submitLead } from '~/models/lead-submit.server'
import { hitLocalRateLimit } from '~/models/rate-limit.server'
import { issueSubmissionToken, readSubmissionToken } from '~/platform/lead-tokens.server'
import { visitorHash } from '~/services/analytics.server'
import { PRIVACY_PATH, renderMessagePage, renderSessionPage } from '~/services/attendee-page.server'
import { isSpam } from '~/services/honeypot.server'
import { readForm, RequestBodyError } from '~/services/request-body.server'

// GET /t/{code}: the attendee page of a session (a complete small HTML document, not the app shell;
// see app/services/attendee-page.server.tsx). POST /t/{code}: the sign-up, post/redirect/get to the
// thank-you page. Drafts are "not found" to all but those who may open the session in its
// workspace (previewsDraft), who see a preview; a closed
// session answers 410 with a page saying so.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await getPublicSession(params.code ?? '')
  if (!session) return (await typedCodeRedirect(request, params.code ?? '')) ?? notFound()
  if (session.status === 'draft') {
    const viewer = await getSessionUser(request)
    if (!viewer || !(await previewsDraft(viewer.id, session))) return notFound()
    return renderSessionPage({ session, token: issueSubmissionToken(session.id), nonce: context.cspNonce, preview: true })
  }
  if (session.status === 'closed') return ended(session)

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
  return renderSessionPage({ session, token: issueSubmissionToken(session.id), nonce: context.cspNonce })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, POST' } })
  const session = await getPublicSession(params.code ?? '')
  if (!session || session.status === 'draft') return notFound()
  if (session.status === 'closed') return ended(session)

  let form: FormData
  try {
    // Multiple-choice questions post one value per ticked option; every other field comes once.
    form = await readForm(request, { multiple: session.questions.filter((q) => q.kind === 'multi').map(questionField) })
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error
    return renderSessionPage(
      {
        session,
        token: issueSubmissionToken(session.id),
        nonce: context.cspNonce,
        formError: error.status === 413 ? error.reason : 'We could not read that form. Please fill it in again.',
      },
      error.status,
    )
  }
  // A bot filled the hidden field: answer like a success, store nothing.
  if (isSpam(form))
    return renderMessagePage({
      title: 'Thank you',
      lines: ['Your details have been sent.'],
      status: 200,
      accent: session.accentColor,
    })

  const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string')
  const parsed = parseLeadForm(session, strings)
  const submissionId = readSubmissionToken(session.id, form.get(LEAD_FIELDS.submission)?.toString())
  // A missing or foreign id (a form from another page, or tampered with): a fresh form, values kept.
  if (!parsed.ok || !submissionId) {
    return renderSessionPage(
      {
        session,
        token: submissionId ? String(form.get(LEAD_FIELDS.submission)) : issueSubmissionToken(session.id),
        nonce: context.cspNonce,
        values: parsed.ok ? rawValues(form) : parsed.values,
        errors: parsed.ok ? {} : parsed.errors,
        formError: submissionId ? undefined : 'This form had expired. Please check your details and send them again.',
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
        session,
        token: String(form.get(LEAD_FIELDS.submission)),
        nonce: context.cspNonce,
        values: rawValues(form),
        formError: 'So many people are signing up right now that yours did not go through. Please send it again in a minute.',
      },
      429,
      { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) },
    )
  }

  const brand = getConfig().BRAND_NAME
  const result = await submitLead({
    session,
    submissionId,
    input: parsed.value,
    noticeText: consentNoticeText({
      wording: session.consentText,
      speakerName: session.speakerName,
      brand,
      contact: session.contactEmail,
      privacyUrl: `${getConfig().appUrl}${PRIVACY_PATH}`,
      event: session.event,
    }),
    marketingText: session.marketingText.trim() || null,
    shareText: shareBoxText(session),
  })
  if (!result) {
    return renderSessionPage(
      {
        session,
        token: issueSubmissionToken(session.id),
        nonce: context.cspNonce,
        values: rawValues(form),
        formError: 'This form had expired. Please send it again.',
      },
      400,
    )
  }
  return redirect(`/t/${session.code}/thanks/${submissionId}`, 303)
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

function notFound() {
  return renderMessagePage({
    title: 'Page not found',
    lines: ['There is no session page at this address. Check the link or scan the QR code again.'],
    status: 404,
  })
}

function ended(session: PublicSession) {
  return renderMessagePage({
    title: 'This session has ended',
    accent: session.accentColor,
    status: 410,
    lines: [
      `${session.speakerNamed ? session.speakerName : speakerInText(null, { startsSentence: true })} is no longer collecting details for “${session.displayHeadline}” at ${session.eventName}.`,
      'If you already left your details, the email you received still has everything.',
    ],
  })
}
