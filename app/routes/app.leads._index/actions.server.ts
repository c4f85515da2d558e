import type { Scope } from '~/lib/permissions'
import { data, redirectDocument } from '@remix-run/node'
import { z } from 'zod'
import { canonicalSegmentQuery } from '~/lib/lead-filters'
import { FOLLOW_UP_ERRORS, normalizeTag, TAG_MAX_LENGTH } from '~/lib/lead-follow-up'
import { CONTACT_STATUS_LABELS, isContactStatus } from '~/lib/lead-status'
import { BULK_MAX } from '~/models/lead-list.server'
import { bulkDelete, bulkSetStatus, bulkTag } from '~/models/lead-bulk.server'
import { createSegment, deleteSegment, renameSegment } from '~/models/segments.server'
import { redirectWithToast } from '~/services/toast.server'

// The actions of /app/leads: bulk actions on selected people and the segments. Every form carries
// `back`, the list's query string, so the speaker lands on the list they were looking at (it is
// re-read as filters, so it can only ever be a query of /app/leads).

export const LEADS_ERRORS = {
  noneSelected: 'Select at least one person first.',
  tooMany: `Select at most ${BULK_MAX} people at a time.`,
  status: 'Choose a status.',
  wonNeedsDeal: 'Won needs a deal value: set it on the person’s page. Some of the people selected have none.',
  segmentName: 'Enter a name for the segment.',
  segmentNameLong: 'Use at most 60 characters.',
  segmentTaken: 'You already have a segment with this name.',
} as const

export const SEGMENT_NAME_MAX = 60

// Control characters are already stripped by readForm.
const SegmentNameSchema = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, LEADS_ERRORS.segmentName).max(SEGMENT_NAME_MAX, LEADS_ERRORS.segmentNameLong))

export type LeadsActionData =
  | { form: 'bulk'; error: string }
  | { form: 'confirm-delete'; ids: string[] }
  | { form: 'save-segment'; errors: { name: string[] }; name: string }
  | { form: 'rename-segment'; segmentId: string; errors: { name: string[] }; name: string }
  | { form: 'delete-segment'; segmentId: string; name: string }

const notFound = () => new Response('Not Found', { status: 404 })

function listUrl(back: FormDataEntryValue | null) {
  const query = canonicalSegmentQuery(typeof back === 'string' ? back : '')
  return query ? `/app/leads?${query}` : '/app/leads'
}

/** Selected ids: checkboxes send one `ids` each; the no-JS confirmation step sends them comma-joined. */
function selectedIds(form: FormData) {
  return form
    .getAll('ids')
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter(Boolean)
}

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`)

export async function leadsAction(form: FormData, scope: Scope) {
  const intent = String(form.get('intent') ?? '')
  const back = listUrl(form.get('back'))

  if (intent === 'save-segment' || intent === 'rename-segment') {
    const raw = String(form.get('name') ?? '')
    const segmentId = String(form.get('segmentId') ?? '')
    const parsed = SegmentNameSchema.safeParse(raw)
    const fail = (message: string) =>
      data<LeadsActionData>(
        intent === 'save-segment'
          ? { form: 'save-segment', errors: { name: [message] }, name: raw }
          : { form: 'rename-segment', segmentId, errors: { name: [message] }, name: raw },
        { status: 400 },
      )
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? LEADS_ERRORS.segmentName)
    if (intent === 'save-segment') {
      const saved = await createSegment(scope.ownerId, parsed.data, String(form.get('query') ?? ''))
      if (saved === 'taken') return fail(LEADS_ERRORS.segmentTaken)
      return redirectWithToast(saved.query ? `/app/leads?${saved.query}` : '/app/leads', {
        description: `Segment “${saved.name}” saved.`,
      })
    }
    const result = await renameSegment(scope.ownerId, segmentId, parsed.data)
    if (result === 'not-found') throw notFound()
    if (result === 'taken') return fail(LEADS_ERRORS.segmentTaken)
    return redirectWithToast(back, { description: `Segment renamed to “${parsed.data}”.` })
  }

  if (intent === 'delete-segment') {
    const segmentId = String(form.get('segmentId') ?? '')
    if (form.get('confirmed') !== '1') {
      const name = String(form.get('name') ?? '').slice(0, SEGMENT_NAME_MAX)
      return data<LeadsActionData>({ form: 'delete-segment', segmentId, name })
    }
    if (!(await deleteSegment(scope.ownerId, segmentId))) throw notFound()
    return redirectWithToast(back, { description: 'Segment deleted.' })
  }

  const bulkIntents = ['status', 'add-tag', 'remove-tag', 'export', 'delete']
  if (!bulkIntents.includes(intent)) return data<LeadsActionData>({ form: 'bulk', error: 'Unknown action.' }, { status: 400 })
  const ids = selectedIds(form)
  const bulkError = (error: string) => data<LeadsActionData>({ form: 'bulk', error }, { status: 400 })
  if (ids.length === 0) return bulkError(LEADS_ERRORS.noneSelected)
  if (new Set(ids).size > BULK_MAX) return bulkError(LEADS_ERRORS.tooMany)

  if (intent === 'export') {
    // A document navigation, so the browser downloads the file with or without JavaScript.
    const query = new URLSearchParams(ids.map((id) => ['id', id]))
    return redirectDocument(`/app/leads/export?${query}`)
  }

  if (intent === 'status') {
    const status = form.get('status')
    if (!isContactStatus(status)) return bulkError(LEADS_ERRORS.status)
    const result = await bulkSetStatus(scope, ids, status)
    if (!result.ok && result.reason === 'won-needs-deal') return bulkError(LEADS_ERRORS.wonNeedsDeal)
    if (!result.ok) throw notFound()
    return redirectWithToast(back, {
      description: `Status set to ${CONTACT_STATUS_LABELS[status]} for ${people(ids.length)}.`,
    })
  }

  if (intent === 'add-tag' || intent === 'remove-tag') {
    // The tag rules of the person's page (app/lib/lead-follow-up.ts), one tag at a time here.
    const tag = normalizeTag(String(form.get('tag') ?? ''))
    if (!tag) return bulkError(FOLLOW_UP_ERRORS.tagEmpty)
    if ([...tag].length > TAG_MAX_LENGTH) return bulkError(FOLLOW_UP_ERRORS.tagTooLong)
    const result = await bulkTag(scope, ids, tag, intent === 'add-tag' ? 'add' : 'remove')
    if (!result.ok && result.reason === 'too-many-tags') return bulkError(FOLLOW_UP_ERRORS.tooManyTags)
    if (!result.ok) throw notFound()
    return redirectWithToast(back, {
      description:
        intent === 'add-tag'
          ? `Tag “${tag}” added to ${people(ids.length)}.`
          : `Tag “${tag}” removed from ${people(ids.length)}.`,
    })
  }

  // delete
  if (form.get('confirmed') !== '1') return data<LeadsActionData>({ form: 'confirm-delete', ids: [...new Set(ids)] })
  const result = await bulkDelete(scope, ids)
  if (!result.ok) throw notFound()
  return redirectWithToast(back, { description: `${people(result.changed)} deleted.` })
}
