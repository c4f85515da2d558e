import type { PostType } from './constants'

// The article page of each post type (spec 000 §5): where its articles live, the link back to the
// listing, and what a missing article says (the 404 from the loader, the page title and the error page).
export const ARTICLE_PAGES: Record<
  PostType,
  { basePath: '/resources' | '/news'; backLabel: string; notFound: { title: string; body: string } }
> = {
  resource: {
    basePath: '/resources',
    backLabel: 'Back to Resources',
    notFound: { title: 'Resource Not Found', body: "The resource you're looking for doesn't exist." },
  },
  news: {
    basePath: '/news',
    backLabel: 'Back to News',
    notFound: { title: 'Article Not Found', body: "The article you're looking for doesn't exist." },
  },
}
