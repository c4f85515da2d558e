import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Field, FormMessage } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { getConfig } from '~/config.server'
import { hasSendingDomain, sendingDomainNotInPlanMessage } from '~/lib/plans'
import { domainStatusLabel, domainStatusSentence, SENDING_DOMAIN_MESSAGES, SendingDomainSchema } from '~/lib/sending-domains'
import { getSendingDomain } from '~/models/sending-domains.server'
import { readForm } from '~/services/request-body.server'
import { addSendingDomain, checkSendingDomain, removeSendingDomain } from '~/services/sending-domains.server'
import { redirectWithToast } from '~/services/toast.server'

// Settings → Sending domain (issue 32 Deliver 6; docs/follow-up.md "Sending domains"): Professional,
// Teams and Organiser workspaces register their own domain with Resend, add the DNS records shown,
// and press Check; once Resend says verified, follow-ups go out from their address. The page shows
// Resend's last answer (stored): only the buttons call Resend.

const PAGE = '/app/settings/sending-domain'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'sendingDomain.manage')
  const domain = await getSendingDomain(scope.ownerId)
  return {
    notInPlan: hasSendingDomain(scope.workspace.plan) ? null : sendingDomainNotInPlanMessage(scope.workspace.plan),
    hasProvider: !!getConfig().RESEND_API_KEY,
    domain: domain && {
      fromAddress: domain.fromAddress,
      domain: domain.domain,
      status: domain.status,
      records: domain.records,
      checkedAt: domain.checkedAt?.toISOString() ?? null,
    },
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'sendingDomain.manage')
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'check' || intent === 'remove') {
    const outcome = intent === 'check' ? await checkSendingDomain(scope) : await removeSendingDomain(scope)
    if (!outcome.ok) return data({ intent, message: outcome.message }, { status: outcome.status })
    return redirectWithToast(PAGE, {
      type: 'success',
      description:
        intent === 'check' ? 'Checked with Resend.' : 'Sending domain removed: follow-ups go out from the default address.',
    })
  }
  const submission = parseWithZod(form, { schema: SendingDomainSchema })
  if (submission.status !== 'success') return data({ intent: 'add', result: submission.reply() }, { status: 400 })
  const outcome = await addSendingDomain(scope, submission.value.fromAddress)
  if (!outcome.ok) {
    const reply = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] })
    return data({ intent: 'add', result: reply }, { status: outcome.status })
  }
  return redirectWithToast(PAGE, { type: 'success', description: 'Domain added: now add its DNS records, then press Check.' })
}

export default function SendingDomainSettings() {
  const { notInPlan, hasProvider, domain } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const message = actionData && 'message' in actionData ? actionData.message : null
  return (
    <>
      <PageHeader
        title="Sending domain"
        intro="Send follow-ups from your own address instead of “{your name} via Lectern”: add your domain, put its DNS records at your DNS provider, and check."
      >
        <Link to="/app/settings" className={buttonClass.secondary}>
          Back to settings
        </Link>
      </PageHeader>

      {message ? (
        <div className="mt-6 max-w-2xl" role="alert">
          <FormMessage>{message}</FormMessage>
        </div>
      ) : null}

      {notInPlan && !domain ? (
        <Notice title="A sending domain is not in your plan">
          <p className="mt-2 text-slate-300">{notInPlan}</p>
          <p className="mt-4">
            <Link to="/pricing" className="text-brand-300 underline">
              Compare plans
            </Link>
          </p>
        </Notice>
      ) : !hasProvider && !domain ? (
        <Notice title="No email provider on this server">
          <p className="mt-2 text-slate-300">{SENDING_DOMAIN_MESSAGES.noProvider}</p>
        </Notice>
      ) : domain ? (
        <DomainStatus domain={domain} notInPlan={notInPlan} hasProvider={hasProvider} />
      ) : (
        <AddDomain lastResult={actionData && 'result' in actionData ? actionData.result : undefined} />
      )}
    </>
  )
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="notice-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="notice-title" className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  )
}

function AddDomain({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'sending-domain',
    lastResult,
    constraint: getZodConstraint(SendingDomainSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SendingDomainSchema }),
  })
  return (
    <section aria-labelledby="add-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="add-title" className="text-lg font-semibold text-white">
        Add your domain
      </h2>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
        <input type="hidden" name="intent" value="add" />
        {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
        <Field
          label="From address"
          hint="Follow-ups come from this address once its domain is verified; replies still go to the sender."
          inputProps={{ ...getInputProps(fields.fromAddress, { type: 'email' }), placeholder: 'talks@yourcompany.com' }}
          errors={fields.fromAddress.errors}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Add domain
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}

type DomainView = {
  fromAddress: string
  domain: string
  status: string
  records: Array<{ record: string; name: string; type: string; value: string; ttl: string; status: string; priority?: number }>
  checkedAt: string | null
}

function DomainStatus({
  domain,
  notInPlan,
  hasProvider,
}: {
  domain: DomainView
  notInPlan: string | null
  hasProvider: boolean
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section aria-labelledby="domain-title" className="mt-8 max-w-4xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="domain-title" className="text-lg font-semibold text-white">
        {domain.domain}
      </h2>
      <p className="mt-2 text-slate-300">
        From address: <span className="font-mono">{domain.fromAddress}</span>
      </p>
      <p className="mt-2 text-slate-100">
        Status: <strong>{domainStatusLabel(domain.status)}</strong>
        {domain.checkedAt ? <span className="text-slate-400"> (checked {new Date(domain.checkedAt).toUTCString()})</span> : null}
      </p>
      <p className="mt-1 text-slate-300">{domainStatusSentence(domain.status, domain.fromAddress)}</p>
      {notInPlan ? <p className="mt-2 text-amber-200">{notInPlan} Follow-ups go out from the default address.</p> : null}

      <h3 className="mt-6 font-semibold text-white">DNS records to add</h3>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">DNS records for {domain.domain}</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-4">
                For
              </th>
              <th scope="col" className="py-1 pr-4">
                Type
              </th>
              <th scope="col" className="py-1 pr-4">
                Name
              </th>
              <th scope="col" className="py-1 pr-4">
                Value
              </th>
              <th scope="col" className="py-1 pr-4">
                Priority
              </th>
              <th scope="col" className="py-1">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-200">
            {domain.records.map((r) => (
              <tr key={`${r.record}-${r.type}-${r.name}`} className="border-t border-white/10 align-top">
                <td className="py-2 pr-4">{r.record}</td>
                <td className="py-2 pr-4 font-mono">{r.type}</td>
                <td className="py-2 pr-4 font-mono">{r.name}</td>
                <td className="py-2 pr-4 font-mono break-all">{r.value}</td>
                <td className="py-2 pr-4">{r.priority ?? ''}</td>
                <td className="py-2">{domainStatusLabel(r.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="mt-6 flex flex-wrap gap-3">
        {hasProvider ? (
          <WorkspaceForm method="post">
            <button type="submit" name="intent" value="check" className={buttonClass.primary} disabled={busy}>
              Check
            </button>
          </WorkspaceForm>
        ) : null}
        <WorkspaceForm method="post">
          <button type="submit" name="intent" value="remove" className={buttonClass.secondary} disabled={busy}>
            Remove domain
          </button>
        </WorkspaceForm>
      </div>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Sending domain')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
