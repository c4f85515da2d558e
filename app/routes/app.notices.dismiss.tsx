import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireWorkspace } from '~/auth/workspace.server'
import { safeReturnTo } from '~/lib/url'
import { dismissNotice } from '~/models/workspace-notices.server'
import { readForm } from '~/services/request-body.server'

// Dismisses one of the person's notices in the workspace the page showed (WorkspaceNotices; issue 29
// Deliver 4), then goes back to that page. A resource route: its answers are real Responses.

const DismissSchema = z.object({ id: z.uuid(), returnTo: z.string().optional() })

// A GET changes nothing (mail scanners, a typed address): only the form's POST dismisses. Guarded
// as the action is, so a visitor is sent to sign in and an event's speaker meets the 404 wall.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspace(request, 'team.view')
  return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: ActionFunctionArgs) {
  // The notices are the team's (ownership offers); an event's speaker has none, and meets the 404
  // wall here as on the team's other pages.
  const scope = await requireWorkspace(request, 'team.view')
  const parsed = DismissSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return new Response('This notice does not exist.', { status: 400 })
  // Dismissing twice (a second click, another tab) is no error: the notice is gone either way, and
  // another person's id matches nothing (the WHERE clause has the person and the workspace).
  await dismissNotice(scope.ownerId, scope.userId, parsed.data.id)
  return redirect(safeReturnTo(parsed.data.returnTo, '/app'))
}
