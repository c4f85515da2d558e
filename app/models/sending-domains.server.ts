import { and, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { sendingDomains, type SendingDomainRecord } from '~/db/schema/mail-provider'
import { workspaces } from '~/db/schema/workspaces'
import { hasSendingDomain, isPlan } from '~/lib/plans'
import { recordAudit, type AuditActor } from './audit.server'

// A workspace's own sending domain (issue 32 Deliver 6; docs/follow-up.md "Sending domains"): the
// rows only. Resend's Domains API is called by app/services/sending-domains.server.ts, which stores
// its answers here. Every read and write names the workspace in its WHERE clause.

export type SendingDomain = {
  fromAddress: string
  domain: string
  resendDomainId: string
  status: string
  records: SendingDomainRecord[]
  checkedAt: Date | null
  createdAt: Date
}

const columns = {
  fromAddress: sendingDomains.fromAddress,
  domain: sendingDomains.domain,
  resendDomainId: sendingDomains.resendDomainId,
  status: sendingDomains.status,
  records: sendingDomains.records,
  checkedAt: sendingDomains.checkedAt,
  createdAt: sendingDomains.createdAt,
}

export async function getSendingDomain(workspaceId: string): Promise<SendingDomain | null> {
  const [row] = await getDb().select(columns).from(sendingDomains).where(eq(sendingDomains.workspaceId, workspaceId)).limit(1)
  return row ?? null
}

/**
 * The address follow-ups of this workspace go out from: its own, once Resend verified the domain and
 * while its plan includes a sending domain; otherwise null (the default "{name} via Lectern" sender).
 */
export async function verifiedSendingAddress(workspaceId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ fromAddress: sendingDomains.fromAddress, plan: workspaces.plan })
    .from(sendingDomains)
    .innerJoin(workspaces, eq(workspaces.id, sendingDomains.workspaceId))
    .where(and(eq(sendingDomains.workspaceId, workspaceId), eq(sendingDomains.status, 'verified')))
    .limit(1)
  if (!row || !isPlan(row.plan) || !hasSendingDomain(row.plan)) return null
  return row.fromAddress
}

export type NewSendingDomain = Pick<SendingDomain, 'fromAddress' | 'domain' | 'resendDomainId' | 'status' | 'records'>

/** Stores a domain Resend registered (audited in the same transaction); false when one is there already. */
export async function insertSendingDomain(workspaceId: string, domain: NewSendingDomain, actor: AuditActor) {
  return getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(sendingDomains)
      .values({ workspaceId, ...domain, createdBy: actor.id })
      .onConflictDoNothing()
      .returning({ workspaceId: sendingDomains.workspaceId })
    if (!inserted.length) return false
    await recordAudit(
      { workspaceId, actor, kind: 'sending_domain.added', subject: domain.domain, data: { fromAddress: domain.fromAddress } },
      tx,
    )
    return true
  })
}

/** Resend's latest word on the domain (the Check button). */
export async function updateSendingDomainStatus(
  workspaceId: string,
  resendDomainId: string,
  answer: { status: string; records: SendingDomainRecord[] },
  now = new Date(),
) {
  await getDb()
    .update(sendingDomains)
    .set({ status: answer.status, records: answer.records, checkedAt: now, updatedAt: now })
    .where(and(eq(sendingDomains.workspaceId, workspaceId), eq(sendingDomains.resendDomainId, resendDomainId)))
}

/** Removes the domain (audited); false when the workspace had none with that id. */
export async function deleteSendingDomain(workspaceId: string, resendDomainId: string, actor: AuditActor) {
  return getDb().transaction(async (tx) => {
    const [gone] = await tx
      .delete(sendingDomains)
      .where(and(eq(sendingDomains.workspaceId, workspaceId), eq(sendingDomains.resendDomainId, resendDomainId)))
      .returning({ domain: sendingDomains.domain, fromAddress: sendingDomains.fromAddress })
    if (!gone) return false
    await recordAudit(
      { workspaceId, actor, kind: 'sending_domain.removed', subject: gone.domain, data: { fromAddress: gone.fromAddress } },
      tx,
    )
    return true
  })
}
