import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LegalPage } from '~/components/layout/legal-page'
import { shellMeta } from '~/components/layout/meta'
import { getConfig } from '~/config.server'
import { termsOfService } from '~/content/legal'
import { legalOptions } from '~/services/shell.server'

export async function loader() {
  return { doc: termsOfService(getConfig().BRAND_NAME, legalOptions()) }
}

export default function TermsOfServicePage() {
  const { doc } = useLoaderData<typeof loader>()
  return <LegalPage doc={doc} />
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Terms of Service', 'The terms that govern your use of the service, subscriptions, fees and data ownership.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
