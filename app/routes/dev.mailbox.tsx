import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { shellMeta } from '~/components/layout/meta'
import { listDevMailbox, requireDevMailbox } from '~/services/email.server'

// The dev mailbox: email "delivered" without a provider (no RESEND_API_KEY). Not served in production
// unless DEV_MAILBOX=true, and then only to this machine (requireDevMailbox).

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevMailbox(request, context)
  const messages = await listDevMailbox(100)
  return { messages: messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) }
}

export default function DevMailbox() {
  const { messages } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-white">Dev mailbox</h1>
      <p className="mt-2 text-slate-300">Email sent while no email provider is configured. Newest first.</p>
      {messages.length === 0 ? (
        <p className="mt-8 text-slate-300">No messages yet.</p>
      ) : (
        <ul className="mt-8 divide-y divide-white/10 rounded-xl border border-white/10 bg-ink-900">
          {messages.map((m) => (
            <li key={m.id}>
              <Link
                to={`/dev/mailbox/${m.id}`}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-white/5 sm:flex-row sm:items-center sm:justify-between"
              >
                <span>
                  <span className="block font-medium text-white">{m.subject}</span>
                  <span className="block text-sm text-slate-300">To {m.to}</span>
                </span>
                <span className="text-sm text-slate-400">
                  <time dateTime={m.createdAt}>{m.createdAt.replace('T', ' ').slice(0, 19)} UTC</time>
                  {m.status === 'pending' ? ' · queued' : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Dev mailbox', 'Email sent without a provider.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
