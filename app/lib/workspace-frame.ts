import type { WorkspaceRole } from './permissions'
import type { NavLinkSpec } from './workspace-nav'

// What the /app layout's loader (app/routes/app.tsx) gives every page of the workspace: the nav, the
// switcher, the ownership offers and the past-due banner read it. A type of its own, in a layer below
// both the route and its components, so the components need not import the route that imports them
// (issue 29 Deliver 5: a type-only import cycle that madge counts).

export type WorkspaceFrame = {
  /** The workspace the page shows, and the person's role in it. */
  current: {
    id: string
    name: string
    /** How it is named to this person (workspaceLabel): "(yours)", or its owner's name beside it. */
    label: string
    personal: boolean
    role: WorkspaceRole
    roleLabel: string
    canManageTeam: boolean
  }
  links: NavLinkSpec[]
  /** Every workspace the person is in (the switcher). */
  workspaces: { id: string; name: string; label: string; personal: boolean; roleLabel: string }[]
  /** Ownership offered to this person and not yet answered, in any of their workspaces. */
  offers: { id: string; name: string }[]
  /**
   * What happened to this person's ownership offers in this workspace (declined, withdrawn), shown
   * until they dismiss it (issue 29 Deliver 4). `link`: where the next step is, if there is one.
   */
  notices: { id: string; text: string; link: { to: string; label: string } | null }[]
  /** A renewal payment failed (issue 22 Deliver 5): shown to the owner and admins only. */
  pastDue: boolean
  /**
   * Why the workspace's follow-ups are paused (issue 32 Deliver 5: too many spam complaints), shown
   * to everyone in it until a site admin lifts the pause; null while it may send.
   */
  sendingPaused: string | null
}

/** The route id of the /app layout, whose loader data is a WorkspaceFrame. */
export const WORKSPACE_FRAME_ROUTE = 'routes/app'
