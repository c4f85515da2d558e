import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { requireSpeakerOrAdmin } from '~/auth/guards.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { WorkspaceNav } from '~/components/workspace/workspace'

// The speaker workspace (ARCHITECTURE decision 13). Every child loader and action guards itself
// too: loaders run in parallel, so this one alone would not protect them.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSpeakerOrAdmin(request)
  return null
}

export default function Workspace() {
  return (
    <>
      <WorkspaceNav />
      <div className="mx-auto w-full max-w-6xl px-4 py-10">
        <Outlet />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
