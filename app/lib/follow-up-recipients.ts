// Who receives a follow-up (issue 32 Deliver 2, ARCHITECTURE decision 23): the one rule, over the
// facts the database knows about one person of the follow-up's scope. The models compute the facts in
// SQL (app/models/follow-up-recipients.server.ts) and let this module decide — for the count the
// compose page shows, and, through includedFacts(), for the rows frozen when sending starts — so the
// number shown and the people mailed come from the same rule. docs/follow-up.md says it in words.

/** What is known about one person (or one erased capture) of the scope. */
export type RecipientFacts = {
  /** The person was erased: only the erasure record is left (no address to write to). */
  erased: boolean
  /**
   * At least one of their captures in the scope was given to the sender: to the organiser (the
   * workspace) for the owner and admins, to the speaker for a member who sees the sessions they run
   * (app/models/leads.server.ts runnerCondition; issue 23's organiser events decide per capture).
   */
  given: boolean
  /** At least one of those captures is one the plan shows (free: the first leads of a session; unlocked sessions and paid plans: all). */
  visible: boolean
  /**
   * Their consent to this workspace's emails, from the ledger: 'yes' when a capture the sender may
   * see says yes now (its latest ledger row), 'withdrawn' when not and they unsubscribed or withdrew
   * (a withdrawal row in the ledger, or an unsubscribe suppression), otherwise 'no'.
   */
  consent: 'yes' | 'no' | 'withdrawn'
  /** Their address hard-bounced a message of this workspace. */
  bounced: boolean
  /** They marked a message of this workspace as spam. */
  complained: boolean
}

export const LEFT_OUT_REASONS = ['erased', 'not_given', 'locked', 'complained', 'bounced', 'unsubscribed', 'no_consent'] as const
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number]
export type RecipientDecision = 'include' | LeftOutReason

/** How the compose page names each reason (a count follows). */
export const LEFT_OUT_LABELS: Record<LeftOutReason, string> = {
  erased: 'Erased at their request',
  not_given: 'Their details were given to someone else at the event',
  locked: 'Locked on your plan',
  complained: 'Marked an earlier email as spam',
  bounced: 'Their address bounced',
  unsubscribed: 'Unsubscribed',
  no_consent: 'Did not agree to emails',
}

/**
 * Include the person, or the first reason that leaves them out. The order puts first what no consent
 * can overcome (erased, not theirs to mail, locked by the plan), then what the address did
 * (complaint, bounce), then the ledger's answer.
 */
export function decideRecipient(f: RecipientFacts): RecipientDecision {
  if (f.erased) return 'erased'
  if (!f.given) return 'not_given'
  if (!f.visible) return 'locked'
  if (f.complained) return 'complained'
  if (f.bounced) return 'bounced'
  if (f.consent === 'withdrawn') return 'unsubscribed'
  if (f.consent !== 'yes') return 'no_consent'
  return 'include'
}

export type RecipientSummary = { receiving: number; leftOut: Partial<Record<LeftOutReason, number>> }

/** Adds up groups of people who share the same facts (the SQL groups them; this decides each group). */
export function summarise(groups: Iterable<{ facts: RecipientFacts; count: number }>): RecipientSummary {
  const summary: RecipientSummary = { receiving: 0, leftOut: {} }
  for (const { facts, count } of groups) {
    if (count <= 0) continue
    const decision = decideRecipient(facts)
    if (decision === 'include') summary.receiving += count
    else summary.leftOut[decision] = (summary.leftOut[decision] ?? 0) + count
  }
  return summary
}

const CONSENTS = ['yes', 'no', 'withdrawn'] as const

/** Every combination of facts, for turning the rule into SQL without writing it twice. */
export function allFacts(): RecipientFacts[] {
  const out: RecipientFacts[] = []
  const bools = [false, true]
  for (const erased of bools)
    for (const given of bools)
      for (const visible of bools)
        for (const consent of CONSENTS)
          for (const bounced of bools)
            for (const complained of bools) out.push({ erased, given, visible, consent, bounced, complained })
  return out
}

/** The combinations the rule includes: the freeze writes exactly the people whose facts are one of these. */
export function includedFacts(): RecipientFacts[] {
  return allFacts().filter((f) => decideRecipient(f) === 'include')
}
