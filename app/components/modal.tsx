import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * An addressable modal: it is open because the URL says so (?modal=name or a child route), so it
 * opens and closes without JavaScript. With JavaScript: Escape and backdrop click close it, focus is
 * trapped inside and page scroll is locked while it is open.
 */
export function Modal({
  title,
  children,
  closeTo,
  size = 'md',
}: {
  title: ReactNode
  children: ReactNode
  /** Where closing goes: by default the current URL without ?modal. */
  closeTo?: string
  size?: 'md' | 'lg' | 'xl'
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const closeHref = closeTo ?? withoutModalParam(location.pathname, location.search, location.hash)

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null
    const dialog = dialogRef.current
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const focusables = () =>
      Array.from(
        dialog?.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), textarea, select, iframe, [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      ).filter((el) => !el.closest('[aria-hidden="true"]'))
    ;(focusables()[0] ?? dialog)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        navigate(closeHref, { replace: true, preventScrollReset: true })
      }
      if (event.key === 'Tab') {
        const items = focusables()
        if (items.length === 0) return
        const first = items[0]!
        const last = items[items.length - 1]!
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      previouslyFocused?.focus?.()
    }
  }, [closeHref, navigate])

  const width = size === 'xl' ? 'max-w-4xl' : size === 'lg' ? 'max-w-2xl' : 'max-w-lg'
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
      {/* The backdrop is a link so it also closes without JavaScript; keyboard users have the Close button. */}
      <Link
        to={closeHref}
        replace
        preventScrollReset
        aria-hidden="true"
        tabIndex={-1}
        data-testid="modal-backdrop"
        className="fixed inset-0 bg-black/70 backdrop-blur-sm"
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative z-10 my-8 w-full ${width} rounded-xl border border-white/10 bg-ink-900 p-6 shadow-2xl`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-semibold text-white">
            {title}
          </h2>
          <Link
            to={closeHref}
            replace
            preventScrollReset
            className="rounded-md px-2 py-1 text-slate-300 hover:bg-white/10 hover:text-white"
            aria-label="Close"
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </div>
        <div className="max-h-[70vh] overflow-y-auto pr-1">{children}</div>
      </div>
    </div>
  )
}

export function withoutModalParam(pathname: string, search: string, hash = '') {
  const params = new URLSearchParams(search)
  params.delete('modal')
  const query = params.toString()
  return `${pathname}${query ? `?${query}` : ''}${hash}`
}

/** The href that opens a named modal on the current page. */
export function useModalHref(name: string) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.set('modal', name)
  return `${location.pathname}?${params.toString()}`
}
