import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import bioCss from '~/components/bio-editor/bio-content.css?url'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { DraftForm, FollowUpPreview, Panel, RecipientSummaryPanel, StatsPanel } from '~/components/follow-ups/follow-up-parts'
import { buttonClass, Field, FormMessage } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { sessionEndsAt } from '~/lib/feedback'
import {
  AUTO_DELAY_BOUNDS,
  AUTO_DELAY_DEFAULT,
  AutoDelaySchema,
  autoPhase,
  autoSentence,
  formatAutoTime,
} from '~/lib/follow-up-automatic'
import { followUpDraftSchema } from '~/lib/follow-up-compose'
import { isEditable } from '~/lib/follow-ups'
import { changesFollowUp, FOLLOW_UP_READ_ONLY } from '~/lib/permissions'
import { getAccount } from '~/models/accounts.server'
import { previewRecipient, previewRecipients, sourceInfo } from '~/models/follow-up-compose.server'
import {
  automaticSession,
  getAutomaticFollowUp,
  setAutomaticDelay,
  setAutomaticPaused,
  turnOnAutomatic,
  type AutoChange,
} from '~/models/follow-up-automatic.server'
import { followUpRecipientSummary, followUpStats, sourceRecipientSummary } from '~/models/follow-ups.server'
import { renderFollowUp, sendTestFollowUp } from '~/services/follow-up-compose.server'
import { saveFollowUpDraft, saveNewFollowUp } from '~/services/follow-up-drafts.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// A session's automatic follow-up (issue 32 Deliver 7; docs/follow-up.md "Automatic follow-up"):
// written once with the compose form (subject, message, merge fields, preview, test send), sent N
// hours after the session ends to everyone who agreed by then and to each later sign-up N hours
// after signing up; turned on, paused and resumed here, its state in words. Another workspace's
// session (or a colleague's, for a member who sees only their own) is 404 on every intent.

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

const NOT_FOUND = 'Session not found'
const NOT_ALLOWED = 'That cannot be done in its current state (reload the page to see it).'
const PREVIEW_LIMIT = 50

async function load(request: Request, id: string | undefined) {
  const scope = await requireWorkspace(request, 'followUps.send')
  const session = id ? await automaticSession(scope, id) : null
  if (!session) throw new Response(NOT_FOUND, { status: 404 })
  const followUp = await getAutomaticFollowUp(scope, session.id)
  return { scope, session, followUp, mayChange: followUp ? changesFollowUp(scope.role, scope.user.id, followUp.createdBy) : true }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, session, followUp, mayChange } = await load(request, params.id)
  const info = await sourceInfo(scope.ownerId, 'session', session.id)
  const endsAt = formatAutoTime(sessionEndsAt(session), session.timeZone)
  const base = {
    sessionId: session.id,
    sessionName: info?.name ?? 'this session',
    endsAt,
    mayChange,
    senderEmail: scope.user.email,
  }
  if (!followUp) {
    const [summary, account] = await Promise.all([sourceRecipientSummary(scope, 'session', session.id), getAccount(scope.userId)])
    return {
      ...base,
      followUp: null,
      summary,
      fromName: account.displayName ?? '',
      preview: null,
      recipients: [],
      previewAs: null,
      stats: null,
    }
  }
  const editable = isEditable(followUp.status)
  const asked = new URL(request.url).searchParams.get('as')
  const [summary, recipients, stats] = await Promise.all([
    editable ? followUpRecipientSummary(scope, followUp.id) : null,
    editable ? previewRecipients(followUp, PREVIEW_LIMIT) : [],
    followUp.recipientCount > 0 ? followUpStats(scope, followUp.id) : null,
  ])
  const as = (asked ? await previewRecipient(followUp, asked) : null) ?? recipients[0] ?? null
  const delayHours = followUp.delayHours ?? AUTO_DELAY_DEFAULT
  return {
    ...base,
    followUp: {
      id: followUp.id,
      subject: followUp.subject,
      bodyHtml: followUp.bodyHtml,
      fromName: followUp.fromName,
      delayHours,
      phase: autoPhase(followUp),
      sentence: autoSentence({ ...followUp, delayHours }, session, new Date()),
      editable,
    },
    summary,
    fromName: followUp.fromName,
    preview: editable ? await renderFollowUp(followUp, as) : null,
    recipients: recipients.map((r) => ({ value: r.contactId, label: r.firstName ? `${r.firstName} <${r.email}>` : r.email })),
    previewAs: as ? { contactId: as.contactId, email: as.email } : null,
    stats,
  }
}

