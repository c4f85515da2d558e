import { z } from 'zod'
import { isEmailAddress, NAME_NOT_ADDRESS } from './public-name'

// A workspace's name, as creating and renaming one take it (issue 21; docs/teams.md). An event's
// attendees read it as the organiser's name, so it is a name, never an email address (issue 29).

export const WORKSPACE_NAME_MAX = 80
const ENTER_NAME = 'Enter a name for the workspace'

/** The name field: spaces collapsed, 1–80 characters, not an email address. */
export const workspaceNameField = z
  .string({ error: ENTER_NAME })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    // Conform reads an empty string as missing, here too.
    z
      .string({ error: ENTER_NAME })
      .min(1, { error: ENTER_NAME })
      .max(WORKSPACE_NAME_MAX, { error: `Use ${WORKSPACE_NAME_MAX} characters or fewer` })
      .refine((v) => !isEmailAddress(v), { error: NAME_NOT_ADDRESS }),
  )

export const WorkspaceNameSchema = z.object({ name: workspaceNameField })

/** Deleting a team workspace asks for its name, typed (docs/teams.md). */
export const DELETE_CONFIRM = 'Type the workspace’s name to confirm'
