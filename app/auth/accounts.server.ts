import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'

// The account rows sign-in needs: find by address, create on first sign-in.

export async function findUserByEmail(email: string) {
  const [row] = await getDb()
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
  return row ?? null
}

/** The account for this address, created as a speaker if it does not exist yet (race-safe). */
export async function findOrCreateUser(email: string) {
  await getDb().insert(users).values({ email, role: 'speaker' }).onConflictDoNothing({ target: users.email })
  const user = await findUserByEmail(email)
  if (!user) throw new Error('The account could not be created')
  return user
}
