import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ArticlePage } from '~/components/content/article-page'
import { articleErrorBoundary, articleMeta } from '~/components/content/article-route'
import { ARTICLE_PAGES } from '~/lib/article-pages'
import { articleAction, loadArticle } from '~/services/article.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadArticle(request, 'resource', params.slug)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return articleAction(request, 'resource', params.slug)
}

export default function ResourceArticle() {
  const data = useLoaderData<typeof loader>()
  const { basePath, backLabel } = ARTICLE_PAGES.resource
  return <ArticlePage data={data} backTo={basePath} backLabel={backLabel} />
}

export const meta = articleMeta('resource')

export const ErrorBoundary = articleErrorBoundary('resource')
