import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { buttonClass, Field, FormMessage, Honeypot, TextareaField } from '~/components/forms'
import { Modal, withoutModalParam } from '~/components/modal'
import { CONTACT_MESSAGE_ROWS, CONTACT_MODAL_CLOSE_MS } from '~/lib/constants'
import { ContactSpeakerSchema, sentText } from './contact'
import type { action } from './route'

/** The Contact Speaker modal: a fetcher form with JavaScript, a plain POST + redirect without. */
export function ContactSpeakerModal({
  slug,
  speakerName,
  sentWithoutJs,
}: {
  slug: string
  speakerName: string
  sentWithoutJs: boolean
}) {
  const fetcher = useFetcher<typeof action>()
  const location = useLocation()
  const navigate = useNavigate()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const result = fetcher.data && 'result' in fetcher.data ? fetcher.data.result : undefined
  const sent = Boolean(fetcher.data && 'sent' in fetcher.data && fetcher.data.sent)
  const [form, fields] = useForm({
    id: 'contact-speaker',
    lastResult: fetcher.state === 'idle' ? result : undefined,
    constraint: getZodConstraint(ContactSpeakerSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSpeakerSchema }),
  })
  const sending = fetcher.state !== 'idle'
  const closeHref = withoutModalParam(location.pathname, location.search.replace(/([?&])sent=1(&|$)/, '$1').replace(/[?&]$/, ''))

  // spec 000 §4: "sent (auto-closes after 2 s)".
  useEffect(() => {
    if (!sent) return
    const timer = setTimeout(() => navigate(closeHref, { replace: true, preventScrollReset: true }), CONTACT_MODAL_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [sent, closeHref, navigate])

  const showSent = (sent && fetcher.state === 'idle') || (sentWithoutJs && !fetcher.data)
  return (
    <Modal title="Contact Speaker" closeTo={closeHref}>
      {showSent ? (
        <div role="status" className="mb-4 rounded-md border border-emerald-400/50 bg-emerald-950/70 px-4 py-3 text-emerald-50">
          <p className="font-semibold">Message Sent!</p>
          <p>{sentText(speakerName)}</p>
        </div>
      ) : null}
      <fetcher.Form
        method="post"
        action={`/speakers/${encodeURIComponent(slug)}?modal=contact-speaker`}
        {...getFormProps(form)}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="js" value={hydrated ? '1' : ''} />
        <Honeypot />
        {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
        <Field
          label="Full Name"
          inputProps={{ ...getInputProps(fields.senderName, { type: 'text' }), autoComplete: 'name' }}
          errors={fields.senderName.errors}
        />
        <Field
          label="Your Email"
          inputProps={{ ...getInputProps(fields.senderEmail, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.senderEmail.errors}
        />
        <Field
          label="Company (optional)"
          inputProps={{ ...getInputProps(fields.senderCompany, { type: 'text' }), autoComplete: 'organization' }}
          errors={fields.senderCompany.errors}
        />
        <TextareaField
          label="Message"
          textareaProps={{ ...getTextareaProps(fields.message), rows: CONTACT_MESSAGE_ROWS }}
          errors={fields.message.errors}
        />
        <button type="submit" className={buttonClass.primary} disabled={sending}>
          {sending ? 'Sending Message...' : 'Send Message'}
        </button>
      </fetcher.Form>
    </Modal>
  )
}
