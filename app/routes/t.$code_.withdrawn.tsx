import type { LoaderFunctionArgs } from '@remix-run/node'
import { dictionary } from '~/lib/i18n/dictionaries'
import { requestLanguage } from '~/services/attendee-language.server'
import { renderMessagePage } from '~/services/attendee-page.server'

// GET /t/{code}/withdrawn: where withdrawing a testimonial lands (post/redirect/get; issue 33
// Deliver 2), in the language of the erasure link (?lang=).

export async function loader({ request }: LoaderFunctionArgs) {
  const { language } = requestLanguage(request)
  const t = dictionary(language)
  return renderMessagePage({ title: t.erase.withdrawnTitle, lines: [t.erase.withdrawn], status: 200, language })
}
