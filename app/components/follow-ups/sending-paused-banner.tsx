import { useWorkspaceFrame } from '~/components/workspace/use-workspace-frame'

// A workspace whose follow-ups are paused for spam complaints (issue 32 Deliver 5; docs/follow-up.md
// "Deliverability rules"): the reason, on every page of the workspace, until a site admin lifts it.

export function SendingPausedBanner() {
  const reason = useWorkspaceFrame()?.sendingPaused
  if (!reason) return null
  return (
    <div className="mx-auto mt-4 w-full max-w-6xl px-4">
      <p role="status" className="rounded-md border border-amber-400/60 bg-amber-950/60 px-4 py-3 text-sm text-amber-100">
        {reason}
      </p>
    </div>
  )
}
