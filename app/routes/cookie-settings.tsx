import { getFormProps } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { getConfig } from '~/config.server'
import { safeReturnTo } from '~/lib/url'
import { consentCookieHeader, readConsent } from '~/services/consent.server'
import { redirectWithToast } from '~/services/toast.server'
import { readForm } from '~/services/request-body.server'

// /cookie-settings: the real consent form for optional third-party widgets (the spec's "preferences
// are loading" placeholder is superseded). Remembered in the lectern-consent cookie; no JavaScript needed.

const ConsentSchema = z.object({
  widgets: z.literal('on').optional(),
  return_to: z.string().optional(),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const config = getConfig()
  const widgets = [
    config.CHAT_WIDGET_URL ? 'the live-chat widget' : null,
    config.DEMO_VIDEO_URL ? 'the demo video player' : null,
    config.AFFILIATE_WIDGET_URL ? 'the affiliate programme widget' : null,
  ].filter((w): w is string => Boolean(w))
  return { consent: readConsent(request), widgets }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ConsentSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const allowed = submission.value.widgets === 'on'
  return redirectWithToast(
    safeReturnTo(submission.value.return_to, '/cookie-settings'),
    { type: 'success', description: allowed ? 'Saved: optional widgets may load.' : 'Saved: optional widgets will not load.' },
    { headers: { 'Set-Cookie': consentCookieHeader(allowed) } },
  )
}

export default function CookieSettings() {
  const { consent, widgets } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form] = useServerForm({ id: 'cookie-settings', lastResult: actionData?.result })
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-white sm:text-4xl">Cookie settings</h1>
      <p className="mt-4 text-slate-300">
        We set only the cookies the site needs, and our analytics work without cookies. Optional third-party widgets may set their
        own cookies, so they load only if you allow them here. Details are in the{' '}
        <Link to="/cookie-policy" className="text-brand-300 underline hover:text-white">
          cookie policy
        </Link>
        .
      </p>

      <Form method="post" {...getFormProps(form)} className="mt-8 flex flex-col gap-6">
        <fieldset className="rounded-xl border border-white/10 bg-ink-900 p-5">
          <legend className="px-1 font-semibold text-white">Strictly necessary</legend>
          <p className="text-sm text-slate-300">
            Keep you signed in, remember this choice and your currency, and carry one-time messages. Always on: the site cannot
            work without them.
          </p>
        </fieldset>

        <fieldset className="rounded-xl border border-white/10 bg-ink-900 p-5">
          <legend className="px-1 font-semibold text-white">Optional widgets</legend>
          <div className="flex items-start gap-3">
            <input
              id="widgets"
              name="widgets"
              type="checkbox"
              value="on"
              defaultChecked={consent.widgets}
              aria-describedby="widgets-description"
              className="mt-1 h-4 w-4 rounded border-white/30 bg-ink-900 accent-brand-500"
            />
            <div>
              <label htmlFor="widgets" className="text-sm font-medium text-slate-100">
                Allow optional third-party widgets
              </label>
              <p id="widgets-description" className="mt-1 text-sm text-slate-300">
                {widgets.length
                  ? `Currently: ${widgets.join(', ')}. Their providers may set cookies and receive your IP address.`
                  : 'None is switched on for this site at the moment; your choice applies if one is added.'}
              </p>
            </div>
          </div>
        </fieldset>

        <p className="text-sm text-slate-300" role="status">
          {consent.decided
            ? `Your current choice: optional widgets ${consent.widgets ? 'allowed' : 'not allowed'}.`
            : 'You have not made a choice yet: optional widgets do not load.'}
        </p>

        <div>
          <button type="submit" className={buttonClass.primary}>
            Save preferences
          </button>
        </div>
      </Form>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Cookie settings', 'Choose whether optional third-party widgets may load.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
