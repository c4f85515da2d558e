import { Link } from '@remix-run/react'

// Everyone in the workspace sees who else is in it. Each row opens the member's page, where admins
// change roles and remove people (app/routes/app.team.members.$userId).

export type MemberRow = { userId: string; name: string | null; email: string; roleLabel: string; joined: string; isYou: boolean }

export function MembersList({ members, title = 'Members' }: { members: MemberRow[]; title?: string }) {
  const titleId = `${title.toLowerCase().replace(/\s+/g, '-')}-title`
  return (
    <section aria-labelledby={titleId} className="mt-8">
      <h2 id={titleId} className="text-xl font-semibold text-white">
        {title}
      </h2>
      <div
        className="mt-4 overflow-x-auto rounded-xl border border-white/10"
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Members of this workspace with their role and when they joined</caption>
          <thead className="bg-white/5 text-slate-200">
            <tr>
              <th scope="col" className="px-4 py-3">
                Member
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Joined
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.userId} className="border-t border-white/10 text-slate-300">
                <td className="px-4 py-3">
                  <Link to={`/app/team/members/${m.userId}`} className="font-medium text-brand-300 underline">
                    {m.name ?? m.email}
                  </Link>
                  {m.isYou ? <span className="ml-2 text-xs text-slate-400">(you)</span> : null}
                  {m.name ? <span className="block text-xs text-slate-400">{m.email}</span> : null}
                </td>
                <td className="px-4 py-3">{m.roleLabel}</td>
                <td className="px-4 py-3">{m.joined}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
