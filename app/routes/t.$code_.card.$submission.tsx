import type { LoaderFunctionArgs } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { dictionary } from '~/lib/i18n/dictionaries'
import { buildVCard, vcardFilename } from '~/lib/vcard'
import { getThanks } from '~/models/lead-capture.server'
import { requestLanguage } from '~/services/attendee-language.server'
import { renderMessagePage } from '~/services/attendee-page.server'

// GET /t/{code}/card/{submission}: the speaker's contact card (vCard 3.0) from their directory
// profile. It carries the profile's email, so like the offer it is given only to someone who signed up.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const thanks = await getThanks(params.code ?? '', params.submission ?? '')
  if (!thanks) {
    const language = requestLanguage(request).language
    const t = dictionary(language)
    return renderMessagePage({ title: t.messages.notFoundTitle, lines: [t.messages.cardUnavailable], status: 404, language })
  }
  const { session } = thanks
  const card = buildVCard({
    name: session.speakerNamed ? session.speakerName : dictionary(thanks.language).speaker.unnamedStart,
    jobTitle: session.speakerJobTitle,
    company: session.speakerCompany,
    // The profile's address, else (outside events) the notice's contact. On an event's session the
    // notice's contact is the organiser's, never the speaker's: the card then has only the profile's
    // address once the speaker claimed their page, else none (issue 23).
    email: session.speakerEmail ?? (session.event ? null : session.contactEmail),
    urls: [session.speakerWebsite, session.speakerLinkedin],
    note: `Met at ${session.eventName}: ${session.talkTitle} (via ${getConfig().BRAND_NAME})`,
  })
  return new Response(card, {
    headers: {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': `attachment; filename="${vcardFilename(session.speakerNamed ? session.speakerName : 'speaker')}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
