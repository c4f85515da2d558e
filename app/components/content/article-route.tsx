import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { pageMeta } from '~/components/content/seo'
import { ErrorMessage, GeneralErrorBoundary } from '~/components/error-boundary'
import { rootInfo } from '~/components/meta'
import { ARTICLE_PAGES } from '~/lib/article-pages'
import type { PostType } from '~/lib/constants'
import { feedInfo } from '~/lib/feeds'
import { withBrandSuffix } from '~/lib/meta-title'
import type { loadArticle } from '~/services/article.server'

// The meta and error page of the two article routes (news.$slug.tsx, resources.$slug.tsx): the same
// page for each post type, with that type's path and words.

export function articleMeta(type: PostType): MetaFunction<() => ReturnType<typeof loadArticle>> {
  const page = ARTICLE_PAGES[type]
  return ({ data, matches }) => {
    const { brand, appUrl } = rootInfo(matches)
    if (!data)
      return [{ title: withBrandSuffix(page.notFound.title, brand) }, { name: 'description', content: page.notFound.body }]
    const { post } = data
    const title = post.metaTitle || withBrandSuffix(post.title, brand)
    return pageMeta({
      title,
      description: post.metaDescription || post.title,
      appUrl,
      path: `${page.basePath}/${post.slug}`,
      type: 'article',
      imageTitle: post.title,
      feed: feedInfo(type, brand),
    })
  }
}

export function articleErrorBoundary(type: PostType) {
  const page = ARTICLE_PAGES[type]
  return function ErrorBoundary() {
    return (
      <GeneralErrorBoundary
        statusHandlers={{
          404: () => (
            <ErrorMessage
              title={page.notFound.title}
              body={page.notFound.body}
              action={
                <Link
                  to={page.basePath}
                  className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500"
                >
                  {page.backLabel}
                </Link>
              }
            />
          ),
        }}
      />
    )
  }
}
