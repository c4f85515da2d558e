import type { LoaderFunctionArgs } from '@remix-run/node'
import { dictionary } from '~/lib/i18n/dictionaries'
import { formatSessionTime } from '~/lib/time-zone'
import { getPublicSession } from '~/models/lead-capture.server'
import { requestLanguage, sessionLanguage } from '~/services/attendee-language.server'
import { renderMessagePage } from '~/services/attendee-page.server'
import { loadFeedbackView } from '~/services/feedback-page.server'

// GET /t/{code}/feedback: the thank-you page after feedback sent without details (issue 33 Deliver
// 1), post/redirect/get from POST /t/{code}. It says until when this browser can change its answer.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await getPublicSession(params.code ?? '')
  if (!session || session.status === 'draft' || !session.feedbackEnabled) {
    const language = requestLanguage(request).language
    const t = dictionary(language)
    return renderMessagePage({ title: t.messages.notFoundTitle, lines: [t.messages.notFound], status: 404, language })
  }
  const { language } = sessionLanguage(request, session)
  const f = dictionary(language).feedback
  const view = await loadFeedbackView(request, session, new Date(), language)
  const speakerStart = session.speakerNamed ? session.speakerName : dictionary(language).speaker.unnamedStart
  const lines = [f.willRead({ speakerStart })]
  if (view?.editableUntil) lines.push(f.changeFrom({ time: formatSessionTime(view.editableUntil, session.timeZone, language) }))
  if (session.hasOffer && session.offerTitle && session.status === 'live') lines.push(f.offer({ offer: session.offerTitle }))
  return renderMessagePage({
    title: f.thanksTitle,
    accent: session.accentColor,
    status: 200,
    language,
    lines,
    children:
      session.status === 'live' ? (
        <p>
          <a href={`/t/${session.code}`}>{view?.editableUntil ? f.changeLink : f.back}</a>
        </p>
      ) : null,
  })
}
