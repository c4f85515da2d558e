import { withBrandSuffix } from '~/lib/meta-title'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArticlePage } from '~/components/content/article-page'
import { pageMeta } from '~/components/content/seo'
import { rootInfo } from '~/components/meta'
import { ErrorMessage, GeneralErrorBoundary } from '~/components/error-boundary'
import { articleAction, loadArticle } from '~/services/article.server'
import { feedInfo } from '~/lib/feeds'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadArticle(request, 'news', params.slug)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return articleAction(request, 'news', params.slug)
}

export default function NewsArticle() {
  const data = useLoaderData<typeof loader>()
  return <ArticlePage data={data} backTo="/news" backLabel="Back to News" />
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { brand, appUrl } = rootInfo(matches)
  if (!data)
    return [
      { title: withBrandSuffix('Article Not Found', brand) },
      { name: 'description', content: "The article you're looking for doesn't exist." },
    ]
  const { post } = data
  const title = post.metaTitle || withBrandSuffix(post.title, brand)
  return pageMeta({
    title,
    description: post.metaDescription || post.title,
    appUrl,
    path: `/news/${post.slug}`,
    type: 'article',
    imageTitle: post.title,
    feed: feedInfo('news', brand),
  })
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorMessage
            title="Article Not Found"
            body="The article you're looking for doesn't exist."
            action={
              <Link to="/news" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500">
                Back to News
              </Link>
            }
          />
        ),
      }}
    />
  )
}
