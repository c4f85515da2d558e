import { Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { NewsletterForm } from '~/components/newsletter-form'

export type FooterLinks = {
  affiliateWidget: string | null
  feedbackBoard: string | null
  knowledgeBase: string | null
  roiCalculator: string | null
  youtube: string | null
  instagram: string | null
  linkedin: string | null
  tiktok: string | null
}

// Footer modals (spec 000 §2), in footer order; each is addressable as ?modal=<name>.
export const FOOTER_MODALS = [
  { name: 'contact', label: 'Contact Us' },
  { name: 'privacy', label: 'Privacy Policy' },
  { name: 'terms', label: 'Terms of Service' },
  { name: 'dpa', label: 'Data Processing Addendum' },
  { name: 'trust', label: 'Trust Center' },
  { name: 'cookies', label: 'Cookies Policy' },
] as const

const linkClass = 'text-sm text-slate-300 hover:text-white hover:underline'

export function SiteFooter({ brand, links }: { brand: string; links: FooterLinks }) {
  const modalHref = useModalHrefs()
  const social: { href: string; label: string; icon: ReactNode }[] = []
  if (links.youtube) social.push({ href: links.youtube, label: 'YouTube', icon: <YouTubeIcon /> })
  if (links.instagram) social.push({ href: links.instagram, label: 'Instagram', icon: <InstagramIcon /> })
  if (links.linkedin) social.push({ href: links.linkedin, label: 'LinkedIn', icon: <LinkedInIcon /> })
  if (links.tiktok) social.push({ href: links.tiktok, label: 'TikTok', icon: <TikTokIcon /> })

  return (
    <footer className="mt-16 border-t border-white/10 bg-ink-900">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-1">
          <p className="text-lg font-bold text-white">{brand}</p>
          <p className="mt-2 text-sm text-slate-300">
            Turn every talk into a pipeline: a landing page and QR code per session, leads captured on the spot.
          </p>
          {social.length ? (
            <ul className="mt-4 flex gap-3" aria-label="Social media">
              {social.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-md p-2 text-slate-300 hover:bg-white/10 hover:text-white"
                  >
                    {s.icon}
                    <span className="sr-only">{s.label} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <FooterColumn title="Product">
          <FooterLink to="/startup-program">Startup Program</FooterLink>
          <FooterLink to="/roadmap">Roadmap</FooterLink>
          <FooterLink to="/integrations">Integrations</FooterLink>
          <FooterLink to="/our-founders-story">Our Founder&apos;s Story</FooterLink>
          {links.affiliateWidget ? (
            <li>
              <Link to={modalHref('affiliate')} preventScrollReset className={linkClass}>
                Affiliate Program
              </Link>
            </li>
          ) : null}
        </FooterColumn>

        <FooterColumn title="Resources">
          <FooterLink to="/resources">Lead Capture Hacks</FooterLink>
          <FooterLink to="/news">News</FooterLink>
          {links.feedbackBoard ? <ExternalLink href={links.feedbackBoard}>Feature Requests</ExternalLink> : null}
          {links.knowledgeBase ? <ExternalLink href={links.knowledgeBase}>Knowledge Base</ExternalLink> : null}
          {links.roiCalculator ? <ExternalLink href={links.roiCalculator}>Event ROI Calculator</ExternalLink> : null}
        </FooterColumn>

        <div id="newsletter">
          <NewsletterForm />
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between">
          <nav aria-label="Legal and contact">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {FOOTER_MODALS.map((m) => (
                <li key={m.name}>
                  <Link to={modalHref(m.name)} preventScrollReset className={linkClass}>
                    {m.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-slate-400">
            © {new Date().getFullYear()} {brand}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  )
}

/** Hrefs that open a named modal over the current page (keeping its other query parameters). */
function useModalHrefs() {
  const location = useLocation()
  return (name: string) => {
    const params = new URLSearchParams(location.search)
    params.delete('menu')
    params.set('modal', name)
    return `${location.pathname}?${params}`
  }
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-200">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2">{children}</ul>
    </div>
  )
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </li>
  )
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </li>
  )
}

const iconProps = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'currentColor', 'aria-hidden': true } as const

function YouTubeIcon() {
  return (
    <svg {...iconProps}>
      <path d="M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.7 15.1V8.9l5.8 3.1-5.8 3.1Z" />
    </svg>
  )
}

function InstagramIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 2.2c3.2 0 3.6 0 4.8.1 3.3.1 4.8 1.7 4.9 4.9.1 1.3.1 1.6.1 4.8s0 3.6-.1 4.8c-.1 3.2-1.7 4.8-4.9 4.9-1.3.1-1.6.1-4.8.1s-3.6 0-4.8-.1c-3.3-.1-4.8-1.7-4.9-4.9C2.2 15.6 2.2 15.2 2.2 12s0-3.6.1-4.8C2.4 3.9 3.9 2.4 7.2 2.3c1.2-.1 1.6-.1 4.8-.1ZM12 0C8.7 0 8.3 0 7.1.1 2.7.3.3 2.7.1 7.1 0 8.3 0 8.7 0 12s0 3.7.1 4.9c.2 4.4 2.6 6.8 7 7 1.2.1 1.6.1 4.9.1s3.7 0 4.9-.1c4.4-.2 6.8-2.6 7-7 .1-1.2.1-1.6.1-4.9s0-3.7-.1-4.9c-.2-4.4-2.6-6.8-7-7C15.7 0 15.3 0 12 0Zm0 5.8a6.2 6.2 0 1 0 0 12.4 6.2 6.2 0 0 0 0-12.4ZM12 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm6.4-11.8a1.4 1.4 0 1 0 0 2.9 1.4 1.4 0 0 0 0-2.9Z" />
    </svg>
  )
}

function LinkedInIcon() {
  return (
    <svg {...iconProps}>
      <path d="M20.4 20.5h-3.6v-5.6c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9v5.7H9.4V9h3.4v1.6h.1a3.7 3.7 0 0 1 3.3-1.8c3.6 0 4.2 2.4 4.2 5.4v6.3ZM5.3 7.4a2.1 2.1 0 1 1 0-4.1 2.1 2.1 0 0 1 0 4.1ZM7.1 20.5H3.6V9h3.5v11.5ZM22.2 0H1.8C.8 0 0 .8 0 1.7v20.6c0 .9.8 1.7 1.8 1.7h20.4c1 0 1.8-.8 1.8-1.7V1.7C24 .8 23.2 0 22.2 0Z" />
    </svg>
  )
}

function TikTokIcon() {
  return (
    <svg {...iconProps}>
      <path d="M19.6 6.7a4.8 4.8 0 0 1-3.8-4.2V2h-3.4v13.7a2.9 2.9 0 1 1-2-2.7V9.5a6.3 6.3 0 1 0 5.4 6.2V8.8a8.2 8.2 0 0 0 4.8 1.5V6.9l-1-.2Z" />
    </svg>
  )
}
