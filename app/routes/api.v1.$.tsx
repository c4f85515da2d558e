import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApiRequest } from '~/services/api/handler.server'

// Everything under /api/v1 (issue 30): the one wrapper answers every method and path, known or not,
// with JSON (never the site's HTML 404), from the operation registry (app/services/api/registry.server.ts).

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApiRequest(request, context.requestId || undefined)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(request, context.requestId || undefined)
}
