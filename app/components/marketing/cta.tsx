import { Link, useLocation, useNavigate } from '@remix-run/react'
import type { MouseEvent, ReactNode } from 'react'
import { buttonClass } from '~/components/forms'
import { useModalHref } from '~/components/modal'
import type { CtaLink, ExternalTarget } from '~/content/types'
import { isClickEvent, type ClickEvent } from '~/lib/analytics-events'
import { useRootData } from '~/root'

export const ctaClass = {
  primary: `${buttonClass.primary} px-5 py-3 text-base`,
  secondary: `${buttonClass.secondary} px-5 py-3 text-base`,
}

/**
 * The URL of an optional external destination, or null when its setting is unset (the caller
 * then hides the element: ARCHITECTURE decision 3). The demo video opens the addressable modal.
 */
export function useExternalHref(target: ExternalTarget): string | null {
  const root = useRootData()
  const links = root?.links
  const demoHref = useModalHref('demo')
  const affiliateHref = useModalHref('affiliate')
  if (!links) return null
  switch (target) {
    case 'demo-video':
      // Same condition as the header's Watch Demo: only a URL that can be embedded opens the modal.
      return root?.demoVideoEmbed ? demoHref : null
    case 'demo-calendar':
      return links.calendar
    case 'knowledge-base':
      return links.knowledgeBase
    case 'feature-requests':
      return links.feedbackBoard
    case 'mailing-list':
      return links.mailingList
    case 'affiliate':
      return links.affiliateWidget ? affiliateHref : null
    case 'roi-calculator':
      return links.roiCalculator
  }
}

/** The redirect that records a click event on the server, then goes on (works without JavaScript). */
export function trackedHref(event: ClickEvent, to: string, from: string) {
  return `/go?${new URLSearchParams({ event, to, from }).toString()}`
}

/** Records a click event with navigator.sendBeacon; false when the browser could not queue it. */
export function sendClickBeacon(event: ClickEvent, path: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false
  // text/plain is a CORS-safelisted type, which every browser lets sendBeacon use; the body is JSON.
  const body = new Blob([JSON.stringify({ name: event, path })], { type: 'text/plain;charset=UTF-8' })
  try {
    return navigator.sendBeacon('/api/events', body)
  } catch {
    return false
  }
}

/**
 * A link that records `event` when followed. Without JavaScript (or on a modified click that
 * opens a new tab) it goes through /go, which records the event and redirects. With JavaScript
 * a plain click sends a beacon and navigates straight to the destination.
 */
export function TrackedLink({
  event,
  to,
  className,
  children,
}: {
  event: ClickEvent
  to: string
  className?: string
  children: ReactNode
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const href = trackedHref(event, to, location.pathname)
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    if (!sendClickBeacon(event, location.pathname)) return
    e.preventDefault()
    navigate(to)
  }
  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  )
}

/** A call to action from the copy: first-party path, optional external target (hidden when unset), optional event. */
export function Cta({
  cta,
  variant = 'primary',
  className = '',
}: {
  cta: CtaLink & { event?: string }
  variant?: 'primary' | 'secondary'
  className?: string
}) {
  const external = useExternalHref('external' in cta ? cta.external : 'demo-video')
  const cls = `${ctaClass[variant]} ${className}`
  if ('external' in cta) {
    if (!external) return null
    const isModal = external.startsWith('?') || external.startsWith('/')
    return isModal ? (
      <Link to={external} preventScrollReset className={cls}>
        {cta.label}
      </Link>
    ) : (
      <a href={external} className={cls} target="_blank" rel="noopener noreferrer">
        {cta.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    )
  }
  if (cta.event && isClickEvent(cta.event)) {
    return (
      <TrackedLink event={cta.event} to={cta.href} className={cls}>
        {cta.label}
      </TrackedLink>
    )
  }
  if (cta.href.startsWith('#')) {
    return (
      <a href={cta.href} className={cls}>
        {cta.label}
      </a>
    )
  }
  return (
    <Link to={cta.href} className={cls}>
      {cta.label}
    </Link>
  )
}

export function MailtoLink({
  email,
  subject,
  className,
  children,
}: {
  email: string
  subject?: string
  className?: string
  children: ReactNode
}) {
  const href = `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`
  return (
    <a href={href} className={className ?? 'font-semibold text-brand-300 underline underline-offset-2 hover:text-brand-100'}>
      {children}
    </a>
  )
}
