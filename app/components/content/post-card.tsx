import { Link } from '@remix-run/react'
import { cardTags, formatUsLongDate, truncate } from '~/lib/text'

export type CardPost = {
  id: string
  title: string
  slug: string
  tags: string[]
  metaDescription: string
  heroImageUrl: string
  createdAt: Date | string
  excerpt: string
}

/** A listing card: hero, date, title, summary, at most 4 tags then "+N more" (spec 000 §2). */
export function PostCard({ post, basePath }: { post: CardPost; basePath: '/resources' | '/news' }) {
  const { shown, more } = cardTags(post.tags)
  const summary = post.metaDescription || truncate(markdownToPlain(post.excerpt), 160)
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-white/10 bg-ink-900 transition hover:border-brand-400/60">
      {post.heroImageUrl ? (
        <img src={post.heroImageUrl} alt="" loading="lazy" decoding="async" className="aspect-[16/9] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-sm text-slate-400">{formatUsLongDate(post.createdAt)}</p>
        <h3 className="text-lg font-semibold text-white">
          <Link to={`${basePath}/${post.slug}`} className="hover:text-brand-300">
            {post.title}
          </Link>
        </h3>
        {summary ? <p className="text-sm text-slate-300">{summary}</p> : null}
        {shown.length ? (
          <ul className="mt-auto flex flex-wrap gap-2" aria-label="Tags">
            {shown.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-600/25 px-2.5 py-0.5 text-xs text-brand-100">
                {tag}
              </li>
            ))}
            {more ? <li className="rounded-full bg-white/10 px-2.5 py-0.5 text-xs text-slate-200">+{more} more</li> : null}
          </ul>
        ) : null}
      </div>
    </article>
  )
}

export function PostCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-3 rounded-xl border border-white/10 bg-ink-900 p-5">
      <div className="aspect-[16/9] w-full rounded-md bg-white/10" />
      <div className="h-4 w-1/3 rounded bg-white/10" />
      <div className="h-6 w-3/4 rounded bg-white/10" />
      <div className="h-4 w-full rounded bg-white/10" />
    </div>
  )
}

// Card summaries only: strip the common markdown marks so "## Intro **bold**" reads as text.
function markdownToPlain(markdown: string) {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
