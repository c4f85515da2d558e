import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { isUuid } from '~/lib/text'
import { buildVCard, vcardFilename } from '~/lib/vcard'
import { recordAudit } from '~/models/audit.server'
import { getPersonDetail, latestDetails } from '~/models/lead-detail.server'

// /app/leads/{contactId}/vcard: one person as a contact card (vCard 3.0), from their visible
// captures. Another speaker's person, or one whose captures are all locked, is a 404. Each download
// is in the workspace's audit log (by the person's id: an erasure leaves no copy of them there).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const detail = isUuid(params.id) ? await getPersonDetail({ scope, contactId: params.id }) : null
  if (!detail) return new Response('Person not found', { status: 404 })
  const { name, company, jobTitle, phone, linkedinUrl } = latestDetails(detail.captures, detail.person.firstName)
  const card = buildVCard({
    name,
    email: detail.person.email,
    company,
    jobTitle,
    phone,
    urls: [linkedinUrl],
    note: `Met at ${detail.captures.map((c) => `${c.talkTitle} (${c.eventName})`).join(', ')}`,
  })
  await recordAudit({
    workspaceId: scope.ownerId,
    actor: scope.user,
    kind: 'export.made',
    subject: 'vCard',
    data: { format: 'vcard', rows: 1, contactId: detail.person.id },
  })
  return new Response(card, {
    headers: {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': `attachment; filename="${vcardFilename(name)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
