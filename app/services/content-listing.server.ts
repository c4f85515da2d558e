import { getConfig } from '~/config.server'
import { PUBLIC_PAGE_SIZE, type PostType } from '~/lib/constants'
import { parsePage } from '~/lib/page-param'
import { tagSummaryFromCounts } from '~/lib/tag-counts'
import { listActiveSections } from '~/models/featured-sections.server'
import { listPublishedPosts, publishedTagCounts } from '~/models/posts.server'
import { sharedPageData } from '~/platform/page-store.server'

const MAX_QUERY_LENGTH = 200
const MAX_SELECTED_TAGS = 10

/** Query-param driven listing shared by /resources and /news (spec 000 §2, §5; decision 11). */
export async function loadListing(request: Request, type: PostType) {
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH)
  const tags = [
    ...new Set(
      url.searchParams
        .getAll('tag')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, MAX_SELECTED_TAGS)
  const page = parsePage(url.searchParams.get('page'))
  const featuredPage = type === 'resource' ? 'resources' : 'news'
  // The cards do not depend on the query: one read until a section is saved (which purges the page cache).
  const [list, tagCounts, sections] = await Promise.all([
    listPublishedPosts({ type, q, tags, page, pageSize: PUBLIC_PAGE_SIZE }),
    publishedTagCounts(type),
    sharedPageData(`featured-sections:${featuredPage}`, () => listActiveSections(featuredPage)),
  ])
  return {
    q,
    tags,
    page,
    totalPages: Math.max(1, Math.ceil(list.total / PUBLIC_PAGE_SIZE)),
    total: list.total,
    posts: list.posts,
    tagSummary: tagSummaryFromCounts(tagCounts),
    cards: sections.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      icon: s.icon,
      buttonLabel: s.buttonLabel,
      buttonLink: s.buttonLink,
    })),
    mailingListUrl: getConfig().MAILING_LIST_URL ?? null,
  }
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>
