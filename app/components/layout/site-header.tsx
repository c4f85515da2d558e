import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useModalHref } from '~/components/modal'
import { useHydrated } from '~/components/use-hydrated'
import { ADMIN_HOME_PATH, SPEAKER_HOME_PATH } from '~/lib/constants'

export type HeaderUser = { email: string; role: 'admin' | 'speaker' } | null

const NAV_LINKS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/speakers', label: 'Speaker Directory' },
  { to: '/resources', label: 'Resources and Articles' },
] as const

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-white' : 'text-slate-300 hover:text-white'}`

/**
 * Header (spec 000 §2): home, Pricing, Speaker Directory, Resources and Articles, Log In, Watch Demo.
 * On small screens the links fold behind a Menu toggle: without JavaScript it is a link to ?menu=open,
 * with JavaScript a button with aria-expanded.
 */
export function SiteHeader({ brand, user, hasDemo }: { brand: string; user: HeaderUser; hasDemo: boolean }) {
  const location = useLocation()
  const hydrated = useHydrated()
  const params = new URLSearchParams(location.search)
  const urlOpen = params.get('menu') === 'open'
  const [jsOpen, setJsOpen] = useState(urlOpen)
  const open = hydrated ? jsOpen : urlOpen
  const demoHref = useModalHref('demo')

  // Any navigation closes the menu.
  useEffect(() => setJsOpen(new URLSearchParams(location.search).get('menu') === 'open'), [location.pathname, location.search])

  params.delete('menu')
  const closedHref = `${location.pathname}${params.toString() ? `?${params}` : ''}`
  params.set('menu', 'open')
  const openHref = `${location.pathname}?${params}`

  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-ink-950/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{brand}</span>
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </div>

        <div className="hidden items-center gap-3 md:flex">
          <AccountLinks user={user} />
          {hasDemo ? (
            <Link
              to={demoHref}
              preventScrollReset
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500"
            >
              Watch Demo
            </Link>
          ) : null}
        </div>

        {hydrated ? (
          <button
            type="button"
            aria-label="Menu"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setJsOpen((v) => !v)}
            className="rounded-md p-2 text-slate-200 hover:bg-white/10 md:hidden"
          >
            <MenuIcon open={open} />
          </button>
        ) : (
          <Link
            to={open ? closedHref : openHref}
            aria-label="Menu"
            preventScrollReset
            replace
            className="rounded-md p-2 text-slate-200 hover:bg-white/10 md:hidden"
          >
            <MenuIcon open={open} />
          </Link>
        )}
      </nav>

      <div id="mobile-menu" hidden={!open} className="border-t border-white/10 md:hidden">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <div className="mt-2 flex flex-wrap items-center gap-3 border-t border-white/10 pt-3">
            <AccountLinks user={user} />
            {hasDemo ? (
              <Link
                to={demoHref}
                preventScrollReset
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500"
              >
                Watch Demo
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </header>
  )
}

function AccountLinks({ user }: { user: HeaderUser }) {
  if (!user) {
    return (
      <Link to="/login" className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:text-white">
        Log In
      </Link>
    )
  }
  return (
    <>
      {user.role === 'admin' ? (
        <Link to={ADMIN_HOME_PATH} className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:text-white">
          Admin
        </Link>
      ) : null}
      <Link
        to={SPEAKER_HOME_PATH}
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:text-white"
        title={user.email}
      >
        Workspace
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:text-white">
          Log out
        </button>
      </Form>
    </>
  )
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  )
}
