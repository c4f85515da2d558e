import { BILLING_MESSAGES } from '~/lib/billing'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { PLAN_LABELS, planAllowances } from '~/lib/plans'
import { LeadNotifySchema } from '~/lib/lead-notify'
import { LeadNotifySettings } from '~/components/workspace/lead-notify-settings'
import { getAccount, setDisplayName } from '~/models/accounts.server'
import { getLeadNotify, listMemberships, setLeadNotify } from '~/models/workspaces.server'
import { can } from '~/lib/permissions'
import { listSpeakersByOwner } from '~/models/speakers.server'
import { DisplayNameSettings } from '~/components/workspace/display-name-settings'
import { CloseAccount } from '~/components/workspace/close-account'
import { closeAccount } from '~/models/account-closure.server'
import { destroyUserSession } from '~/auth/session.server'
import { clearPendingSignIn } from '~/auth/magic-link.server'
import { DisplayNameSchema, speakerNameForAttendees } from '~/lib/speaker-name'
import { RetentionSettings } from '~/components/workspace/retention-settings'
import { RetentionSchema } from '~/lib/retention'
import { setRetentionMonths } from '~/services/lead-retention.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

const CLOSE_ACCOUNT_CONFIRM = 'Type the email address you sign in with to confirm'

const CloseAccountSchema = z.object({
  confirmEmail: z.string({ error: CLOSE_ACCOUNT_CONFIRM }).trim(),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'settings.view')
  const [account, [profile], leadNotify, memberships] = await Promise.all([
    getAccount(scope.userId),
    listSpeakersByOwner(scope.userId),
    getLeadNotify(scope.ownerId, scope.userId),
    listMemberships(scope.userId),
  ])
  return {
    displayName: account.displayName,
    // What attendees see while the field is empty: the directory profile's name, or no name at all.
    nameFallback: speakerNameForAttendees({ profileName: profile?.name }),
    leadNotify,
    // Each membership has its own setting: say which one this is when the person has several.
    notifyWorkspace: memberships.length > 1 ? scope.workspace.name : null,
    plan: PLAN_LABELS[scope.workspace.plan],
    allows: planAllowances(scope.workspace.plan),
    canSetRetention: can(scope.role, 'retention.manage'),
    canManageWebhooks: can(scope.role, 'webhooks.manage'),
    canManageApiKeys: can(scope.role, 'apiKeys.manage'),
    canManageIntegrations: can(scope.role, 'integrations.manage'),
    canManageSendingDomain: can(scope.role, 'sendingDomain.manage'),
    canViewBilling: can(scope.role, 'billing.view'),
    email: scope.user.email,
    isAdmin: scope.user.role === 'admin',
    retentionMonths: scope.workspace.retentionMonths,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'settings.view')
  const form = await readForm(request)
  if (form.get('intent') === 'close-account') {
    const confirm = parseWithZod(form, { schema: CloseAccountSchema })
    if (confirm.status !== 'success' || confirm.value.confirmEmail.toLowerCase() !== scope.user.email.toLowerCase())
      return data({ closeAccount: confirm.reply({ fieldErrors: { confirmEmail: [CLOSE_ACCOUNT_CONFIRM] } }) }, { status: 400 })
    const outcome = await closeAccount(scope.userId)
    if (outcome === 'owns-team')
      return data(
        {
          closeAccount: confirm.reply({
            fieldErrors: {
              confirmEmail: [
                'You own a workspace that other people work in: transfer its ownership to one of its admins first (Team).',
              ],
            },
          }),
        },
        { status: 409 },
      )
    if (outcome === 'subscribed')
      return data(
        { closeAccount: confirm.reply({ fieldErrors: { confirmEmail: [BILLING_MESSAGES.cancelFirst] } }) },
        { status: 409 },
      )
    if (outcome === 'admin')
      return data(
        { closeAccount: confirm.reply({ fieldErrors: { confirmEmail: ['An admin account cannot be closed here'] } }) },
        { status: 403 },
      )
    const headers = new Headers()
    headers.append('Set-Cookie', await destroyUserSession(request))
    headers.append('Set-Cookie', await clearPendingSignIn())
    return redirectWithToast(
      '/',
      { type: 'success', description: 'Your account is closed, and everything in it deleted.' },
      { headers },
    )
  }
  if (form.get('intent') === 'display-name') {
    const name = parseWithZod(form, { schema: DisplayNameSchema })
    if (name.status !== 'success') return data({ displayName: name.reply() }, { status: 400 })
    await setDisplayName(scope.user, name.value.displayName ?? '')
    return redirectWithToast('/app/settings', { type: 'success', description: 'Name saved.' })
  }
  if (form.get('intent') === 'retention') {
    await requireWorkspace(request, 'retention.manage')
    const retention = parseWithZod(form, { schema: RetentionSchema })
    if (retention.status !== 'success') return data({ retention: retention.reply() }, { status: 400 })
    await setRetentionMonths(scope.ownerId, retention.value.retentionMonths ?? null, scope.user)
    return redirectWithToast('/app/settings', { type: 'success', description: 'Retention saved.' })
  }
  const submission = parseWithZod(form, { schema: LeadNotifySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  await setLeadNotify(scope.ownerId, scope.userId, submission.value.leadNotify)
  return redirectWithToast('/app/settings', { type: 'success', description: 'Settings saved.' })
}

export default function Settings() {
  const {
    displayName,
    nameFallback,
    leadNotify,
    notifyWorkspace,
    plan,
    allows,
    email,
    isAdmin,
    retentionMonths,
    canSetRetention,
    canManageWebhooks,
    canManageApiKeys,
    canManageIntegrations,
    canManageSendingDomain,
    canViewBilling,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Settings" intro={`Signed in as ${email}.`} />
      <DisplayNameSettings
        displayName={displayName}
        fallback={nameFallback}
        contact={email}
        lastResult={actionData && 'displayName' in actionData ? actionData.displayName : undefined}
      />
      <LeadNotifySettings
        leadNotify={leadNotify}
        workspaceName={notifyWorkspace}
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
        submitLabel="Save settings"
      />

      {canSetRetention ? (
        <RetentionSettings
          months={retentionMonths}
          lastResult={actionData && 'retention' in actionData ? actionData.retention : undefined}
        />
      ) : null}

      <section aria-labelledby="plan-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
        <h2 id="plan-title" className="text-lg font-semibold text-white">
          Plan: {plan}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-300">
          {allows.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          {canViewBilling ? (
            <Link to="/app/settings/billing" className="text-brand-300 underline">
              Billing
            </Link>
          ) : null}
          <Link to="/pricing" className="text-brand-300 underline">
            Compare plans
          </Link>
        </p>
      </section>

      {canManageWebhooks ? (
        <section aria-labelledby="webhooks-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
          <h2 id="webhooks-title" className="text-lg font-semibold text-white">
            Webhooks
          </h2>
          <p className="mt-2 text-slate-300">Send new, changed and deleted leads to your own systems, signed.</p>
          <Link to="/app/settings/webhooks" className="mt-4 inline-block text-brand-300 underline">
            Manage webhooks
          </Link>
        </section>
      ) : null}

      {canManageApiKeys ? (
        <section aria-labelledby="api-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
          <h2 id="api-title" className="text-lg font-semibold text-white">
            API
          </h2>
          <p className="mt-2 text-slate-300">Keys for Zapier, Make, n8n or your own code to reach your leads and sessions.</p>
          <Link to="/app/settings/api" className="mt-4 inline-block text-brand-300 underline">
            Manage API keys
          </Link>
        </section>
      ) : null}

      {canManageSendingDomain ? (
        <section
          aria-labelledby="sending-domain-title"
          className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6"
        >
          <h2 id="sending-domain-title" className="text-lg font-semibold text-white">
            Sending domain
          </h2>
          <p className="mt-2 text-slate-300">Send follow-up emails from your own domain’s address.</p>
          <Link to="/app/settings/sending-domain" className="mt-4 inline-block text-brand-300 underline">
            Manage sending domain
          </Link>
        </section>
      ) : null}

      {canManageIntegrations ? (
        <section
          aria-labelledby="integrations-title"
          className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6"
        >
          <h2 id="integrations-title" className="text-lg font-semibold text-white">
            Integrations
          </h2>
          <p className="mt-2 text-slate-300">Send the leads you can see to HubSpot, created or updated by email.</p>
          <Link to="/app/settings/integrations" className="mt-4 inline-block text-brand-300 underline">
            Manage integrations
          </Link>
        </section>
      ) : null}

      <CloseAccount
        email={email}
        isAdmin={isAdmin}
        lastResult={actionData && 'closeAccount' in actionData ? actionData.closeAccount : undefined}
      />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Settings')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
