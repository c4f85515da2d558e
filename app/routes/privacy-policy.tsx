import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LegalPage } from '~/components/layout/legal-page'
import { shellMeta } from '~/components/layout/meta'
import { getConfig } from '~/config.server'
import { privacyPolicy } from '~/content/legal'
import { legalOptions } from '~/services/shell.server'

export async function loader() {
  return { doc: privacyPolicy(getConfig().BRAND_NAME, legalOptions()) }
}

export default function PrivacyPolicyPage() {
  const { doc } = useLoaderData<typeof loader>()
  return <LegalPage doc={doc} />
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Privacy Policy', 'How we collect, use and protect personal data, and the rights you have over it.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
