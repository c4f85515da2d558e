import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { AUTO_PHASE_LABELS, autoPhase } from '~/lib/follow-up-automatic'
import { FOLLOW_UP_STATUS_LABELS } from '~/lib/follow-ups'
import { sourceInfo } from '~/models/follow-up-compose.server'
import { listFollowUps } from '~/models/follow-ups.server'

// Follow-ups (issue 32; docs/follow-up.md): the workspace's emails to its leads, newest first. A
// follow-up is written from a session's leads, a talk, an event or a saved segment of the Leads list.

const SOURCE_WORDS = { session: 'Session', talk: 'Talk', event: 'Event', segment: 'Segment' } as const

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'followUps.send')
  const rows = await listFollowUps(scope)
  const followUps = await Promise.all(
    rows.map(async (f) => ({
      id: f.id,
      subject: f.subject,
      // An automatic one's state (Deliver 7): its counts add up every send, the first and the later sign-ups'.
      status: f.automatic ? AUTO_PHASE_LABELS[autoPhase(f)] : FOLLOW_UP_STATUS_LABELS[f.status],
      source: `${SOURCE_WORDS[f.source]}: ${(await sourceInfo(scope.ownerId, f.source, f.sourceId))?.name ?? 'deleted'}`,
      automatic: f.automatic,
      sent: f.sentCount,
      recipients: f.recipientCount,
    })),
  )
  return { followUps }
}

export default function FollowUps() {
  const { followUps } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader
        title="Follow-ups"
        intro="Emails to the people who asked to hear from you. Start one from a session’s leads, a talk, an event or a saved segment of your leads."
      />
      {followUps.length === 0 ? (
        <div className="mt-10 rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
          <h2 className="text-xl font-semibold text-white">No follow-ups yet</h2>
          <p className="mt-2 text-slate-300">
            Open a session’s leads, a talk or a saved segment on the{' '}
            <Link to="/app/leads" className="text-brand-300 underline">
              Leads
            </Link>{' '}
            page and choose “Write a follow-up”.
          </p>
        </div>
      ) : (
        <div className="mt-8 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Follow-ups</caption>
            <thead className="text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Subject
                </th>
                <th scope="col" className="py-2 pr-4">
                  To
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2">
                  Sent
                </th>
              </tr>
            </thead>
            <tbody className="text-slate-200">
              {followUps.map((f) => (
                <tr key={f.id} className="border-t border-white/10">
                  <td className="py-2 pr-4">
                    <Link to={`/app/follow-ups/${f.id}`} className="text-brand-300 underline">
                      {f.subject || '(no subject)'}
                    </Link>
                    {f.automatic ? <span className="ml-2 text-xs text-slate-400">Automatic</span> : null}
                  </td>
                  <td className="py-2 pr-4">{f.source}</td>
                  <td className="py-2 pr-4">{f.status}</td>
                  <td className="py-2 tabular-nums">{f.recipients ? `${f.sent} of ${f.recipients}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Follow-ups')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
