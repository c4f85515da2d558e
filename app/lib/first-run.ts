import { z } from 'zod'
import { displayNameRequired } from './speaker-name'
import { workspaceNameField } from './workspace-name'

// The first-run step (issue 29 Deliver 7; docs/speakers.md): before a first session goes live, the
// name attendees will see and, while the person's own workspace is still called by their account
// email, a name for it. One schema, shaped by what the step asks this person.

/** What the step asks: the name when there is none; the workspace's name while an address names it. */
export type FirstRunNeeds = { name: boolean; workspace: boolean }

export const FIRST_RUN_PATH = '/app/name'

// A field the step did not ask (a page shown before the name was given elsewhere) is ignored.
const notAsked = z.string().optional()

export function firstRunNameSchema(needs: FirstRunNeeds) {
  return z.object({
    displayName: needs.name ? displayNameRequired : notAsked,
    // Asked beside the name it is optional (the name names the workspace); asked alone it is needed.
    workspaceName: !needs.workspace ? notAsked : needs.name ? workspaceNameField.optional() : workspaceNameField,
  })
}
