import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { getConfig, type Config } from '~/config.server'
import { getDb, type Db } from '~/db/client.server'
import { emailOutbox } from '~/db/schema'

export type Email = { to: string; subject: string; html: string; text: string; replyTo?: string }
type Executor = Pick<Db, 'insert'>

/**
 * Queues an email. Pass the transaction that writes the record causing the email,
 * so both land together or neither does. The worker delivers it.
 */
export async function enqueueEmail(email: Email, tx: Executor = getDb()) {
  const [row] = await tx
    .insert(emailOutbox)
    .values({ to: email.to, subject: email.subject, html: email.html, text: email.text, replyTo: email.replyTo ?? null })
    .returning({ id: emailOutbox.id })
  queueMicrotask(() => activeWorker?.kick())
  return row!.id
}

export type Transport = {
  name: string
  send: (email: Email & { id: string; from: string }) => Promise<{ providerId?: string }>
}

export function createTransport(config: Config = getConfig()): Transport {
  if (!config.RESEND_API_KEY) {
    return {
      name: 'dev-mailbox',
      async send(email) {
        // No provider configured: the message stays readable at /dev/mailbox and in the log.
        console.info(`[dev-mailbox] to ${email.to}: ${email.subject}\n${email.text}\n`)
        return {}
      },
    }
  }
  const apiKey = config.RESEND_API_KEY
  return {
    name: 'resend',
    async send(email) {
      const { Resend } = await import('resend')
      const resend = new Resend(apiKey)
      const { data, error } = await resend.emails.send(
        {
          from: email.from,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          replyTo: email.replyTo,
        },
        // The outbox id makes a retry after a lost answer a no-op at the provider.
        { idempotencyKey: `outbox-${email.id}` },
      )
      if (error) throw new Error(`${error.name}: ${error.message}`)
      return { providerId: data?.id }
    },
  }
}

export type WorkerOptions = {
  transport?: Transport
  pollMs?: number
  baseDelayMs?: number
  maxDelayMs?: number
  maxAttempts?: number
  claimMs?: number
}

/** Exponential backoff with jitter: base × 2^(attempt-1), capped. */
export function backoffMs(attempt: number, baseDelayMs: number, maxDelayMs: number) {
  const exp = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exp * (0.8 + Math.random() * 0.4))
}

let activeWorker: OutboxWorker | undefined

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private again = false
  private readonly transport: Transport
  private readonly options: Required<Omit<WorkerOptions, 'transport'>>

  constructor(options: WorkerOptions = {}) {
    this.transport = options.transport ?? createTransport()
    this.options = {
      pollMs: options.pollMs ?? 5_000,
      baseDelayMs: options.baseDelayMs ?? 5_000,
      maxDelayMs: options.maxDelayMs ?? 60 * 60 * 1000,
      maxAttempts: options.maxAttempts ?? 10,
      claimMs: options.claimMs ?? 60_000,
    }
  }

  start() {
    // One worker per process; enqueueEmail() kicks it so new mail goes out at once.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    activeWorker = this
    this.schedule(0)
    return this
  }

  /** Something was queued: deliver now rather than at the next poll. */
  kick() {
    if (this.stopped) return
    if (this.running) this.again = true
    else this.schedule(0)
  }

  async stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (activeWorker === this) activeWorker = undefined
    await this.running
  }

  private schedule(ms: number) {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.running = this.tick()
    }, ms)
    this.timer.unref?.()
  }

  private async tick() {
    let next = this.options.pollMs
    try {
      await this.drain()
      next = await this.msUntilNextDue()
    } catch (error) {
      if (!this.stopped) console.error('Outbox worker failed', error)
    } finally {
      this.running = undefined
    }
    if (this.again) next = 0
    this.again = false
    this.schedule(next)
  }

  private async msUntilNextDue() {
    const [row] = await getDb()
      .select({ due: sql<Date | string | null>`min(${emailOutbox.nextAttemptAt})` })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'))
    if (!row?.due) return this.options.pollMs
    const wait = new Date(row.due).getTime() - Date.now()
    return Math.max(0, Math.min(this.options.pollMs, wait))
  }

  /** Delivers every message that is due; returns how many were attempted. */
  async drain(): Promise<number> {
    let total = 0
    for (;;) {
      if (this.stopped) return total
      const batch = await this.claim()
      if (batch.length === 0) return total
      total += batch.length
      for (const message of batch) await this.deliver(message)
    }
  }

  private async claim() {
    const now = new Date()
    const db = getDb()
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, now),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(emailOutbox.createdAt))
      .limit(10)
      .for('update', { skipLocked: true })
    return db
      .update(emailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + this.options.claimMs), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due))
      .returning()
  }

  private async deliver(message: typeof emailOutbox.$inferSelect) {
    const db = getDb()
    try {
      const { providerId } = await this.transport.send({
        id: message.id,
        from: getConfig().MAIL_FROM,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        replyTo: message.replyTo ?? undefined,
      })
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          lockedUntil: null,
          lastError: null,
          transport: this.transport.name,
          providerId: providerId ?? null,
        })
        .where(eq(emailOutbox.id, message.id))
    } catch (error) {
      const failed = message.attempts >= this.options.maxAttempts
      const delay = backoffMs(message.attempts, this.options.baseDelayMs, this.options.maxDelayMs)
      await db
        .update(emailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(eq(emailOutbox.id, message.id))
    }
  }
}

/** The dev mailbox: messages "delivered" without a provider. */
export async function listDevMailbox(limit = 50) {
  return getDb()
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      status: emailOutbox.status,
    })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.transport, 'dev-mailbox'), and(isNull(emailOutbox.transport), eq(emailOutbox.status, 'pending'))))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit)
}

export async function getDevMailboxMessage(id: string) {
  const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1)
  return row ?? null
}
