import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ArticlePage } from '~/components/content/article-page'
import { articleErrorBoundary, articleMeta } from '~/components/content/article-route'
import { ARTICLE_PAGES } from '~/lib/article-pages'
import { articleAction, loadArticle } from '~/services/article.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadArticle(request, 'news', params.slug)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return articleAction(request, 'news', params.slug)
}

export default function NewsArticle() {
  const data = useLoaderData<typeof loader>()
  const { basePath, backLabel } = ARTICLE_PAGES.news
  return <ArticlePage data={data} backTo={basePath} backLabel={backLabel} />
}

export const meta = articleMeta('news')

export const ErrorBoundary = articleErrorBoundary('news')
