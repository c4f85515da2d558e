import type { LoaderFunctionArgs } from '@remix-run/node'
import { dictionary } from '~/lib/i18n/dictionaries'
import { getThanks } from '~/models/lead-capture.server'
import { requestLanguage } from '~/services/attendee-language.server'
import { renderMessagePage, renderThanksPage } from '~/services/attendee-page.server'

// GET /t/{code}/thanks/{submission}: the thank-you page after a sign-up. The submission id is the
// key: only whoever submitted (or holds their confirmation email) can open it and its offer.
// It still works after the session closes, so the email's link keeps delivering the offer. It is in
// the language the attendee signed up in, which the consent ledger recorded (issue 31).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const thanks = await getThanks(params.code ?? '', params.submission ?? '')
  if (!thanks) {
    const language = requestLanguage(request).language
    const t = dictionary(language)
    return renderMessagePage({ title: t.messages.notFoundTitle, lines: [t.thanks.notFound], status: 404, language })
  }
  return renderThanksPage({
    session: thanks.session,
    language: thanks.language,
    firstName: thanks.firstName,
    submissionId: params.submission!,
    receivedBy: thanks.receivedBy,
    confirmationSkipped: thanks.confirmationSkipped,
  })
}
