import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace, sessionsScope } from '~/auth/workspace.server'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { CrmSyncStatus } from '~/components/leads/crm-sync'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import {
  AddNoteSchema,
  AddTagsSchema,
  DeleteNoteSchema,
  EditNoteSchema,
  PipelineSchema,
  RemoveTagSchema,
} from '~/lib/lead-follow-up'
import { can } from '~/lib/permissions'
import { isUuid } from '~/lib/text'
import { crmSyncStatus } from '~/models/crm.server'
import { followUpsOnTimeline } from '~/models/follow-ups.server'
import { getPersonDetail } from '~/models/lead-detail.server'
import { opensSession } from '~/models/leads.server'
import { addNote, addTags, changeNote, deletePerson, removeTag, savePipeline } from '~/models/lead-follow-up.server'
import { getCurrency } from '~/services/currency.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { CapturesSection, ConsentSection, PersonSummary } from './person-sections'
import { NotesAndTimeline } from './timeline-section'
import { PipelineForm, TagsForm } from './follow-up-forms'
import { personView } from './view.server'

// /app/leads/{contactId}: one person (issue 10 Deliver 2): details, score, every capture with every
// answer, the consent records (read-only), the status pipeline and deal value, tags, notes and the
// timeline; vCard and JSON downloads; deletion through the one erasure path. Another workspace's
// person, one a member does not see (captured only at sessions they do not run), or one whose
// captures are all locked by the plan, is a 404 on every loader and action.

const notFound = () => new Response('Person not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const detail = isUuid(params.id) ? await getPersonDetail({ scope, contactId: params.id }) : null
  if (!detail) throw notFound()
  const url = new URL(request.url)
  // A follow-up links to its page only for whoever opens it there (the follow-up pages' guard and scope).
  const followUps = await followUpsOnTimeline(scope.ownerId, detail.person.id, can(scope.role, 'followUps.send') ? scope : null)
  return {
    ...personView(detail, {
      fallbackCurrency: getCurrency(request),
      editingNote: url.searchParams.get('note'),
      confirmDelete: url.searchParams.get('delete') === '1',
      opensSession: (session) => opensSession(sessionsScope(scope, 'read'), session),
      followUps,
    }),
    crm: await crmSyncStatus(scope.ownerId, params.id!),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request)
  if (!isUuid(params.id)) throw notFound()
  const actor = { ...scope, contactId: params.id }
  const here = `/app/leads/${params.id}`
  const form = await readForm(request)
  const intent = form.get('intent')
  const ok = (description: string, to = here) => redirectWithToast(to, { type: 'success', description })

  switch (intent) {
    case 'pipeline': {
      const submission = parseWithZod(form, { schema: PipelineSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const result = await savePipeline(actor, submission.value)
      if (result === 'not-found') throw notFound()
      return ok(result.changed ? 'Follow-up saved.' : 'Nothing changed.')
    }
    case 'add-tags': {
      const submission = parseWithZod(form, { schema: AddTagsSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const result = await addTags(actor, submission.value.tags)
      if (result === 'not-found') throw notFound()
      if (!result.ok)
        return data({ intent, result: submission.reply({ fieldErrors: { tags: [result.error] } }) }, { status: 400 })
      return ok(result.added.length ? `Tagged ${result.added.join(', ')}.` : 'Those tags were there already.')
    }
    case 'remove-tag': {
      const parsed = RemoveTagSchema.safeParse(Object.fromEntries(form))
      if (!parsed.success) return data({ intent, error: 'Choose the tag to remove.' }, { status: 400 })
      const result = await removeTag(actor, parsed.data.tag)
      if (result === 'not-found') throw notFound()
      return ok(result.removed ? 'Tag removed.' : 'That tag was not there.')
    }
    case 'add-note': {
      const submission = parseWithZod(form, { schema: AddNoteSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      if ((await addNote(actor, submission.value.body)) === 'not-found') throw notFound()
      return ok('Note added.')
    }
    case 'edit-note': {
      const submission = parseWithZod(form, { schema: EditNoteSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      if ((await changeNote(actor, submission.value.noteId, submission.value.body)) === 'not-found') throw notFound()
      return ok('Note saved.')
    }
    case 'delete-note': {
      const parsed = DeleteNoteSchema.safeParse(Object.fromEntries(form))
      if (!parsed.success) throw notFound()
      if ((await changeNote(actor, parsed.data.noteId, null)) === 'not-found') throw notFound()
      return ok('Note deleted.')
    }
    case 'delete': {
      const result = await deletePerson(actor)
      if (result === 'not-found') throw notFound()
      return ok('Person deleted, with every capture and note.', '/app/leads')
    }
    default:
      return data({ intent: null, error: 'Unknown action.' }, { status: 400 })
  }
}

export default function LeadDetail() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const base = `/app/leads/${view.person.id}`
  const resultFor = (intent: string) =>
    actionData && actionData.intent === intent && 'result' in actionData ? actionData.result : undefined
  return (
    <>
      <p>
        <Link to="/app/leads" className="text-sm text-brand-300 hover:text-brand-200">
          ← All leads
        </Link>
      </p>
      <PageHeader title={view.person.name} intro={view.person.email}>
        <a href={`${base}/vcard`} download className={buttonClass.secondary}>
          Download vCard
        </a>
        <a href={`${base}/export`} download className={buttonClass.secondary}>
          Export all data (JSON)
        </a>
        <Link to={`${base}?delete=1`} className={buttonClass.secondary}>
          Delete this person
        </Link>
      </PageHeader>

      <div className="mt-4">
        <CrmSyncStatus items={view.crm} />
      </div>
      {view.confirmDelete ? (
        <ConfirmDeletePanel message={view.deleteMessage} fields={{ intent: 'delete' }} cancelTo={base} action={base} />
      ) : null}
      {actionData && 'error' in actionData ? (
        <p role="alert" className="mt-4 text-red-300">
          {actionData.error}
        </p>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <PersonSummary view={view} />
          <CapturesSection captures={view.captures} />
          <ConsentSection consents={view.consents} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <PipelineForm view={view} lastResult={resultFor('pipeline')} />
          <TagsForm key={view.person.tags.join(',')} tags={view.person.tags} lastResult={resultFor('add-tags')} />
          <NotesAndTimeline
            timeline={view.timeline}
            editingNote={view.editingNote}
            base={base}
            addResult={resultFor('add-note')}
            editResult={resultFor('edit-note')}
          />
        </div>
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  workspaceMeta(matches, data ? `${data.person.name} · Leads` : 'Lead not found')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
