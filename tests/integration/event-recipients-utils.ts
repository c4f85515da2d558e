import { eq, inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '~/db/client.server'
import { leadConsents, leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers } from '~/db/schema/workspaces'
import type { EventRecipients } from '~/lib/events'
import type { WorkspaceRole } from '~/lib/permissions'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action } from '~/routes/t.$code'
import { organiserWithEvent } from './event-fixtures'
import { attendeeEmail } from './lead-capture-utils'
import { call, createUser, makeRequest } from './utils'

// Issue 23 Deliver 5's tests: an organiser's event with its two sessions live, and an attendee's
// sign-up through the real attendee page (the box sharing the details with the speaker is the form
// field `share_speaker`).

export async function liveEvent(recipients: EventRecipients) {
  const fx = await organiserWithEvent({ recipients })
  const ids = [fx.speakers.ada.sessionId, fx.speakers.grace.sessionId]
  await getDb().update(talkSessions).set({ status: 'live', wentLiveAt: new Date() }).where(inArray(talkSessions.id, ids))
  return { ...fx, workspaceName: `DevConf ${fx.suffix}` }
}

export async function eventSignUp(session: { code: string; sessionId: string }, extra: Record<string, string> = {}) {
  const email = extra.email ?? attendeeEmail()
  const submission = issueSubmissionToken(session.sessionId)
  const form = { submission, first_name: 'Grace', email, ...extra }
  const res = (await call(action, makeRequest(`/t/${session.code}`, { form }), { code: session.code })) as Response
  expect(res.status).toBe(303)
  const [lead] = await getDb().select().from(leads).where(eq(leads.email, email))
  const consents = await getDb().select().from(leadConsents).where(eq(leadConsents.leadId, lead!.id)).orderBy(leadConsents.id)
  return { email, lead: lead!, consents, location: res.headers.get('Location')! }
}

export async function addMember(workspaceId: string, role: WorkspaceRole) {
  const user = await createUser(`${role}-${attendeeEmail()}`)
  await getDb().insert(workspaceMembers).values({ workspaceId, userId: user.id, role })
  return user
}
