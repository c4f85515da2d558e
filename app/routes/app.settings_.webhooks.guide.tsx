import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { RenderedMarkdown } from '~/components/rendered-markdown'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { getConfig } from '~/config.server'
import { withBrand } from '~/content/brand'
import guide from '~/content/webhook-guide.md?raw'
import { renderMarkdownHtml } from '~/services/markdown.server'

// The receiver's guide the webhooks page mentions (issue 20 §7d): events, payload, headers and
// verifying, retries. One markdown file, rendered on the server so the page ships no markdown library.

let rendered: { brand: string; html: string } | undefined

export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspace(request, 'webhooks.manage')
  const brand = getConfig().BRAND_NAME
  if (rendered?.brand !== brand) rendered = { brand, html: renderMarkdownHtml(withBrand(guide, brand)) }
  return { html: rendered.html }
}

export default function WebhookGuide() {
  const { html } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Webhook guide" intro="What your receiver gets from each webhook, and how it checks the signature.">
        <Link to="/app/settings/webhooks" className={buttonClass.secondary}>
          Back to webhooks
        </Link>
      </PageHeader>
      <RenderedMarkdown html={html} className="mt-8 max-w-3xl" />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Webhook guide')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
