import { useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ChatWidget } from '~/components/chat-widget'
import { DEFAULT_BRAND } from '~/content/brand'
import { ModalHost, type ShellModalData } from './modal-host'
import { usePageLanguage } from './page-language'
import { SiteFooter, type FooterLinks } from './site-footer'
import { SiteHeader, type HeaderUser } from './site-header'

// No third-party script runs on the sign-in pages, where a one-time token may sit in the URL.
const SIGN_IN_PATHS = /^\/(auth\/|login|signup|resources\/admin\/login)/

const NO_LINKS = {
  demoVideo: null,
  chatWidget: null,
  affiliateWidget: null,
  feedbackBoard: null,
  knowledgeBase: null,
  roiCalculator: null,
  youtube: null,
  instagram: null,
  linkedin: null,
  tiktok: null,
}

/** What the shell shows from the root loader's data (passed in by app/root.tsx, which owns the loader). */
export type SiteShellData = {
  brand: string
  user: HeaderUser
  links: FooterLinks & { demoVideo: string | null; chatWidget: string | null }
  consent: { widgets: boolean }
  modal: ShellModalData
  demoVideoEmbed: string | null
}

/**
 * The dark shared layout (spec 000 §1–2): header, main content, footer, the modal named by ?modal=,
 * and the lazily loaded chat widget. Works from the root error boundary too, where loader data may
 * be missing.
 */
export function SiteLayout({ root, children }: { root: SiteShellData | undefined; children: ReactNode }) {
  const brand = root?.brand ?? DEFAULT_BRAND
  const links = root?.links ?? NO_LINKS
  const widgetsAllowed = root?.consent.widgets ?? false
  const onSignInPage = SIGN_IN_PATHS.test(useLocation().pathname)
  // On a page served in another language (the event pages, issue 31) the shell's English is marked
  // as English (WCAG 3.1.2), so <html lang> can say the page's own language (3.1.1).
  const shellLang = usePageLanguage() === 'en' ? undefined : 'en'
  return (
    <>
      <a
        lang={shellLang}
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black"
      >
        Skip to content
      </a>
      <div lang={shellLang} className="contents">
        <SiteHeader brand={brand} user={root?.user ?? null} hasDemo={Boolean(root?.demoVideoEmbed)} />
      </div>
      <main id="main" className="flex-1">
        {children}
      </main>
      <div lang={shellLang} className="contents">
        <SiteFooter brand={brand} links={links} />
        <ModalHost
          modal={root?.modal ?? null}
          demoVideoEmbed={root?.demoVideoEmbed ?? null}
          demoVideoUrl={links.demoVideo}
          affiliateUrl={links.affiliateWidget}
          widgetsAllowed={widgetsAllowed}
        />
      </div>
      {links.chatWidget && widgetsAllowed && !onSignInPage ? <ChatWidget src={links.chatWidget} /> : null}
    </>
  )
}
