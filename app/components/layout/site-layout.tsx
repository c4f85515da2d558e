import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/** The dark shared layout: header, main content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black">
        Skip to content
      </a>
      <header className="border-b border-white/10">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-4">
          <Link to="/" className="font-bold">
            Lectern
          </Link>
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-white/10 py-8" />
    </>
  )
}
