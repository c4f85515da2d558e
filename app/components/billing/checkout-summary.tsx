import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { buttonClass, ErrorList, Field, FormMessage, SelectField } from '~/components/forms'
import { useHydrated } from '~/components/use-hydrated'
import {
  catalogueEntry,
  LOOKUP_KEYS,
  lookupKeyFor,
  MAX_SEATS,
  MIN_SEATS,
  priceLine,
  PURCHASE_LABELS,
  type Interval,
} from '~/lib/billing'
import { CHECKOUT_PATH, CHECKOUT_TEXT, seatPlanLabel, type CheckoutPlan } from '~/lib/billing-checkout'
import { CURRENCIES, LAUNCH_OFFER_CODE, LAUNCH_OFFER_PERCENT } from '~/lib/constants'
import { WORKSPACE_PARAM } from '~/lib/permissions'
import { isCurrency, type Currency } from '~/lib/pricing'

// The summary of /billing/checkout: what is bought, for how much, and "Continue to payment". One form:
// without JavaScript "Update price" (a GET of the same page) shows the new price line; with it the
// line follows the choosers as they change.

type Common = {
  action: string
  workspaceId: string
  workspaceName: string
  currency: Currency
  fixedCurrency: Currency | null
  errors: Record<string, string>
  formError: string | null
}

export type CheckoutView =
  | { kind: 'choose' }
  | { kind: 'refused'; message: string; back: { href: string; label: string } }
  | (Common & { kind: 'unlock'; session: { id: string; eventName: string; talkTitle: string } })
  | (Common & { kind: 'plan'; plan: CheckoutPlan; interval: Interval; seats: number; promotionCode: string })

type Buying = Extract<CheckoutView, { kind: 'unlock' | 'plan' }>

export function CheckoutSummary({ view }: { view: Buying }) {
  const hydrated = useHydrated()
  const submitting = useNavigation().state === 'submitting'
  const [choice, setChoice] = useState(() => ({
    currency: view.currency,
    interval: view.kind === 'plan' ? view.interval : ('monthly' as Interval),
    seats: view.kind === 'plan' ? view.seats : 1,
  }))
  const lookupKey = view.kind === 'unlock' ? LOOKUP_KEYS.unlock : lookupKeyFor(view.plan, choice.interval)
  const line = priceLine(catalogueEntry(lookupKey)!, choice.currency, choice.seats)
  const currencyOptions = (view.fixedCurrency ? [view.fixedCurrency] : CURRENCIES).map((c) => ({ value: c, label: c }))
  if (!currencyOptions.some((o) => o.value === view.currency))
    currencyOptions.push({ value: view.currency, label: view.currency })

  return (
    <>
      <h1 className="text-3xl font-bold text-white">{view.kind === 'unlock' ? 'Unlock a session' : 'Checkout'}</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-white/10 bg-ink-900/60 p-6 text-slate-300">
        <dt className="font-medium text-slate-100">Workspace</dt>
        <dd>{view.workspaceName}</dd>
        <dt className="font-medium text-slate-100">{view.kind === 'unlock' ? 'Session' : 'Plan'}</dt>
        <dd>
          {view.kind === 'unlock'
            ? `${view.session.talkTitle} · ${view.session.eventName}: all its leads and analytics, for good`
            : view.plan === 'solo'
              ? `${PURCHASE_LABELS.solo}, monthly`
              : `${seatPlanLabel(choice.seats)}, ${choice.interval === 'annual' ? 'billed annually' : 'billed monthly'}`}
        </dd>
        <dt className="font-medium text-slate-100">Price</dt>
        <dd data-testid="price-line">{line ?? '—'}</dd>
      </dl>
      <p className="mt-2 text-sm text-slate-400">Tax is added at payment where it applies; companies can enter a tax ID there.</p>

      <Form
        method="post"
        action={view.action}
        className="mt-6 grid gap-4"
        onChange={(e) => {
          const form = new FormData(e.currentTarget)
          const currency = form.get('currency')
          setChoice({
            currency: isCurrency(currency) ? currency : choice.currency,
            interval: form.get('interval') === 'annual' ? 'annual' : 'monthly',
            seats: Number(form.get('seats') ?? 1) || 1,
          })
        }}
      >
        {/* A GET of this page ("Update price") keeps the workspace and what is bought. */}
        <input type="hidden" name={WORKSPACE_PARAM} value={view.workspaceId} />
        {view.kind === 'unlock' ? (
          <>
            <input type="hidden" name="kind" value="unlock" />
            <input type="hidden" name="sessionId" value={view.session.id} />
          </>
        ) : (
          <input type="hidden" name="plan" value={view.plan} />
        )}
        {view.formError ? <FormMessage>{view.formError}</FormMessage> : null}
        {view.kind === 'plan' && view.plan === 'pro' ? (
          <>
            <SelectField
              label="Billing"
              selectProps={{ name: 'interval', defaultValue: view.interval }}
              options={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'annual', label: 'Annual (Save 20%)' },
              ]}
              errors={view.errors.interval ? [view.errors.interval] : undefined}
            />
            <div>
              <SelectField
                label="Seats"
                selectProps={{ name: 'seats', defaultValue: String(view.seats) }}
                options={Array.from({ length: MAX_SEATS - MIN_SEATS + 1 }, (_, i) => {
                  const n = MIN_SEATS + i
                  return { value: String(n), label: seatPlanLabel(n) }
                })}
                errors={view.errors.seats ? [view.errors.seats] : undefined}
              />
              <p className="mt-1 text-xs text-slate-400">{CHECKOUT_TEXT.seatFacts}</p>
            </div>
          </>
        ) : null}
        <div>
          <SelectField
            label="Currency"
            selectProps={{ name: 'currency', defaultValue: view.currency }}
            options={currencyOptions}
            errors={view.errors.currency ? [view.errors.currency] : undefined}
          />
          {view.fixedCurrency ? (
            <p className="mt-1 text-xs text-slate-400">
              This workspace pays in {view.fixedCurrency}: its first purchase fixed the currency.
            </p>
          ) : null}
        </div>
        {view.kind === 'plan' ? (
          <Field
            label="Promotion code (optional)"
            hint={`${LAUNCH_OFFER_CODE} gives ${LAUNCH_OFFER_PERCENT}% off annual Professional / Teams while the launch offer lasts.`}
            inputProps={{ name: 'promotionCode', defaultValue: view.promotionCode, autoComplete: 'off', maxLength: 64 }}
            errors={view.errors.promotionCode ? [view.errors.promotionCode] : undefined}
          />
        ) : (
          <ErrorList errors={view.errors.sessionId ? [view.errors.sessionId] : undefined} />
        )}
        <div className="flex flex-wrap gap-3">
          {hydrated ? null : (
            <button type="submit" formMethod="get" formAction={CHECKOUT_PATH} className={buttonClass.secondary}>
              Update price
            </button>
          )}
          <button type="submit" className={buttonClass.primary} disabled={submitting}>
            Continue to payment
          </button>
        </div>
        <p className="text-sm text-slate-400">You pay on Stripe’s secure page and come straight back here.</p>
      </Form>
    </>
  )
}
