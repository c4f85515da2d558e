import type { Express } from 'express'
import express from 'express'
import { eq } from 'drizzle-orm'
import { createUserSession } from '../app/auth/session.server'
import { getDb } from '../app/db/client.server'
import { users } from '../app/db/schema'

/**
 * End-to-end test support: creates a signed-in session without the email round trip.
 * Mounted only when NODE_ENV=test AND E2E_TEST_HOOKS=1 (see docs/decisions/0002-e2e-session-hook.md);
 * never in development or production.
 */
export function mountTestHooks(app: Express) {
  app.post('/__e2e/session', express.json(), async (req, res) => {
    const email = String(req.body?.email ?? '').trim().toLowerCase()
    const role = req.body?.role === 'admin' ? 'admin' : 'speaker'
    if (!email.includes('@')) return res.status(400).json({ error: 'email required' })
    const db = getDb()
    await db.insert(users).values({ email, role }).onConflictDoUpdate({ target: users.email, set: { role } })
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
    const cookie = await createUserSession(user!.id)
    res.setHeader('Set-Cookie', cookie)
    res.json({ ok: true, userId: user!.id })
  })
}
