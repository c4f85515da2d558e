import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Fragment } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { shellMeta } from '~/components/layout/meta'
import { getDevMailboxMessage, requireDevMailbox } from '~/services/email.server'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireDevMailbox(request, context)
  const id = params.id ?? ''
  const message = UUID.test(id) ? await getDevMailboxMessage(id) : null
  if (!message || (message.transport !== null && message.transport !== 'dev-mailbox'))
    throw new Response('Not Found', { status: 404 })
  // Links in the message, so a developer can follow a sign-in or confirmation link in one click.
  const links = Array.from(
    new Set(Array.from(message.html.matchAll(/href="(https?:\/\/[^"]+)"/g), (m) => m[1]!.replace(/&amp;/g, '&'))),
  )
  return {
    message: {
      from: message.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      headers: message.headers,
      html: message.html,
      text: message.text,
      status: message.status,
      createdAt: new Date(message.createdAt).toISOString(),
    },
    links,
  }
}

export default function DevMailboxMessage() {
  const { message, links } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12">
      <Link to="/dev/mailbox" className="text-sm text-brand-300 underline hover:text-white">
        ← All messages
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-white">{message.subject}</h1>
      <dl aria-label="Headers" className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-300">
        <dt className="text-slate-400">From</dt>
        <dd className="break-all">{message.from}</dd>
        <dt className="text-slate-400">To</dt>
        <dd>{message.to}</dd>
        {message.replyTo ? (
          <>
            <dt className="text-slate-400">Reply-To</dt>
            <dd>{message.replyTo}</dd>
          </>
        ) : null}
        <dt className="text-slate-400">Subject</dt>
        <dd className="break-words">{message.subject}</dd>
        {/* A follow-up's own headers (List-Unsubscribe, List-Unsubscribe-Post), as Resend would get them. */}
        {message.headers.map(([name, value]) => (
          <Fragment key={name}>
            <dt className="text-slate-400">{name}</dt>
            <dd className="break-all font-mono text-xs">{value}</dd>
          </Fragment>
        ))}
        <dt className="text-slate-400">Queued</dt>
        <dd>
          <time dateTime={message.createdAt}>{message.createdAt.replace('T', ' ').slice(0, 19)} UTC</time>
          {message.status === 'pending' ? ' (not delivered yet)' : ''}
        </dd>
      </dl>

      {links.length ? (
        <section className="mt-6" aria-labelledby="links-heading">
          <h2 id="links-heading" className="text-lg font-semibold text-white">
            Links in this message
          </h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {links.map((href) => (
              <li key={href}>
                <a href={href} className="break-all text-brand-300 underline hover:text-white">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mt-6" aria-labelledby="html-heading">
        <h2 id="html-heading" className="text-lg font-semibold text-white">
          HTML
        </h2>
        {/* Sandboxed: no scripts, no same-origin access, whatever the message contains. */}
        <iframe
          title="HTML version of the message"
          sandbox=""
          srcDoc={message.html}
          className="mt-2 h-[32rem] w-full rounded-lg border border-white/10 bg-white"
        />
      </section>

      <section className="mt-6" aria-labelledby="text-heading">
        <h2 id="text-heading" className="text-lg font-semibold text-white">
          Plain text
        </h2>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg border border-white/10 bg-ink-900 p-4 text-sm text-slate-200">
          {message.text}
        </pre>
      </section>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Dev mailbox', 'One message from the dev mailbox.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
