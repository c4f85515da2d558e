import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { currentWorkspaceCookie } from '~/auth/workspace.server'
import { getDb } from '~/db/client.server'
import { feedbackResponses } from '~/db/schema/feedback'
import { followUps } from '~/db/schema/follow-ups'
import { webhookDeliveries } from '~/db/schema/integrations'
import { leads } from '~/db/schema/leads'
import { contactNotes, contacts, leadEvents, segments } from '~/db/schema/people'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { WorkspaceRole } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { saveCrmConnection } from '~/models/crm.server'
import { createSession } from '~/models/talk-sessions.server'
import { createTalk } from '~/models/talks.server'
import { createEndpoint, newDeliveryId } from '~/models/webhooks.server'
import { sessionInput } from './app-utils'
import { addProgramme, makeEvent } from './event-fixtures'
import { createUser, sessionCookie } from './utils'

// Two workspaces with one of everything (issue 21 Deliver 8), for the isolation crawl and the
// two-tabs test. A: a team workspace with an owner and a member, each running a session of one talk,
// people seen at the owner's session only, at the member's only, and at both. B: another owner's
// personal workspace with the same kinds of things. Every text of B is unique, so a response that
// leaks B's data shows it.

export type Person = { id: string; email: string; noteId: string }
export type Workspace = {
  id: string
  /** The owner's user id (a member of the workspace: /app/team/members/{userId}). */
  ownerUserId: string
  talkId: string
  sessions: { owner: string; member?: string }
  people: { ownerOnly: Person; memberOnly?: Person; shared?: Person }
  eventNames: { owner: string; member?: string }
  segmentId: string
  /** An event of the workspace (issue 23; a workspace on any plan can hold one made before). */
  eventId: string
  webhookId: string
  deliveryId: string
  /** A roster speaker with a session at that event. */
  eventSpeakerId: string
  /** A draft follow-up (issue 32) written by the owner to the owner's session's people. */
  followUpId: string
  /** A feedback answer (issue 33) at the owner's session, its quote permitted and awaiting approval. */
  feedbackId: string
}

/** The owner's draft follow-up to their session and one feedback answer there with a permitted quote. */
async function followUpAndFeedback(workspaceId: string, ownerUserId: string, sessionId: string, tag: string) {
  const db = getDb()
  const [followUp] = await db
    .insert(followUps)
    .values({ ownerId: workspaceId, createdBy: ownerUserId, source: 'session', sourceId: sessionId, subject: `Follow-up ${tag}` })
    .returning({ id: followUps.id })
  const [feedback] = await db
    .insert(feedbackResponses)
    .values({
      sessionId,
      ownerId: workspaceId,
      browserKeyHash: randomBytes(32).toString('hex'),
      rating: 5,
      followUp: `Feedback ${tag}`,
      testimonialPermission: true,
      testimonialNameParts: ['name'],
    })
    .returning({ id: feedbackResponses.id })
  return { followUpId: followUp!.id, feedbackId: feedback!.id }
}

/** A person captured at these sessions (one capture each, with its timeline entry) and a note. */
async function person(workspaceId: string, authorId: string, tag: string, sessionIds: string[]): Promise<Person> {
  const email = `${tag}-${randomBytes(3).toString('hex')}@example.com`
  const db = getDb()
  const [contact] = await db
    .insert(contacts)
    .values({ ownerId: workspaceId, email, firstName: `Name ${tag}` })
    .returning({ id: contacts.id })
  for (const sessionId of sessionIds) {
    const [lead] = await db
      .insert(leads)
      .values({
        sessionId,
        ownerId: workspaceId,
        contactId: contact!.id,
        email,
        firstName: `Name ${tag}`,
        company: `Company ${tag}`,
        eraseTokenHash: randomBytes(16).toString('hex'),
      })
      .returning({ id: leads.id })
    await db
      .insert(leadEvents)
      .values({ ownerId: workspaceId, contactId: contact!.id, leadId: lead!.id, type: 'captured', data: { sessionId } })
  }
  const [note] = await db
    .insert(contactNotes)
    .values({ contactId: contact!.id, ownerId: workspaceId, authorId, body: `Note about ${tag}` })
    .returning({ id: contactNotes.id })
  return { id: contact!.id, email, noteId: note!.id }
}

async function webhookWithDelivery(workspaceId: string, contactId: string, tag: string) {
  const webhookId = await createEndpoint(
    workspaceId,
    {
      url: `https://hooks-${tag}.example.com/in`,
      description: '',
      events: ['lead.created'],
    },
    null,
  )
  const deliveryId = newDeliveryId()
  await getDb()
    .insert(webhookDeliveries)
    .values({
      id: deliveryId,
      endpointId: webhookId!,
      ownerId: workspaceId,
      contactId,
      eventType: 'lead.created',
      payload: { type: 'lead.created', data: { tag } },
      status: 'failed',
    })
  return { webhookId: webhookId!, deliveryId }
}

async function addMember(workspaceId: string, userId: string, role: WorkspaceRole) {
  await getDb().insert(workspaceMembers).values({ workspaceId, userId, role })
}

/** A roster speaker with a session at the event, made by the import's own autogeneration. */
async function speakerAt(event: Awaited<ReturnType<typeof makeEvent>>, actorId: string, tag: string) {
  const speaker = await addProgramme(event, actorId, {
    email: `speaker-${tag}@example.com`,
    name: `Speaker ${tag}`,
    jobTitle: '',
    company: '',
    bio: '',
    talkTitle: `Event talk ${tag}`,
    talkDescription: '',
    startsAt: new Date('2027-03-10T09:00:00Z'),
    durationMinutes: 30,
    roomId: null,
  })
  return speaker.speakerId
}

