import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { paymentFailedEmail } from '~/emails/billing'
import { enqueueEmail } from '~/jobs/email.server'
import { fromMinor } from '~/lib/billing'
import { workspaceLink } from '~/lib/permissions'
import { formatPrice, isCurrency } from '~/lib/pricing'
import { recordBillingNotice, workspaceOwner } from '~/models/billing.server'
import type { Stripe } from '~/platform/stripe.server'

/** Tells the owner once per invoice that a payment failed (a redelivered event sends nothing). */
export async function notifyPaymentFailed(workspaceId: string, invoice: Pick<Stripe.Invoice, 'id' | 'amount_due' | 'currency'>) {
  const owner = await workspaceOwner(workspaceId)
  if (!owner) return false
  const currency = invoice.currency?.toUpperCase()
  const amount = isCurrency(currency)
    ? formatPrice(fromMinor(invoice.amount_due), currency)
    : `${fromMinor(invoice.amount_due)} ${currency ?? ''}`.trim()
  const config = getConfig()
  return getDb().transaction(async (tx) => {
    if (!(await recordBillingNotice(`payment_failed:${invoice.id}`, workspaceId, tx))) return false
    await enqueueEmail(
      paymentFailedEmail({
        to: owner.email,
        brand: config.BRAND_NAME,
        workspaceName: owner.name,
        amount,
        billingUrl: `${config.appUrl}${workspaceLink('/app/settings/billing', workspaceId)}`,
      }),
      tx,
    )
    return true
  })
}
