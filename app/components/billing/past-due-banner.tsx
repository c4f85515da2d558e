import { PAST_DUE_BANNER } from '~/lib/billing'
import { workspaceLink } from '~/lib/permissions'
import { useWorkspaceFrame } from '~/components/workspace/use-workspace-frame'

// A renewal payment failed (issue 22 Deliver 5): the plan stays while Stripe retries the card. The
// /app layout's loader reads it from our table, for the owner and admins only.

export function PastDueBanner() {
  const data = useWorkspaceFrame()
  if (!data?.pastDue) return null
  return (
    <div className="mx-auto mt-4 w-full max-w-6xl px-4">
      <p role="status" className="rounded-md border border-amber-400/60 bg-amber-950/60 px-4 py-3 text-sm text-amber-100">
        {PAST_DUE_BANNER.before}
        {/* The banner is about the workspace on screen: the link opens that one, whatever another tab chose. */}
        <a href={workspaceLink('/app/settings/billing', data.current.id)} className="font-semibold text-white underline">
          {PAST_DUE_BANNER.link}
        </a>
        {PAST_DUE_BANNER.after}
      </p>
    </div>
  )
}
