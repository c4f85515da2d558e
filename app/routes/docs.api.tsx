import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ErrorTable, LimitTable, OperationEntry, SchemaEntry, WebhookEntry } from '~/components/api/api-reference'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { shellMeta } from '~/components/layout/meta'
import { RenderedMarkdown } from '~/components/rendered-markdown'
import { getConfig } from '~/config.server'
import guide from '~/content/api-guide.md?raw'
import { withBrand } from '~/content/brand'
import { API_DOCUMENT_PATH } from '~/lib/api'
import { PLAN_LABELS, PLANS, apiRateLimit, plansWith } from '~/lib/plans'
import { apiReference } from '~/services/api/reference.server'
import { renderMarkdownHtml } from '~/services/markdown.server'

// /docs/api (issue 30 Deliver 5): the API reference, rendered by the server from the OpenAPI document
// (app/services/api/reference.server.ts) with the guide in app/content/api-guide.md: readable without
// JavaScript, nothing from another origin, in the site's layout. Each error code has its anchor here
// (the doc_url of every error answer).

let rendered: { key: string; html: string } | undefined

export async function loader() {
  const reference = apiReference()
  const brand = getConfig().BRAND_NAME
  const key = `${brand}|${reference.baseUrl}`
  if (rendered?.key !== key) {
    const text = withBrand(guide, brand)
      .split('{api}')
      .join(reference.baseUrl)
      .split('{plans}')
      .join(plansWith('apiRequestsPerMinute'))
    rendered = { key, html: renderMarkdownHtml(text) }
  }
  return {
    guide: rendered.html,
    reference,
    documentUrl: API_DOCUMENT_PATH,
    limits: PLANS.map((p) => ({ plan: PLAN_LABELS[p], perMinute: apiRateLimit(p) })),
  }
}

export default function ApiDocs() {
  const { guide, reference, documentUrl, limits } = useLoaderData<typeof loader>()
  const schemas = new Set(reference.schemas.map((s) => s.name))
  const tags = [...new Set(reference.operations.map((o) => o.tag))]
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:py-16">
      <h1 className="text-4xl font-bold text-white">API reference</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-300">
        A REST API for your workspace at <code className="font-mono text-slate-100">{reference.baseUrl}</code>, described by{' '}
        <a href={documentUrl} className="text-brand-300 underline">
          its OpenAPI 3.1 document
        </a>
        .
      </p>
      <nav aria-label="On this page" className="mt-6">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {[
            ['#quick-start', 'Quick start'],
            ['#limits', 'Limits'],
            ['#errors', 'Errors'],
            ['#operations', 'Operations'],
            ['#webhooks', 'Webhook events'],
            ['#schemas', 'Objects'],
          ].map(([href, label]) => (
            <li key={href}>
              <a href={href} className="text-brand-300 underline">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div id="quick-start" className="mt-4">
        <RenderedMarkdown html={guide} />
      </div>

      <section id="limits" aria-labelledby="limits-title" className="mt-12 scroll-mt-24">
        <h2 id="limits-title" className="text-2xl font-bold text-white">
          Limits
        </h2>
        <p className="mt-2 text-slate-300">
          Each key has its own count, in windows of a minute, kept in the database so every server agrees. Every answer says where
          it stands: <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds).
          Over the limit the answer is <code>429</code> with <code>Retry-After</code>. Bodies are JSON of at most 64 KB.
        </p>
        <LimitTable limits={limits} />
      </section>

      <section id="errors" aria-labelledby="errors-title" className="mt-12 scroll-mt-24">
        <h2 id="errors-title" className="text-2xl font-bold text-white">
          Errors
        </h2>
        <p className="mt-2 text-slate-300">
          Every error is <code>{'{ "error": { "code", "message", "param"?, "doc_url" } }'}</code> with its status; every answer,
          error or not, has a <code>Request-Id</code> header to quote to support.
        </p>
        <ErrorTable />
      </section>

      <section id="operations" aria-labelledby="operations-title" className="mt-12 scroll-mt-24">
        <h2 id="operations-title" className="text-2xl font-bold text-white">
          Operations
        </h2>
        {tags.map((tag) => (
          <div key={tag}>
            <h3 className="mt-8 text-xl font-semibold text-white">{tag}</h3>
            {reference.operations
              .filter((o) => o.tag === tag)
              .map((o) => (
                <OperationEntry key={o.id} operation={o} schemas={schemas} />
              ))}
          </div>
        ))}
      </section>

      <section id="webhooks" aria-labelledby="webhooks-title" className="mt-12 scroll-mt-24">
        <h2 id="webhooks-title" className="text-2xl font-bold text-white">
          Webhook events
        </h2>
        <p className="mt-2 text-slate-300">
          What a subscription (<code>POST /webhooks</code>) receives: one signed <code>POST</code> per event, its{' '}
          <code>data</code> the object this API answers for it.
        </p>
        {reference.webhooks.map((w) => (
          <WebhookEntry key={w.type} webhook={w} schemas={schemas} />
        ))}
      </section>

      <section id="schemas" aria-labelledby="schemas-title" className="mt-12 scroll-mt-24">
        <h2 id="schemas-title" className="text-2xl font-bold text-white">
          Objects
        </h2>
        {reference.schemas.map((s) => (
          <SchemaEntry key={s.name} schema={s} />
        ))}
      </section>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'API reference', 'The REST API: keys, scopes, limits, errors, idempotency, pagination and every operation.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
