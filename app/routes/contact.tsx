import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useRouteLoaderData } from '@remix-run/react'
import { ContactForm } from '~/components/contact-form'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { shellMeta } from '~/components/layout/meta'
import { CONTACT_SUCCESS, ContactSchema } from '~/lib/shell-forms'
import { safeReturnTo } from '~/lib/url'
import { createContactMessage } from '~/models/contact-messages.server'
import { hitRateLimit } from '~/models/rate-limit.server'
import type { loader as rootLoader } from '~/root'
import { isSpam } from '~/services/honeypot.server'
import { readForm } from '~/services/request-body.server'
import { clientIp } from '~/services/request.server'
import { redirectWithToast } from '~/services/toast.server'

// Contact Us: the footer modal (?modal=contact) and this page post here. Stored in contact_messages;
// the team is emailed through the outbox in the same transaction.
const MESSAGES_PER_IP_PER_HOUR = 5

export async function loader() {
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const returnTo = safeReturnTo(formData.get('return_to'), '/')
  const success = () => redirectWithToast(returnTo, { type: 'success', ...CONTACT_SUCCESS })
  if (isSpam(formData)) return success()

  const submission = parseWithZod(formData, { schema: ContactSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), returnTo }, { status: 400 })
  const limit = await hitRateLimit(`contact:ip:${clientIp(request)}`, MESSAGES_PER_IP_PER_HOUR, 60 * 60 * 1000)
  if (!limit.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: ['Too many messages from your network. Please try again in an hour.'] }),
        returnTo,
      },
      { status: 429 },
    )
  }
  await createContactMessage(submission.value)
  return success()
}

export default function ContactPage() {
  const actionData = useActionData<typeof action>()
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Contact Us</h1>
      <p className="mt-3 text-slate-300">
        Questions about {root?.brand ?? 'the product'}, pricing or a partnership? Send us a message and we&apos;ll reply by email.
        {root?.contactEmail ? (
          <>
            {' '}
            You can also email{' '}
            <a href={`mailto:${root.contactEmail}`} className="text-brand-300 underline">
              {root.contactEmail}
            </a>
            .
          </>
        ) : null}
      </p>
      <div className="mt-8 rounded-xl border border-white/10 bg-ink-900 p-6">
        {/* After a failed post from another page's modal, success still goes back to that page. */}
        <ContactForm mode="document" actionData={actionData} returnTo={actionData?.returnTo ?? '/contact'} />
      </div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Contact Us', 'Send the team a message: questions, pricing, partnerships.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
