import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import bioCss from '~/components/bio-editor/bio-content.css?url'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Field, FormMessage, SelectField } from '~/components/forms'
import { DraftForm, FollowUpPreview, Panel, RecipientSummaryPanel, StatsPanel } from '~/components/follow-ups/follow-up-parts'
import { useServerForm } from '~/components/use-server-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { followUpDraftSchema, SCHEDULE_MESSAGES, ScheduleSchema, statusSentence } from '~/lib/follow-up-compose'
import { FOLLOW_UP_STATUS_LABELS, isEditable } from '~/lib/follow-ups'
import { changesFollowUp, FOLLOW_UP_READ_ONLY } from '~/lib/permissions'
import { formatSessionTime, timeZoneList, utcToZonedLocal } from '~/lib/time-zone'
import { previewRecipient, previewRecipients, sourceInfo } from '~/models/follow-up-compose.server'
import { sendFollowUpNow } from '~/models/follow-up-sending.server'
import {
  cancelFollowUp,
  defaultTimeZone,
  followUpRecipientSummary,
  followUpStats,
  getFollowUp,
  scheduleFollowUp,
  unscheduleFollowUp,
  type ChangeResult,
} from '~/models/follow-ups.server'
import { renderFollowUp, sendTestFollowUp } from '~/services/follow-up-compose.server'
import { saveFollowUpDraft } from '~/services/follow-up-drafts.server'
import { senderFrom } from '~/services/follow-up-send.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// One follow-up (issue 32 Deliver 1–3, 5): while it is a draft or scheduled, edit it, see who
// receives it, preview it as one of them, send yourself a test, schedule or cancel it; once it
// goes, its status in words and what happened. Another workspace's id (or a colleague's, for a
// member who sees only their own sessions) is 404 on every intent.

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

const NOT_FOUND = 'Follow-up not found'
const NOT_EDITABLE = 'This follow-up has started sending: it can no longer be changed or cancelled.'
const PAUSED = 'Sending is paused for this workspace (see the notice at the top of the page): nothing was sent.'
const PREVIEW_LIMIT = 50

async function load(request: Request, id: string | undefined) {
  const scope = await requireWorkspace(request, 'followUps.send')
  const followUp = id ? await getFollowUp(scope, id) : null
  if (!followUp) throw new Response(NOT_FOUND, { status: 404 })
  return { scope, followUp, mayChange: changesFollowUp(scope.role, scope.user.id, followUp.createdBy) }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, followUp, mayChange } = await load(request, params.id)
  const editable = isEditable(followUp.status)
  const asked = new URL(request.url).searchParams.get('as')
  const [info, zone, summary, recipients, stats] = await Promise.all([
    sourceInfo(scope.ownerId, followUp.source, followUp.sourceId),
    defaultTimeZone(followUp),
    editable ? followUpRecipientSummary(scope, followUp.id) : null,
    editable ? previewRecipients(followUp, PREVIEW_LIMIT) : [],
    editable ? null : followUpStats(scope, followUp.id),
  ])
  // The preview is as one of the people it would reach: the one asked for, else the first.
  const as = (asked ? await previewRecipient(followUp, asked) : null) ?? recipients[0] ?? null
  const preview = editable ? await renderFollowUp(followUp, as) : null
  return {
    followUp: {
      id: followUp.id,
      source: followUp.source,
      subject: followUp.subject,
      bodyHtml: followUp.bodyHtml,
      fromName: followUp.fromName,
      status: followUp.status,
      statusLabel: FOLLOW_UP_STATUS_LABELS[followUp.status],
      statusSentence: statusSentence({
        ...followUp,
        scheduledAtText: followUp.scheduledAt ? formatSessionTime(followUp.scheduledAt, followUp.timeZone ?? zone) : null,
      }),
      scheduledLocal: followUp.scheduledAt ? utcToZonedLocal(followUp.scheduledAt, followUp.timeZone ?? zone) : '',
      automatic: followUp.automatic,
      autoSessionId: followUp.autoSessionId,
    },
    editable,
    mayChange,
    sourceName: info?.name ?? 'a source that was deleted',
    summary,
    recipients: recipients.map((r) => ({ value: r.contactId, label: r.firstName ? `${r.firstName} <${r.email}>` : r.email })),
    previewAs: as ? { contactId: as.contactId, email: as.email } : null,
    preview,
    stats,
    zone,
    timeZones: timeZoneList(),
    senderEmail: scope.user.email,
  }
}

