import { withBrandSuffix } from '~/lib/meta-title'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ListingPage, SubscribeBanner } from '~/components/content/listing-page'
import { pageMeta } from '~/components/content/seo'
import { rootInfo } from '~/components/meta'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { loadListing } from '~/services/content-listing.server'
import { feedInfo } from '~/lib/feeds'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadListing(request, 'news')
}

export default function NewsPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <ListingPage
      data={data}
      heading="Media Coverage"
      basePath="/news"
      gridHeading="Latest News"
      searchable={false}
      banner={<SubscribeBanner text="Stay up to date with news and updates." mailingListUrl={data.mailingListUrl} />}
    />
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const { brand, appUrl } = rootInfo(matches)
  return pageMeta({
    title: withBrandSuffix('Media Coverage', brand),
    description: `News, press coverage and product updates from ${brand}.`,
    appUrl,
    path: '/news',
    imageTitle: 'Media Coverage',
    feed: feedInfo('news', brand),
  })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
