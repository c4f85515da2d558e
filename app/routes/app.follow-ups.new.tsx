import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import bioCss from '~/components/bio-editor/bio-content.css?url'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { DraftForm, Panel, RecipientSummaryPanel } from '~/components/follow-ups/follow-up-parts'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { followUpDraftSchema, sourceFromSearch } from '~/lib/follow-up-compose'
import { FOLLOW_UP_SOURCES, type FollowUpSource } from '~/lib/follow-ups'
import { getAccount } from '~/models/accounts.server'
import { sourceInfo } from '~/models/follow-up-compose.server'
import { sourceRecipientSummary } from '~/models/follow-ups.server'
import { saveNewFollowUp } from '~/services/follow-up-drafts.server'
import { readForm } from '~/services/request-body.server'

// A new follow-up (issue 32 Deliver 1, 2): written for one source — a session's leads, a talk (all
// its sessions), an event, or a saved segment of the Leads list — which decides who receives it.
// The page shows how many would receive it now; saving makes a draft to preview, test and send.

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

const NOT_FOUND = 'Nothing to write to here: the session, talk, event or segment does not exist in this workspace.'

/** The source in this workspace, or 404 (another workspace's ids too). The caller has passed the guard. */
async function openSource(scope: WorkspaceScope, kind: FollowUpSource, id: string) {
  const [info, summary] = await Promise.all([sourceInfo(scope.ownerId, kind, id), sourceRecipientSummary(scope, kind, id)])
  if (!info || !summary) throw new Response(NOT_FOUND, { status: 404 })
  return { info, summary }
}

// Guard first, like every /app route: a signed-out visitor goes to sign-in whatever the address
// holds; only then does a missing or unknown source answer 404.
export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'followUps.send')
  const source = sourceFromSearch(new URL(request.url).searchParams)
  if (!source) throw new Response(NOT_FOUND, { status: 404 })
  const { info, summary } = await openSource(scope, source.kind, source.id)
  const account = await getAccount(scope.userId)
  return { source: info, summary, fromName: account.displayName ?? '' }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'followUps.send')
  const form = await readForm(request)
  const kind = form.get('source')
  const id = form.get('sourceId')
  if (typeof kind !== 'string' || !(FOLLOW_UP_SOURCES as readonly string[]).includes(kind) || typeof id !== 'string')
    throw new Response(NOT_FOUND, { status: 404 })
  const { info } = await openSource(scope, kind as FollowUpSource, id)
  const submission = parseWithZod(form, { schema: followUpDraftSchema(info.kind) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const created = await saveNewFollowUp(scope, {
    source: info.kind,
    sourceId: info.id,
    subject: submission.value.subject,
    bodyHtml: submission.value.body,
    fromName: submission.value.fromName,
    replyTo: scope.user.email,
  })
  if (!created) throw new Response(NOT_FOUND, { status: 404 })
  return redirect(`/app/follow-ups/${created.id}`)
}

export default function NewFollowUp() {
  const { source, summary, fromName } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="New follow-up" intro={`To the people of ${source.name}.`}>
        <Link to="/app/follow-ups" className={buttonClass.secondary}>
          All follow-ups
        </Link>
      </PageHeader>
      <RecipientSummaryPanel summary={summary} />
      <Panel title="Write it" id="compose-title">
        <p className="mt-2 text-sm text-slate-300">
          Saving keeps it as a draft: you can then preview it as one of its recipients, send yourself a test, and send or schedule
          it.
        </p>
        <DraftForm
          source={source.kind}
          defaults={{ subject: '', body: '', fromName }}
          lastResult={actionData?.result}
          hidden={{ source: source.kind, sourceId: source.id }}
          submitLabel="Save draft"
        />
      </Panel>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'New follow-up')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
