import type { SubmissionResult } from '@conform-to/react'
import { Form, useFetcher, useLocation, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { buttonClass, Field, FormMessage, Honeypot, Spinner, TextareaField } from '~/components/forms'
import { withoutModalParam } from '~/components/modal'
import { controlProps, serverResult } from '~/components/server-result'
import { CONTACT_LIMITS } from '~/lib/shell-copy'

export type ContactActionData = { result: SubmissionResult<string[]> }

/**
 * Contact Us (spec 000 §2, §3, §5): name, email, message, all required. In the modal it posts in the
 * background and a success redirects back (modal closed) with a flash message; without JavaScript,
 * or on /contact, it is a plain form and errors come back on the /contact page.
 */
export function ContactForm({
  mode,
  actionData,
  returnTo,
}: {
  mode: 'fetcher' | 'document'
  actionData?: ContactActionData
  returnTo?: string
}) {
  const fetcher = useFetcher<ContactActionData>()
  const navigation = useNavigation()
  const location = useLocation()
  const formId = `contact-${useId().replace(/:/g, '')}`
  const lastResult = mode === 'fetcher' ? fetcher.data?.result : actionData?.result
  // ContactSchema's rules as browser hints (required, lengths); the server validates.
  const reply = serverResult(lastResult)
  const busy =
    mode === 'fetcher' ? fetcher.state !== 'idle' : navigation.state === 'submitting' && navigation.formAction === '/contact'
  const FormComponent = mode === 'fetcher' ? fetcher.Form : Form
  const back = returnTo ?? withoutModalParam(location.pathname, location.search)

  return (
    <FormComponent
      method="post"
      action="/contact"
      id={formId}
      noValidate
      aria-describedby={reply.formErrors?.length ? `${formId}-error` : undefined}
      className="relative flex flex-col gap-4"
    >
      <Honeypot />
      <input type="hidden" name="return_to" value={back} />
      {reply.formErrors?.length ? <FormMessage id={`${formId}-error`}>{reply.formErrors.join(' ')}</FormMessage> : null}
      <Field
        label="Name"
        inputProps={{
          ...controlProps(formId, 'name', reply),
          type: 'text',
          required: true,
          autoComplete: 'name',
          maxLength: CONTACT_LIMITS.name,
        }}
        errors={reply.errors('name')}
      />
      <Field
        label="Email"
        inputProps={{ ...controlProps(formId, 'email', reply), type: 'email', required: true, autoComplete: 'email' }}
        errors={reply.errors('email')}
      />
      <TextareaField
        label="Message"
        textareaProps={{
          ...controlProps(formId, 'message', reply),
          required: true,
          rows: 5,
          maxLength: CONTACT_LIMITS.message,
        }}
        errors={reply.errors('message')}
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? <Spinner label="Sending..." /> : 'Send Message'}
        </button>
      </div>
    </FormComponent>
  )
}
