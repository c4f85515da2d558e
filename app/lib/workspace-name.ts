import { z } from 'zod'

// A workspace's name, as creating and renaming one take it (issue 21; docs/teams.md).

export const WORKSPACE_NAME_MAX = 80

export const WorkspaceNameSchema = z.object({
  name: z
    .string({ error: 'Enter a name for the workspace' })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(
      // Conform reads an empty string as missing, here too.
      z
        .string({ error: 'Enter a name for the workspace' })
        .min(1, { error: 'Enter a name for the workspace' })
        .max(WORKSPACE_NAME_MAX, { error: `Use ${WORKSPACE_NAME_MAX} characters or fewer` }),
    ),
})

/** Deleting a team workspace asks for its name, typed (docs/teams.md). */
export const DELETE_CONFIRM = 'Type the workspace’s name to confirm'
