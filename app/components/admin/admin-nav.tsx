import { Form, NavLink } from '@remix-run/react'

// The admin areas link to each other from every admin header (spec 001 §2 buttons, plus the inbox).
const ADMIN_LINKS = [
  { to: '/resources/admin', label: 'Posts', end: true },
  { to: '/resources/admin/featured', label: 'Featured Sections' },
  { to: '/speakers/admin', label: 'Speaker Profiles' },
  { to: '/admin/inbox', label: 'Inbox' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/accounts', label: 'Accounts' },
]

export function AdminNav() {
  return (
    <nav aria-label="Admin" className="border-b border-white/10 bg-ink-900/60">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 text-sm">
        {ADMIN_LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            className={({ isActive }) =>
              `rounded-md px-3 py-1.5 ${isActive ? 'bg-white/10 font-semibold text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'}`
            }
          >
            {link.label}
          </NavLink>
        ))}
        <Form method="post" action="/logout" className="ml-auto">
          <button type="submit" className="rounded-md px-3 py-1.5 text-slate-300 hover:bg-white/5 hover:text-white">
            Log out
          </button>
        </Form>
      </div>
    </nav>
  )
}
