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
  return loadListing(request, 'resource')
}

export default function ResourcesPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <ListingPage
      data={data}
      heading="Resources"
      basePath="/resources"
      gridHeading="Latest Articles"
      searchable
      banner={
        <SubscribeBanner
          text="Boost your pipeline instantly — subscribe for proven lead generation and conversion strategies."
          mailingListUrl={data.mailingListUrl}
        />
      }
    />
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const { brand, appUrl } = rootInfo(matches)
  return pageMeta({
    title: withBrandSuffix('Resources', brand),
    description: 'Guides and articles on capturing leads at speaking events and turning audiences into customers.',
    appUrl,
    path: '/resources',
    imageTitle: 'Resources',
    feed: feedInfo('resource', brand),
  })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
