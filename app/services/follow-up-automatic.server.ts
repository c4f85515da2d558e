import { AUTO_DELAY_DEFAULT, autoPhase, autoSentence } from '~/lib/follow-up-automatic'
import type { Scope } from '~/lib/permissions'
import {
  automaticCandidates,
  automaticSession,
  getAutomaticFollowUp,
  dueOf,
  freezeLateSignUps,
  markFirstSendDue,
  nextFirstSends,
  wakeAutomaticAt,
} from '~/models/follow-up-automatic.server'
import { startFollowUp } from '~/models/follow-up-sending.server'
import { senderFrom } from './follow-up-send.server'

// The `follow_up.automatic` sweep (issue 32 Deliver 7; docs/follow-up.md "Automatic follow-up"): for
// each automatic follow-up turned on and not paused, the first send when its session's end + delay
// has come (the ordinary start: the recipients rule's freeze, batches of ≤ 100, audit), and after it
// the later sign-ups whose delay has passed. It runs hourly and is woken at the next moment something
// becomes due (turning on, resuming, a session's time changing, the next later sign-up). Running it
// twice, or again after a crash, sends nobody a second copy: startFollowUp starts a follow-up once, and
// each person is one unique recipient row.

export async function runAutomaticSweep(now = new Date()) {
  let started = 0
  let frozen = 0
  const wake: Date[] = []
  for (const candidate of await automaticCandidates(now)) {
    const { due, firstAt } = dueOf(candidate, now)
    if (due === 'first') {
      await markFirstSendDue(candidate.id, firstAt)
      const result = await startFollowUp(candidate.id, { actor: null, from: (f) => senderFrom(f), due: now })
      if (result === 'started') started++
    } else if (due === 'late') {
      const late = await freezeLateSignUps(candidate.id, now)
      frozen += late.frozen
      if (late.nextDueAt) wake.push(late.nextDueAt)
    }
  }
  const [nextFirst] = await nextFirstSends(now)
  if (nextFirst) wake.push(nextFirst)
  // The earliest moment is enough: that run computes the next one.
  const earliest = wake.sort((a, b) => a.getTime() - b.getTime())[0]
  if (earliest) await wakeAutomaticAt([earliest])
  return { started, frozen, nextAt: earliest?.toISOString() ?? null }
}

/**
 * What a session's page says of its automatic follow-up: null when the scope does not open the
 * session for follow-ups; otherwise whether one is written and its state in words.
 */
export async function automaticEntry(scope: Scope, sessionId: string, now = new Date()) {
  const session = await automaticSession(scope, sessionId)
  if (!session) return null
  const followUp = await getAutomaticFollowUp(scope, session.id)
  if (!followUp)
    return { written: false as const, sentence: 'None yet: write it once and it goes out by itself after the session.' }
  const delayHours = followUp.delayHours ?? AUTO_DELAY_DEFAULT
  return { written: true as const, phase: autoPhase(followUp), sentence: autoSentence({ ...followUp, delayHours }, session, now) }
}