function refused(result: Exclude<ChangeResult, 'ok'>, intent: string) {
  if (result === 'not-found') throw new Response(NOT_FOUND, { status: 404 })
  return data({ intent, message: NOT_EDITABLE }, { status: 409 })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, followUp, mayChange } = await load(request, params.id)
  const form = await readForm(request)
  const intent = form.get('intent')
  if (!mayChange) return data({ intent: String(intent ?? ''), message: FOLLOW_UP_READ_ONLY }, { status: 403 })
  const page = `/app/follow-ups/${followUp.id}`
  switch (intent) {
    case 'save':
      return save(scope, followUp.id, followUp.source, form, page)
    case 'test': {
      const asked = form.get('as')
      const recipient = typeof asked === 'string' && asked ? await previewRecipient(followUp, asked) : null
      const to = await sendTestFollowUp(scope.user, followUp, recipient)
      return redirectWithToast(`${page}${recipient ? `?as=${recipient.contactId}` : ''}`, {
        type: 'success',
        description: `Test sent to ${to}.`,
      })
    }
    case 'send': {
      const result = await sendFollowUpNow(scope, followUp.id, { id: scope.user.id, email: scope.user.email }, (f) =>
        senderFrom(f),
      )
      if (result === 'not-found') throw new Response(NOT_FOUND, { status: 404 })
      if (result === 'paused') return data({ intent, message: PAUSED }, { status: 409 })
      if (result !== 'started') return data({ intent, message: NOT_EDITABLE }, { status: 409 })
      return redirectWithToast(page, { type: 'success', description: 'Sending started.' })
    }
    case 'schedule': {
      const submission = parseWithZod(form, { schema: ScheduleSchema })
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
      const result = await scheduleFollowUp(scope, followUp.id, {
        local: submission.value.when,
        timeZone: submission.value.timeZone,
      })
      if (result === 'past' || result === 'bad-time')
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: { when: [result === 'past' ? SCHEDULE_MESSAGES.past : SCHEDULE_MESSAGES.badTime] },
            }),
          },
          { status: 400 },
        )
      if (result !== 'ok') return refused(result, intent)
      return redirectWithToast(page, { type: 'success', description: 'Scheduled.' })
    }
    case 'unschedule': {
      const result = await unscheduleFollowUp(scope, followUp.id)
      if (result !== 'ok') return refused(result, intent)
      return redirectWithToast(page, { type: 'success', description: 'No longer scheduled: it is a draft again.' })
    }
    case 'cancel': {
      const result = await cancelFollowUp(scope, followUp.id)
      if (result !== 'ok') return refused(result, intent)
      return redirectWithToast(page, { type: 'success', description: 'Cancelled: nothing was sent.' })
    }
    default:
      return data({ intent: 'unknown', message: 'Unknown action.' }, { status: 400 })
  }
}

async function save(
  scope: WorkspaceScope,
  id: string,
  source: Parameters<typeof followUpDraftSchema>[0],
  form: FormData,
  page: string,
) {
  const submission = parseWithZod(form, { schema: followUpDraftSchema(source) })
  if (submission.status !== 'success') return data({ intent: 'save', result: submission.reply() }, { status: 400 })
  const result = await saveFollowUpDraft(scope, id, {
    subject: submission.value.subject,
    bodyHtml: submission.value.body,
    fromName: submission.value.fromName,
    replyTo: scope.user.email,
  })
  if (result !== 'ok') return refused(result, 'save')
  return redirectWithToast(page, { type: 'success', description: 'Draft saved.' })
}

type ActionData = { intent: string; message?: string; result?: SubmissionResult<string[]> }

