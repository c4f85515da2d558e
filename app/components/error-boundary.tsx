import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useRequestId } from './request-id'

type StatusHandler = (info: { error: { status: number; data: unknown } }) => ReactNode

/** A real page for any error, inside the layout, with the right status. */
export function GeneralErrorBoundary({
  statusHandlers = {},
  unexpected,
}: {
  statusHandlers?: Record<number, StatusHandler>
  unexpected?: (error: unknown) => ReactNode
}) {
  const error = useRouteError()
  const location = useLocation()
  if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)
  let content: ReactNode
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status]
    content = handler ? (
      handler({ error })
    ) : (error.status === 413 || error.status === 415) && typeof error.data === 'string' ? (
      // A form body the request-body boundary refused (docs/decisions/0007): the sentence, and the form again.
      <ErrorMessage
        title="This form could not be sent"
        body={error.data}
        action={
          <Link
            to={`${location.pathname}${location.search}`}
            reloadDocument
            className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600"
          >
            Back to the form
          </Link>
        }
      />
    ) : error.status === 405 ? (
      <ErrorMessage title="405 Method Not Allowed" body="This address shows a page; it does not take form submissions." />
    ) : error.status === 404 ? (
      <ErrorMessage title="Page not found" body="The page you're looking for doesn't exist or has moved." />
    ) : (
      <ErrorMessage
        title={`${error.status} ${error.statusText || 'Error'}`}
        body={typeof error.data === 'string' ? error.data : 'Something went wrong.'}
      />
    )
  } else {
    content = unexpected ? (
      unexpected(error)
    ) : (
      <ErrorMessage title="Something went wrong" body="An unexpected error occurred. Please try again." />
    )
  }
  const serverFault = !isRouteErrorResponse(error) || error.status >= 500
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-24 text-center">
      {content}
      {serverFault ? <ErrorReference /> : null}
    </div>
  )
}

/**
 * The id of the failed request (its X-Request-Id and the server log line), for a person to quote.
 * Only the document's own request has a known id; after a client-side navigation it is left out.
 */
function ErrorReference() {
  const requestId = useRequestId()
  const location = useLocation()
  if (!requestId || location.key !== 'default') return null
  return (
    <p className="mt-6 text-sm text-slate-400">
      Reference: <code className="font-mono text-slate-300">{requestId}</code>
    </p>
  )
}

export function ErrorMessage({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <p className="mt-4 text-slate-300">{body}</p>
      <div className="mt-8">
        {action ?? (
          <Link to="/" className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600">
            Back to home
          </Link>
        )}
      </div>
    </>
  )
}
