import type { getZodConstraint } from '@conform-to/zod/v4'
import { useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { buttonClass, Field, FormMessage, Honeypot, TextareaField } from '~/components/forms'
import { Modal, withoutModalParam } from '~/components/modal'
import { controlProps, serverResult } from '~/components/server-result'
import { CONTACT_MESSAGE_ROWS, CONTACT_MODAL_CLOSE_MS } from '~/lib/constants'
import { sentText } from './contact'
import type { contactSpeakerAction } from './contact.server'

/** The Contact Speaker modal: a fetcher form with JavaScript, a plain POST + redirect without. */
export function ContactSpeakerModal({
  slug,
  speakerName,
  sentWithoutJs,
  constraint,
}: {
  slug: string
  speakerName: string
  sentWithoutJs: boolean
  /** ContactSpeakerSchema's constraints, from the loader: the server validates. */
  constraint: ReturnType<typeof getZodConstraint>
}) {
  const fetcher = useFetcher<typeof contactSpeakerAction>()
  const location = useLocation()
  const navigate = useNavigate()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const result = fetcher.data && 'result' in fetcher.data ? fetcher.data.result : undefined
  const sent = Boolean(fetcher.data && 'sent' in fetcher.data && fetcher.data.sent)
  // The server validates; the constraints from its schema are the browser's hints.
  const reply = serverResult(fetcher.state === 'idle' ? result : undefined)
  const control = (name: string) => ({ ...constraint[name], ...controlProps('contact-speaker', name, reply) })
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
        id="contact-speaker"
        noValidate
        // A sent message clears the form: a new element starts empty.
        key={showSent ? 'sent' : 'editing'}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="js" value={hydrated ? '1' : ''} />
        <Honeypot />
        {reply.formErrors?.length ? <FormMessage>{reply.formErrors[0]}</FormMessage> : null}
        <Field
          label="Full Name"
          inputProps={{ ...control('senderName'), type: 'text', autoComplete: 'name' }}
          errors={reply.errors('senderName')}
        />
        <Field
          label="Your Email"
          inputProps={{ ...control('senderEmail'), type: 'email', autoComplete: 'email' }}
          errors={reply.errors('senderEmail')}
        />
        <Field
          label="Company (optional)"
          inputProps={{ ...control('senderCompany'), type: 'text', autoComplete: 'organization' }}
          errors={reply.errors('senderCompany')}
        />
        <TextareaField
          label="Message"
          textareaProps={{ ...control('message'), rows: CONTACT_MESSAGE_ROWS }}
          errors={reply.errors('message')}
        />
        <button type="submit" className={buttonClass.primary} disabled={sending}>
          {sending ? 'Sending Message...' : 'Send Message'}
        </button>
      </fetcher.Form>
    </Modal>
  )
}
