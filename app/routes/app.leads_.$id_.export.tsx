import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { answerRows } from '~/lib/lead-answers'
import { isUuid } from '~/lib/text'
import { recordAudit } from '~/models/audit.server'
import { followUpsReceived } from '~/models/follow-ups.server'
import { getPersonExport, latestDetails } from '~/models/lead-detail.server'

// /app/leads/{contactId}/export: everything held about one person as a JSON download (issue 10
// Deliver 9, the attendee's right of access): every visible capture with its answers, the consent
// records with their exact texts, notes, tags, status, deal, score, the timeline, CRM sync rows and
// webhook deliveries about them, the follow-ups they received. Locked captures stay withheld, as on every read path. A member who
// sees only the leads of the sessions they run exports what they see: those captures, and no
// webhook deliveries (null: their bodies may carry another member's captures). Each download is in
// the workspace's audit log.

export const PERSON_EXPORT_VERSION = 1

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const found = isUuid(params.id) ? await getPersonExport({ scope, contactId: params.id }) : null
  if (!found) return new Response('Person not found', { status: 404 })
  const { person, captures, locked, consents, events, notes, crm, deliveries } = found
  const received = await followUpsReceived(scope, person.id)
  // The person's details from their visible captures only: the contact row holds the latest
  // capture's, which may be one the plan withholds.
  const details = latestDetails(captures, person.firstName)
  const body = {
    format: 'lectern.person',
    version: PERSON_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    person: {
      id: person.id,
      email: person.email,
      firstName: details.name,
      company: details.company,
      jobTitle: details.jobTitle,
      phone: details.phone,
      linkedinUrl: details.linkedinUrl,
      marketingConsent: captures.at(-1)?.marketingConsent ?? false,
      status: person.status,
      deal: person.dealValueCents === null ? null : { amountMinor: person.dealValueCents, currency: person.dealCurrency },
      tags: person.tags,
      score: { points: person.score, band: person.scoreBand, reasons: person.scoreReasons },
      firstSeenAt: captures[0]?.createdAt ?? null,
      lastSeenAt: captures.reduce<Date | null>((latest, c) => (!latest || c.updatedAt > latest ? c.updatedAt : latest), null),
    },
    captures: captures.map((c) => ({
      id: c.id,
      session: { id: c.sessionId, code: c.sessionCode, talk: c.talkTitle, event: c.eventName, startsAt: c.startsAt },
      firstName: c.firstName,
      company: c.company,
      jobTitle: c.jobTitle,
      phone: c.phone,
      linkedinUrl: c.linkedinUrl,
      marketingConsent: c.marketingConsent,
      answers: answerRows(c.questions, c.answers).map((a) => ({
        question: a.label,
        answer: a.value,
        raw: c.answers[a.questionId] ?? null,
      })),
      capturedAt: c.createdAt,
      updatedAt: c.updatedAt,
      // Issue 33 Deliver 3: the booking request left with this capture, if any.
      booking: c.booking
        ? { organisation: c.booking.organisation, role: c.booking.role, timing: c.booking.timing, createdAt: c.booking.createdAt }
        : null,
    })),
    capturesWithheldByPlan: locked,
    consents: consents.map((c) => ({
      captureId: c.leadId,
      sessionId: c.sessionId,
      at: c.at,
      // The language shown and the exact words with their version keys (issue 31 Deliver 4).
      language: c.language ?? 'en',
      notice: c.notice,
      noticeHash: c.noticeHash,
      marketingText: c.marketingText,
      marketingHash: c.marketingHash,
      marketingConsent: c.marketingConsent,
    })),
    notes: notes.map((n) => ({ body: n.body, createdAt: n.createdAt, updatedAt: n.updatedAt })),
    timeline: events.map((e) => ({ type: e.type, at: e.at, captureId: e.leadId, data: e.data })),
    crmSyncs: crm,
    webhookDeliveries: deliveries,
    // Issue 32 Deliver 9: each follow-up sent to them and its fate.
    followUps: received,
  }
  const stampDate = new Date().toISOString().slice(0, 10)
  const json = `${JSON.stringify(body, null, 2)}\n`
  // The person by their id, not their email: an erasure must leave no copy of them in the log.
  await recordAudit({
    workspaceId: scope.ownerId,
    actor: scope.user,
    kind: 'export.made',
    subject: 'Person JSON',
    data: { format: 'json', rows: 1, contactId: person.id },
  })
  return new Response(json, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="person-${person.id}-${stampDate}.json"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
