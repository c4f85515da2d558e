import type { LoaderFunctionArgs } from '@remix-run/node'
import { getThanks } from '~/models/lead-capture.server'
import { renderMessagePage, renderThanksPage } from '~/services/attendee-page.server'

// GET /t/{code}/thanks/{submission}: the thank-you page after a sign-up. The submission id is the
// key: only whoever submitted (or holds their confirmation email) can open it and its offer.
// It still works after the session closes, so the email's link keeps delivering the offer.

export async function loader({ params }: LoaderFunctionArgs) {
  const thanks = await getThanks(params.code ?? '', params.submission ?? '')
  if (!thanks) {
    return renderMessagePage({
      title: 'Page not found',
      lines: ['This thank-you page does not exist, or the details behind it were erased.'],
      status: 404,
    })
  }
  return renderThanksPage({
    session: thanks.session,
    firstName: thanks.firstName,
    submissionId: params.submission!,
    receivedBy: thanks.receivedBy,
    confirmationSkipped: thanks.confirmationSkipped,
  })
}
