import type { MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { shellMeta } from '~/components/layout/meta'

// Every URL no other route matches: a real 404 inside the layout.

export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export async function action() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Page not found', "The page you're looking for doesn't exist or has moved.")

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
