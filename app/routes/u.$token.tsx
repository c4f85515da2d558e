import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '~/lib/follow-up-links'
import { ownHeaders } from '~/lib/route-headers'
import { findUnsubscribe, unsubscribeByToken } from '~/models/follow-up-links.server'
import { readForm } from '~/services/request-body.server'

// /u/{token}: the unsubscribe link of every follow-up (issue 32 Deliver 4; docs/follow-up.md
// "Unsubscribes"). GET shows a confirmation page and changes nothing (mail scanners follow links).
// POST unsubscribes at once and answers 200 with a page, never a redirect: it is both the page's
// button and RFC 8058's one-click POST (`List-Unsubscribe=One-Click`), which mail providers send from
// their servers with no cookies and no Origin. The token is the whole authority: nothing here reads a
// session, and server/security.ts lets a POST to this path through without a same-origin check.

const UNKNOWN = 'This unsubscribe link is not known. If you copied it from an email, check that it is complete.'
const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' }

export async function loader({ params }: LoaderFunctionArgs) {
  const page = await findUnsubscribe(params.token ?? '')
  if (!page) throw new Response(UNKNOWN, { status: 404, headers: PRIVATE })
  return data({ ...page, token: params.token! }, { headers: PRIVATE })
}

export async function action({ request, params }: ActionFunctionArgs) {
  // RFC 8058's body (or the button's, which is the same); read through the body boundary, and not
  // required: the token alone decides, so a provider that sends another body still unsubscribes.
  await readForm(request)
  const page = await unsubscribeByToken(params.token ?? '')
  if (!page) throw new Response(UNKNOWN, { status: 404, headers: PRIVATE })
  return data({ done: true, senderName: page.senderName }, { headers: PRIVATE })
}

export default function UnsubscribeFromFollowUps() {
  const { senderName, unsubscribed, token } = useLoaderData<typeof loader>()
  const done = useActionData<typeof action>()?.done || unsubscribed
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Unsubscribe</h1>
      {done ? (
        <div className="mt-6" role="status">
          <FormMessage tone="success">You are unsubscribed: {senderName} will not email you again.</FormMessage>
        </div>
      ) : (
        <Form method="post" action={`/u/${token}`} className="mt-6">
          <p className="text-slate-300">
            Stop emails from <strong className="text-white">{senderName}</strong>? It takes effect at once.
          </p>
          <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />
          <button type="submit" className={`${buttonClass.primary} mt-6`}>
            Unsubscribe
          </button>
        </Form>
      )}
    </div>
  )
}

export const headers = ownHeaders

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Unsubscribe', 'Stop emails from this sender.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ error }) => <NotKnown message={String(error.data)} /> }} />
}

function NotKnown({ message }: { message: string }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Link not known</h1>
      <p className="mt-4 text-slate-300">{message}</p>
    </div>
  )
}
