import type { LoaderFunctionArgs } from '@remix-run/node'
import { dictionary } from '~/lib/i18n/dictionaries'
import { requestLanguage } from '~/services/attendee-language.server'
import { renderMessagePage } from '~/services/attendee-page.server'

// GET /t/{code}/erased: where an erasure lands (post/redirect/get), in the erasure's language (?lang=).

export async function loader({ request }: LoaderFunctionArgs) {
  const { language } = requestLanguage(request)
  const t = dictionary(language)
  return renderMessagePage({ title: t.erase.erasedTitle, lines: [t.erase.erased], status: 200, language })
}
