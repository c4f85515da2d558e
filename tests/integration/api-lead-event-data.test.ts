import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { events } from '~/db/schema/events'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { workspaces } from '~/db/schema/workspaces'
import { eraseCaptures } from '~/models/lead-events.server'
import { leadEventData } from '~/services/api/objects/lead.server'
import { apiClient, keyFor } from './api-calls'
import { eventSignUp, liveEvent } from './event-recipients-utils'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'

// A webhook's data about a person is the object GET /leads/{id} answers (issue 30 Deliver 4), as the
// workspace's own side sees it: captures given to the organiser that the plan shows, nothing else.

describe('leadEventData', () => {
  it('is the GET object of the owner’s key, and null for what may not leave', async () => {
    const fx = await liveEvent('speaker')
    const call = apiClient(await keyFor(fx.workspaceId, fx.owner, ['leads:read', 'leads:write']))
    const speakerOnly = await eventSignUp(fx.speakers.ada)
    expect(await leadEventData(fx.workspaceId, speakerOnly.lead.contactId)).toBeNull()
    await getDb().update(events).set({ recipients: 'organiser' }).where(eq(events.id, fx.event.id))
    const given = await eventSignUp(fx.speakers.grace, { company: 'Navy' })
    await call('POST', `/leads/${given.lead.contactId}/notes`, { body: { body: 'Met at the stand' } })
    const data = await leadEventData(fx.workspaceId, given.lead.contactId)
    expect(data).toEqual((await call('GET', `/leads/${given.lead.contactId}`)).body)
    expect(data).toMatchObject({ company: 'Navy', notes: [{ body: 'Met at the stand' }] })
    // Another workspace's person is none of this one's.
    const other = await createOwner(undefined, { plan: 'pro' })
    expect(await leadEventData(other.id, given.lead.contactId)).toBeNull()
  })

  it('follows the plan gate and erasure', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const { session } = await createLiveSession(owner.id)
    for (let i = 0; i < 3; i++) await signUp(session, { email: attendeeEmail() })
    const locked = attendeeEmail()
    await signUp(session, { email: locked })
    const idOf = async (email: string) =>
      (
        await getDb()
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.ownerId, owner.id), eq(contacts.email, email)))
      )[0]!.id
    const lockedId = await idOf(locked)
    expect(await leadEventData(owner.id, lockedId)).toBeNull()
    await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, owner.id))
    expect((await leadEventData(owner.id, lockedId))!.email).toBe(locked)
    const captures = await getDb().select({ id: leads.id }).from(leads).where(eq(leads.contactId, lockedId))
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: captures.map((c) => c.id) }, 'attendee'))
    expect(await leadEventData(owner.id, lockedId)).toBeNull()
  })
})