export default function FollowUpPage() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const { followUp, editable } = loaded
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
  return (
    <>
      <PageHeader title={followUp.subject || 'Follow-up'} intro={`To the people of ${loaded.sourceName}.`}>
        <Link to="/app/follow-ups" className={buttonClass.secondary}>
          All follow-ups
        </Link>
      </PageHeader>
      {actionData?.message ? (
        <div className="mt-6 max-w-3xl" role="alert">
          <FormMessage>{actionData.message}</FormMessage>
        </div>
      ) : null}
      <Panel title="Status" id="status-title">
        <p className="mt-2 text-slate-100">
          <strong>{followUp.statusLabel}</strong> — {followUp.statusSentence}
        </p>
      </Panel>
      {loaded.stats ? <StatsPanel stats={loaded.stats} /> : null}
      {loaded.summary ? <RecipientSummaryPanel summary={loaded.summary} /> : null}
      {editable && !loaded.mayChange ? (
        <p className="mt-6 max-w-3xl text-sm text-slate-300" data-testid="read-only">
          {FOLLOW_UP_READ_ONLY}
        </p>
      ) : null}
      {editable && loaded.preview ? (
        <FollowUpPreview
          preview={loaded.preview}
          recipients={loaded.recipients}
          previewAs={loaded.previewAs}
          senderEmail={loaded.senderEmail}
          mayChange={loaded.mayChange}
        />
      ) : null}
      {followUp.automatic && followUp.autoSessionId ? (
        <p className="mt-6 max-w-3xl text-sm text-slate-300" data-testid="automatic-note">
          This is its session’s automatic follow-up: it sends itself after the session ends.{' '}
          <Link to={`/app/sessions/${followUp.autoSessionId}/automatic-follow-up`} className="text-brand-300 underline">
            Turn it on, pause or resume it, and set its timing on the session’s automatic follow-up page
          </Link>
          .
        </p>
      ) : null}
      {editable && loaded.mayChange && !followUp.automatic ? <SendControls scheduleResult={resultFor('schedule')} /> : null}
      {editable && loaded.mayChange ? (
        <Panel title="Edit" id="edit-title">
          <DraftForm
            source={followUp.source}
            defaults={{ subject: followUp.subject, body: followUp.bodyHtml, fromName: followUp.fromName }}
            lastResult={resultFor('save')}
            hidden={{ intent: 'save' }}
            submitLabel="Save draft"
          />
        </Panel>
      ) : null}
    </>
  )
}

function SendControls({ scheduleResult }: { scheduleResult?: SubmissionResult<string[]> }) {
  const { followUp, zone, timeZones, summary } = useLoaderData<typeof loader>()
  const receiving = summary?.receiving ?? 0
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'follow-up-schedule',
    lastResult: scheduleResult,
    defaultValue: { when: followUp.scheduledLocal, timeZone: zone },
    constraint: getZodConstraint(ScheduleSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ScheduleSchema }),
  })
  return (
    <Panel title="Send" id="send-title">
      <WorkspaceForm method="post" className="mt-4">
        <button type="submit" name="intent" value="send" className={buttonClass.primary} disabled={busy}>
          Send now to {receiving === 1 ? '1 person' : `${receiving} people`}
        </button>
      </WorkspaceForm>
      <p className="mt-6 text-sm text-slate-300">Or schedule it for later:</p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="schedule" />
        <Field
          label="Send at"
          inputProps={{ ...getInputProps(fields.when, { type: 'datetime-local' }) }}
          errors={fields.when.errors}
        />
        <SelectField
          label="Time zone"
          selectProps={getSelectProps(fields.timeZone)}
          options={timeZones.map((z) => ({ value: z, label: z }))}
          errors={fields.timeZone.errors}
        />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {followUp.status === 'scheduled' ? 'Change time' : 'Schedule'}
        </button>
      </WorkspaceForm>
      <div className="mt-6 flex flex-wrap gap-3">
        {followUp.status === 'scheduled' ? (
          <WorkspaceForm method="post">
            <button type="submit" name="intent" value="unschedule" className={buttonClass.secondary} disabled={busy}>
              Unschedule
            </button>
          </WorkspaceForm>
        ) : null}
        <WorkspaceForm method="post">
          <button type="submit" name="intent" value="cancel" className={buttonClass.secondary} disabled={busy}>
            Cancel follow-up
          </button>
        </WorkspaceForm>
      </div>
    </Panel>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Follow-up')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
