import { Form, useFormAction, type FormProps } from '@remix-run/react'
import { forwardRef } from 'react'
import { WORKSPACE_PARAM } from '~/lib/permissions'
import { useWorkspaceFrame } from './use-workspace-frame'

// Every form of the workspace posts to its action with `?workspace=<id>` of the page it was shown on
// (issue 21 Deliver 5): the guard (app/auth/workspace.server.ts) then writes into that workspace even
// if another tab switched the current one since. Works without JavaScript: it is the form's action.

/** The workspace this page shows (the /app layout's loader). */
export function useCurrentWorkspace() {
  return useWorkspaceFrame()?.current ?? null
}

/** The form action (default: this route, as Remix resolves it) carrying the page's workspace. */
export function useWorkspaceAction(action?: string) {
  const resolved = useFormAction(action)
  const workspaceId = useCurrentWorkspace()?.id
  if (!workspaceId) return resolved
  const [path, search = ''] = resolved.split('?')
  const params = new URLSearchParams(search)
  params.set(WORKSPACE_PARAM, workspaceId)
  return `${path}?${params.toString()}`
}

/** Remix's <Form method="post">, bound to the page's workspace. */
export const WorkspaceForm = forwardRef<HTMLFormElement, FormProps>(function WorkspaceForm({ action, ...props }, ref) {
  return <Form ref={ref} {...props} action={useWorkspaceAction(action)} />
})
