import { useState } from 'react'
import { useHydrated } from './use-hydrated'

// How long the inline "Link copied to clipboard!" confirmation stays (a status message, not a blocking alert).
const COPIED_NOTICE_MS = 3_000

/** Share links (plain links: work without JS) plus, with JS, a copy-link button. */
export function ShareLinks({ url, title, label }: { url: string; title: string; label: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const encodedUrl = encodeURIComponent(url)
  const links = [
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodeURIComponent(title)}` },
    { name: 'Email', href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodedUrl}` },
  ]
  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      setTimeout(() => setCopied(false), COPIED_NOTICE_MS)
    } catch (error) {
      // Spec 000 §8: a copy failure is only logged.
      console.warn('Copy link failed', error)
    }
  }
  const cls = 'rounded-md border border-white/15 px-3 py-1.5 text-sm text-slate-200 hover:bg-white/10'
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-400">Share:</span>
      {links.map((l) => (
        <a
          key={l.name}
          href={l.href}
          className={cls}
          target={l.name === 'Email' ? undefined : '_blank'}
          rel="noopener noreferrer"
        >
          {l.name}
          <span className="sr-only"> (share {title})</span>
        </a>
      ))}
      {/* Works only with JavaScript; rendered invisible until then so its space is kept (no layout shift). */}
      <button type="button" onClick={copy} className={`${cls} ${hydrated ? '' : 'invisible'}`}>
        Copy link
      </button>
      <span role="status" className="text-sm text-emerald-300">
        {copied ? 'Link copied to clipboard!' : ''}
      </span>
    </div>
  )
}
