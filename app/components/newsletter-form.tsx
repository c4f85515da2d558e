import type { SubmissionResult } from '@conform-to/react'
import { Form, useFetcher, useLocation, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { ErrorList, FormMessage, Honeypot, Spinner } from '~/components/forms'
import { withoutModalParam } from '~/components/modal'
import { controlProps, serverResult } from '~/components/server-result'
import { useHydrated } from '~/components/use-hydrated'
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS } from '~/lib/shell-copy'

export type NewsletterResult = { ok: true } | { ok: false; result: SubmissionResult<string[]> }

/**
 * The footer newsletter form (spec 000 §3, §4, §8): idle → loading (submit hidden, spinner) →
 * success (form hidden, confirmation shown) or back to idle with the failure alert.
 * With JavaScript it posts in the background; without, the page posts to /newsletter, which
 * redirects back with the confirmation as a flash message (or shows the form again on failure).
 */
export function NewsletterForm({
  mode = 'fetcher',
  actionResult,
}: {
  mode?: 'fetcher' | 'document'
  actionResult?: NewsletterResult
}) {
  const fetcher = useFetcher<NewsletterResult>()
  const navigation = useNavigation()
  const location = useLocation()
  const hydrated = useHydrated()
  const headingId = useId()
  const result = mode === 'fetcher' ? fetcher.data : actionResult
  const formId = `newsletter-${useId().replace(/:/g, '')}`
  const reply = serverResult(result && !result.ok ? result.result : undefined)
  const email = controlProps(formId, 'email', reply)
  const loading =
    mode === 'fetcher'
      ? fetcher.state !== 'idle'
      : navigation.state === 'submitting' && navigation.formAction?.startsWith('/newsletter') === true
  const FormComponent = mode === 'fetcher' ? fetcher.Form : Form
  const returnTo = mode === 'document' ? '/' : withoutModalParam(location.pathname, location.search)

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-200">
        Lead capture tips
      </h2>
      <p className="mt-3 text-sm text-slate-300">
        Proven ideas for turning talks into pipeline, in your inbox. Unsubscribe any time.
      </p>
      {result?.ok && !loading ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-emerald-400/50 bg-emerald-950/70 px-4 py-3 text-sm text-emerald-100"
        >
          {NEWSLETTER_SUCCESS}
        </p>
      ) : (
        <FormComponent
          method="post"
          action="/newsletter"
          id={formId}
          // The server validates and its messages show next to the field (as Conform did).
          noValidate
          className="relative mt-4 flex flex-col gap-3"
        >
          <Honeypot />
          <input type="hidden" name="return_to" value={returnTo} />
          {hydrated && mode === 'fetcher' ? <input type="hidden" name="_js" value="1" /> : null}
          <div>
            <label htmlFor={email.id} className="mb-1 block text-sm font-medium text-slate-200">
              Email address
            </label>
            <input
              {...email}
              type="email"
              required
              autoComplete="email"
              placeholder="you@company.com"
              className="w-full rounded-md border border-white/15 bg-ink-950 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 aria-[invalid=true]:border-red-400"
            />
            <ErrorList id={`${email.id}-error`} errors={reply.errors('email')} />
          </div>
          {loading ? (
            <p className="flex h-10 items-center text-sm text-slate-200">
              <Spinner label="Subscribing..." />
            </p>
          ) : (
            <button
              type="submit"
              className="h-10 rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-500"
            >
              Subscribe
            </button>
          )}
          {result && !result.ok && !loading ? <FormMessage>{NEWSLETTER_FAILURE}</FormMessage> : null}
        </FormComponent>
      )}
    </section>
  )
}
