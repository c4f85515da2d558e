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
  return loadArticle(request, 'resource', params.slug)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return articleAction(request, 'resource', params.slug)
}

export default function ResourceArticle() {
  const data = useLoaderData<typeof loader>()
  return <ArticlePage data={data} backTo="/resources" backLabel="Back to Resources" />
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { brand, appUrl } = rootInfo(matches)
  if (!data)
    return [
      { title: withBrandSuffix('Resource Not Found', brand) },
      { name: 'description', content: "The resource you're looking for doesn't exist." },
    ]
  const { post } = data
  const title = post.metaTitle || withBrandSuffix(post.title, brand)
  return pageMeta({
    title,
    description: post.metaDescription || post.title,
    appUrl,
    path: `/resources/${post.slug}`,
    type: 'article',
    imageTitle: post.title,
    feed: feedInfo('resource', brand),
  })
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorMessage
            title="Resource Not Found"
            body="The resource you're looking for doesn't exist."
            action={
              <Link to="/resources" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500">
                Back to Resources
              </Link>
            }
          />
        ),
      }}
    />
  )
}