function refused(result: Exclude<AutoChange, 'ok'>, intent: string) {
  if (result === 'not-found') throw new Response(NOT_FOUND, { status: 404 })
  return data({ intent, message: NOT_ALLOWED }, { status: 409 })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, session, followUp, mayChange } = await load(request, params.id)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  if (!mayChange) return data({ intent, message: FOLLOW_UP_READ_ONLY }, { status: 403 })
  const page = `/app/sessions/${session.id}/automatic-follow-up`
  if (intent === 'create') {
    if (followUp) return data({ intent, message: 'This session has its automatic follow-up already.' }, { status: 409 })
    return create(scope, session.id, form, page)
  }
  if (!followUp) throw new Response(NOT_FOUND, { status: 404 })
  switch (intent) {
    case 'save': {
      const submission = parseWithZod(form, { schema: followUpDraftSchema('session') })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const result = await saveFollowUpDraft(scope, followUp.id, {
        subject: submission.value.subject,
        bodyHtml: submission.value.body,
        fromName: submission.value.fromName,
        replyTo: scope.user.email,
      })
      if (result === 'not-found') throw new Response(NOT_FOUND, { status: 404 })
      if (result !== 'ok')
        return data({ intent, message: 'It has been sent: its words can no longer be changed.' }, { status: 409 })
      return redirectWithToast(page, { type: 'success', description: 'Saved.' })
    }
    case 'delay': {
      const submission = parseWithZod(form, { schema: AutoDelaySchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const result = await setAutomaticDelay(scope, followUp.id, submission.value.delayHours)
      if (result !== 'ok') return refused(result, intent)
      return redirectWithToast(page, { type: 'success', description: 'Timing saved.' })
    }
    case 'on': {
      const result = await turnOnAutomatic(scope, followUp.id)
      if (result !== 'ok') return refused(result, intent)
      return redirectWithToast(page, { type: 'success', description: 'Turned on.' })
    }
    case 'pause':
    case 'resume': {
      const result = await setAutomaticPaused(scope, followUp.id, intent === 'pause')
      if (result !== 'ok') return refused(result, intent)
      return redirectWithToast(page, {
        type: 'success',
        description: intent === 'pause' ? 'Paused: nothing is sent.' : 'Resumed.',
      })
    }
    case 'test': {
      if (!isEditable(followUp.status)) return data({ intent, message: NOT_ALLOWED }, { status: 409 })
      const asked = form.get('as')
      const recipient = typeof asked === 'string' && asked ? await previewRecipient(followUp, asked) : null
      const to = await sendTestFollowUp(scope.user, followUp, recipient)
      return redirectWithToast(`${page}${recipient ? `?as=${recipient.contactId}` : ''}`, {
        type: 'success',
        description: `Test sent to ${to}.`,
      })
    }
    default:
      return data({ intent: 'unknown', message: 'Unknown action.' }, { status: 400 })
  }
}

async function create(scope: WorkspaceScope, sessionId: string, form: FormData, page: string) {
  const submission = parseWithZod(form, { schema: followUpDraftSchema('session') })
  if (submission.status !== 'success') return data({ intent: 'create', result: submission.reply() }, { status: 400 })
  try {
    const created = await saveNewFollowUp(scope, {
      source: 'session',
      sourceId: sessionId,
      subject: submission.value.subject,
      bodyHtml: submission.value.body,
      fromName: submission.value.fromName,
      replyTo: scope.user.email,
      automatic: { delayHours: AUTO_DELAY_DEFAULT },
    })
    if (!created) throw new Response(NOT_FOUND, { status: 404 })
  } catch (error) {
    if (error instanceof Response) throw error
    // Two saves at once: the session has one already (one per session, a unique index).
    if (await getAutomaticFollowUp(scope, sessionId)) return redirectWithToast(page, { type: 'success', description: 'Saved.' })
    throw error
  }
  return redirectWithToast(page, { type: 'success', description: 'Saved. Nothing is sent until you turn it on.' })
}

type ActionData = { intent: string; message?: string; result?: SubmissionResult<string[]> }

export default function AutomaticFollowUpPage() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
  const { followUp } = loaded
  return (
    <>
      <PageHeader title="Automatic follow-up" intro={`To the people of ${loaded.sessionName}, after the session ends.`}>
        <Link to={`/app/sessions/${loaded.sessionId}`} className={buttonClass.secondary}>
          Back to the session
        </Link>
        {followUp ? (
          <Link to={`/app/follow-ups/${followUp.id}`} className={buttonClass.secondary}>
            In Follow-ups
          </Link>
        ) : null}
      </PageHeader>
      {actionData?.message ? (
        <div className="mt-6 max-w-3xl" role="alert">
          <FormMessage>{actionData.message}</FormMessage>
        </div>
      ) : null}
      {followUp ? (
        <>
          <StatePanel />
          <TimingPanel lastResult={resultFor('delay')} />
          {loaded.stats ? <StatsPanel stats={loaded.stats} /> : null}
          {loaded.summary ? <RecipientSummaryPanel summary={loaded.summary} /> : null}
          {!loaded.mayChange ? (
            <p className="mt-6 max-w-3xl text-sm text-slate-300" data-testid="read-only">
              {FOLLOW_UP_READ_ONLY}
            </p>
          ) : null}
          {loaded.preview && loaded.followUp ? (
            <FollowUpPreview
              preview={loaded.preview}
              recipients={loaded.recipients}
              previewAs={loaded.previewAs}
              senderEmail={loaded.senderEmail}
              mayChange={loaded.mayChange}
            />
          ) : null}
          {followUp.editable && loaded.mayChange ? (
            <Panel title="Edit" id="edit-title">
              <DraftForm
                source="session"
                defaults={{ subject: followUp.subject, body: followUp.bodyHtml, fromName: followUp.fromName }}
                lastResult={resultFor('save')}
                hidden={{ intent: 'save' }}
                submitLabel="Save"
              />
            </Panel>
          ) : null}
        </>
      ) : (
        <>
          {loaded.summary ? <RecipientSummaryPanel summary={loaded.summary} /> : null}
          <Panel title="Write it once" id="compose-title">
            <p className="mt-2 text-sm text-slate-300">
              It goes {AUTO_DELAY_DEFAULT} hours after the session ends ({loaded.endsAt}) to everyone who agreed to hear from you
              by then, and to each later sign-up {AUTO_DELAY_DEFAULT} hours after they signed up — you can change the hours once
              it is saved. Nothing is sent until you turn it on.
            </p>
            <DraftForm
              source="session"
              defaults={{ subject: '', body: '', fromName: loaded.fromName }}
              lastResult={resultFor('create')}
              hidden={{ intent: 'create' }}
              submitLabel="Save automatic follow-up"
            />
          </Panel>
        </>
      )}
    </>
  )
}

