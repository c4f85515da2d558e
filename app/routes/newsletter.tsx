import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { shellMeta } from '~/components/layout/meta'
import { NewsletterForm } from '~/components/newsletter-form'
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, NewsletterSchema } from '~/lib/shell-forms'
import { safeReturnTo } from '~/lib/url'
import { subscribe } from '~/models/newsletter.server'
import { hitRateLimit } from '~/models/rate-limit.server'
import { isSpam } from '~/services/honeypot.server'
import { readForm } from '~/services/request-body.server'
import { clientIp } from '~/services/request.server'
import { redirectWithToast } from '~/services/toast.server'

// POST /newsletter: the footer form (source 'footer'). With JavaScript the form reads {ok} and shows
// its own states; without, success redirects back with a flash message and failure renders this page.
const SUBSCRIBES_PER_IP_PER_HOUR = 10

export async function loader() {
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const wantsJson = formData.get('_js') === '1'
  const returnTo = safeReturnTo(formData.get('return_to'), '/')
  const succeed = () =>
    wantsJson ? data({ ok: true as const }) : redirectWithToast(returnTo, { type: 'success', description: NEWSLETTER_SUCCESS })

  const submission = parseWithZod(formData, { schema: NewsletterSchema })
  const fail = (status: number) =>
    data({ ok: false as const, result: submission.reply({ formErrors: [NEWSLETTER_FAILURE] }) }, { status })

  // A bot that filled the hidden field is told it worked; nothing is stored or sent.
  if (isSpam(formData)) return succeed()
  if (!(await hitRateLimit(`newsletter:ip:${clientIp(request)}`, SUBSCRIBES_PER_IP_PER_HOUR, 60 * 60 * 1000)).allowed)
    return fail(429)
  if (submission.status !== 'success') {
    return data({ ok: false as const, result: submission.reply() }, { status: 400 })
  }
  try {
    await subscribe({ email: submission.value.email, source: 'footer' })
  } catch (error) {
    console.error('Newsletter subscription failed', error)
    return fail(500)
  }
  return succeed()
}

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>()
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Newsletter</h1>
      <p className="mt-3 text-slate-300">
        One email a month with proven lead generation and conversion strategies for speakers and event teams. We ask you to
        confirm your address before sending anything else.
      </p>
      <div className="mt-8 rounded-xl border border-white/10 bg-ink-900 p-6">
        <NewsletterForm mode="document" actionResult={actionData} />
      </div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Newsletter', 'Subscribe to proven lead generation and conversion strategies for speakers and event teams.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
