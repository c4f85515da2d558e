import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { hasTestimonial, withdrawTestimonialOfLead } from '~/models/feedback-report.server'
import { eraseLeadByToken, getLeadByEraseToken } from '~/models/lead-capture.server'
import { isEraseTokenShape } from '~/platform/lead-tokens.server'
import { dictionary } from '~/lib/i18n/dictionaries'
import { LANGUAGE_PARAM, type Language } from '~/lib/i18n/languages'
import { requestLanguage } from '~/services/attendee-language.server'
import { renderErasePage, renderMessagePage } from '~/services/attendee-page.server'
import { readForm } from '~/services/request-body.server'

// The erasure link of the attendee's confirmation email. GET only shows a confirm button (mail
// scanners that fetch links erase nothing); the POST deletes the lead and records the erasure.
// The email's link names the language of the sign-up (?lang=), and the pages keep it (issue 31).
// When the capture carries a testimonial, the same link can withdraw only that (issue 33 Deliver 2).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const code = params.code ?? ''
  const token = params.token ?? ''
  const { language } = requestLanguage(request)
  const lead = isEraseTokenShape(token) ? await getLeadByEraseToken(code, token) : null
  if (!lead) return gone(language)
  return renderErasePage({ code, token, firstName: lead.firstName, language, quote: await hasTestimonial(lead.id) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, POST' } })
  const code = params.code ?? ''
  const token = params.token ?? ''
  const { language } = requestLanguage(request)
  const form = await readForm(request)
  if (form.get('intent') === 'withdraw-quote') {
    const lead = isEraseTokenShape(token) ? await getLeadByEraseToken(code, token) : null
    const withdrawn = lead !== null && (await withdrawTestimonialOfLead(lead.id))
    if (!withdrawn) return gone(language)
    return redirect(`/t/${code}/withdrawn?${LANGUAGE_PARAM}=${language}`, 303)
  }
  const erased = isEraseTokenShape(token) && (await eraseLeadByToken(code, token))
  if (!erased) return gone(language)
  return redirect(`/t/${code}/erased?${LANGUAGE_PARAM}=${language}`, 303)
}

function gone(language: Language) {
  const t = dictionary(language)
  return renderMessagePage({ title: t.erase.nothingTitle, lines: [t.erase.nothing], status: 404, language })
}
