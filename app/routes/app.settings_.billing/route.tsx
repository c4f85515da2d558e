import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { BillingSummary } from '~/components/billing/billing-summary'
import { BillingUnlocks } from '~/components/billing/billing-unlocks'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { billingAction, billingPage } from './billing.server'

// /app/settings/billing (issue 22 Deliver 8): plan, seats, renewal, amount and payment state, the
// portal for card, invoices and cancelling, and the sessions bought one by one with their receipts.
// The owner and admins see it (billing.view); only the owner acts (billing.manage).

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'billing.view')
  return billingPage(scope)
}

export async function action({ request }: ActionFunctionArgs) {
  return billingAction(request)
}

export default function Billing() {
  const page = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Billing" intro="What this workspace pays for, and how.">
        <Link to="/app/settings" className={buttonClass.secondary}>
          Back to settings
        </Link>
      </PageHeader>
      <BillingSummary page={page} error={actionData ?? null} />
      <BillingUnlocks unlocks={page.unlocks} />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Billing')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
