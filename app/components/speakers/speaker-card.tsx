import { Link } from '@remix-run/react'
import { DIRECTORY_SKELETON_CARDS } from '~/lib/constants'

export const SPEAKER_FALLBACK_IMAGE = '/images/speaker-placeholder.svg'

export type SpeakerCardData = {
  slug: string
  name: string
  jobTitle: string
  company: string
  location: string
  preview: string
  hashtags: string[]
  profileImageUrl: string
}

/** One link around the whole card (spec 000 §2 "card click goes to /speakers/{slug}"); nothing nested is interactive. */
export function SpeakerCard({ speaker }: { speaker: SpeakerCardData }) {
  return (
    <li>
      <Link
        to={`/speakers/${encodeURIComponent(speaker.slug)}`}
        className="group flex h-full flex-col overflow-hidden rounded-xl border border-white/10 bg-ink-900 shadow transition hover:border-brand-400/60 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <img
          src={speaker.profileImageUrl || SPEAKER_FALLBACK_IMAGE}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          className="aspect-[4/3] w-full object-cover"
        />
        <div className="flex flex-1 flex-col gap-2 p-5">
          <h2 className="text-lg font-semibold text-white">{speaker.name}</h2>
          <p className="text-sm text-slate-300">
            {speaker.jobTitle} · {speaker.company}
          </p>
          <p className="text-sm text-slate-300">{speaker.preview}</p>
          {speaker.hashtags.length ? (
            <p className="flex flex-wrap gap-2 text-xs text-brand-200">
              {speaker.hashtags.map((tag) => (
                <span key={tag} className="rounded-full bg-brand-500/15 px-2 py-0.5">
                  {tag}
                </span>
              ))}
            </p>
          ) : null}
          <p className="text-sm text-slate-400">
            <PinIcon />
            {speaker.location}
          </p>
          <span className="mt-auto inline-flex w-fit rounded-md bg-brand-500 px-3 py-1.5 text-sm font-semibold text-white group-hover:bg-brand-600">
            View Profile
          </span>
        </div>
      </Link>
    </li>
  )
}

export function SpeakerCardSkeletons() {
  return (
    <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="speaker-skeletons">
      {Array.from({ length: DIRECTORY_SKELETON_CARDS }, (_, i) => (
        <li key={i} className="animate-pulse overflow-hidden rounded-xl border border-white/10 bg-ink-900">
          <div className="aspect-[4/3] w-full bg-white/5" />
          <div className="flex flex-col gap-3 p-5">
            <div className="h-5 w-2/3 rounded bg-white/10" />
            <div className="h-4 w-1/2 rounded bg-white/10" />
            <div className="h-12 w-full rounded bg-white/5" />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** A map pin drawn inline: emoji fonts are missing on many systems. */
export function PinIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mr-1 inline h-4 w-4 align-[-2px]" fill="currentColor">
      <path d="M10 1.5a6 6 0 0 0-6 6c0 4.3 5.2 10.3 5.4 10.6a.8.8 0 0 0 1.2 0c.2-.3 5.4-6.3 5.4-10.6a6 6 0 0 0-6-6Zm0 8.3a2.3 2.3 0 1 1 0-4.6 2.3 2.3 0 0 1 0 4.6Z" />
    </svg>
  )
}