/** A signed-in person's Cookie header with this workspace as the current one (as the switcher leaves it). */
export async function cookieFor(userId: string, workspaceId: string) {
  const current = (await currentWorkspaceCookie(workspaceId)).split(';')[0]!
  return `${await sessionCookie(userId)}; ${current}`
}

export async function twoWorkspaces(plan: Plan = 'teams') {
  const suffix = randomBytes(3).toString('hex')
  const ownerA = await createUser(`owner-a-${suffix}@example.com`)
  const memberA = await createUser(`member-a-${suffix}@example.com`)
  const ownerB = await createUser(`owner-b-${suffix}@example.com`)
  const db = getDb()

  const [team] = await db
    .insert(workspaces)
    .values({ name: `Team A ${suffix}`, plan })
    .returning({ id: workspaces.id })
  const a = team!.id
  await addMember(a, ownerA.id, 'owner')
  await addMember(a, memberA.id, 'member')
  const talkA = await createTalk({ ownerId: a, userId: ownerA.id }, { title: 'Shared talk of A', abstract: '', tag: '' })
  const ownerEventA = `A owner event ${suffix}`
  const memberEventA = `A member event ${suffix}`
  const ownersSession = await createSession({ ownerId: a, userId: ownerA.id }, sessionInput(talkA.id, { eventName: ownerEventA }))
  const membersSession = await createSession(
    { ownerId: a, userId: memberA.id },
    sessionInput(talkA.id, { eventName: memberEventA }),
  )
  const ownerOnly = await person(a, ownerA.id, `a-owner-only-${suffix}`, [ownersSession!.id])
  const memberOnly = await person(a, memberA.id, `a-member-only-${suffix}`, [membersSession!.id])
  const shared = await person(a, ownerA.id, `a-shared-${suffix}`, [ownersSession!.id, membersSession!.id])
  const [segmentA] = await db
    .insert(segments)
    .values({ ownerId: a, name: 'A segment', query: 'tag=vip' })
    .returning({ id: segments.id })
  const hookA = await webhookWithDelivery(a, ownerOnly.id, `a-${suffix}`)
  const eventA = await makeEvent(a)
  await saveCrmConnection(a, `pat-a-${suffix}-token`, null)

  // B: the other owner's personal workspace (its id is the owner's).
  const b = ownerB.id
  await db.update(workspaces).set({ plan }).where(eq(workspaces.id, b))
  const talkB = await createTalk({ ownerId: b, userId: b }, { title: `B secret talk ${suffix}`, abstract: '', tag: '' })
  const eventB = `B secret event ${suffix}`
  const sessionB = await createSession({ ownerId: b, userId: b }, sessionInput(talkB.id, { eventName: eventB }))
  const personB = await person(b, b, `b-secret-${suffix}`, [sessionB!.id])
  const [segmentB] = await db
    .insert(segments)
    .values({ ownerId: b, name: `B secret segment ${suffix}`, query: 'tag=vip' })
    .returning({ id: segments.id })
  const hookB = await webhookWithDelivery(b, personB.id, `b-secret-${suffix}`)
  const eventOfB = await makeEvent(b)
  await saveCrmConnection(b, `pat-b-${suffix}-token`, null)

  const eventSpeakerA = await speakerAt(eventA, ownerA.id, `a-${suffix}`)
  const eventSpeakerB = await speakerAt(eventOfB, b, `b-secret-${suffix}`)
  const A: Workspace = {
    id: a,
    ownerUserId: ownerA.id,
    talkId: talkA.id,
    sessions: { owner: ownersSession!.id, member: membersSession!.id },
    people: { ownerOnly, memberOnly, shared },
    eventNames: { owner: ownerEventA, member: memberEventA },
    segmentId: segmentA!.id,
    eventId: eventA.id,
    ...hookA,
    eventSpeakerId: eventSpeakerA,
    ...(await followUpAndFeedback(a, ownerA.id, ownersSession!.id, `a-${suffix}`)),
  }
  const B: Workspace = {
    id: b,
    ownerUserId: b,
    talkId: talkB.id,
    sessions: { owner: sessionB!.id },
    people: { ownerOnly: personB },
    eventNames: { owner: eventB },
    segmentId: segmentB!.id,
    eventId: eventOfB.id,
    ...hookB,
    eventSpeakerId: eventSpeakerB,
    ...(await followUpAndFeedback(b, b, sessionB!.id, `b-secret-${suffix}`)),
  }
  /** Texts only B holds: none may appear in an answer to A's people. */
  const secretsOfB = [
    personB.email,
    eventB,
    `B secret talk ${suffix}`,
    `B secret segment ${suffix}`,
    `hooks-b-secret-${suffix}`,
    eventOfB.name,
    `Speaker b-secret-${suffix}`,
    `Follow-up b-secret-${suffix}`,
    `Feedback b-secret-${suffix}`,
  ]
  return {
    A,
    B,
    secretsOfB,
    users: { ownerA, memberA, ownerB },
    cookies: {
      ownerA: await cookieFor(ownerA.id, a),
      memberA: await cookieFor(memberA.id, a),
      ownerB: await cookieFor(ownerB.id, b),
    },
  }
}
