import { useRouteLoaderData } from '@remix-run/react'
import { WORKSPACE_FRAME_ROUTE, type WorkspaceFrame } from '~/lib/workspace-frame'

/** The /app layout's data (app/routes/app.tsx), or undefined outside it (an error page without it). */
export function useWorkspaceFrame(): WorkspaceFrame | undefined {
  return useRouteLoaderData<WorkspaceFrame>(WORKSPACE_FRAME_ROUTE)
}