function StatePanel() {
  const { followUp, mayChange } = useLoaderData<typeof loader>()
  const busy = useNavigation().state === 'submitting'
  if (!followUp) return null
  const button = (intent: string, label: string, primary = false) => (
    <WorkspaceForm method="post">
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? buttonClass.primary : buttonClass.secondary}
        disabled={busy}
      >
        {label}
      </button>
    </WorkspaceForm>
  )
  return (
    <Panel title="State" id="state-title">
      <p className="mt-2 text-slate-100" data-testid="auto-state">
        {followUp.sentence}
      </p>
      {mayChange ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {followUp.phase === 'draft' ? button('on', 'Turn on', true) : null}
          {followUp.phase === 'waiting' || followUp.phase === 'sending' || followUp.phase === 'running'
            ? button('pause', 'Pause')
            : null}
          {followUp.phase === 'paused' ? button('resume', 'Resume', true) : null}
        </div>
      ) : null}
    </Panel>
  )
}

function TimingPanel({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { followUp, mayChange, endsAt } = useLoaderData<typeof loader>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'automatic-delay',
    lastResult,
    defaultValue: { delayHours: String(followUp?.delayHours ?? AUTO_DELAY_DEFAULT) },
    constraint: getZodConstraint(AutoDelaySchema),
    shouldValidate: 'onBlur',
    // The message goes as soon as the hours are right, so the button does not move under the click.
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AutoDelaySchema }),
  })
  if (!followUp) return null
  return (
    <Panel title="Timing" id="timing-title">
      <p className="mt-2 text-sm text-slate-300">The session ends {endsAt}.</p>
      {mayChange && followUp.phase !== 'stopped' ? (
        <WorkspaceForm method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="delay" />
          <Field
            label="Hours after the session ends (and after each later sign-up)"
            hint={`From ${AUTO_DELAY_BOUNDS.min} to ${AUTO_DELAY_BOUNDS.max}.`}
            inputProps={{ ...getInputProps(fields.delayHours, { type: 'number' }), step: 1 }}
            errors={fields.delayHours.errors}
          />
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            Save timing
          </button>
        </WorkspaceForm>
      ) : (
        <p className="mt-2 text-sm text-slate-300">{followUp.delayHours} hours after the session ends.</p>
      )}
    </Panel>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Automatic follow-up')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
