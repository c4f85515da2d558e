import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useFetcher, useLocation, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { buttonClass, Field, FormMessage, Honeypot, Spinner, TextareaField } from '~/components/forms'
import { withoutModalParam } from '~/components/modal'
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
  const [form, fields] = useForm<{ name: string; email: string; message: string }>({
    id: formId,
    lastResult,
    // The same rules as ContactSchema, written out so zod stays off the client (the server validates).
    constraint: {
      name: { required: true, maxLength: CONTACT_LIMITS.name },
      email: { required: true },
      message: { required: true, maxLength: CONTACT_LIMITS.message },
    },
    shouldRevalidate: 'onBlur',
  })
  const busy =
    mode === 'fetcher' ? fetcher.state !== 'idle' : navigation.state === 'submitting' && navigation.formAction === '/contact'
  const FormComponent = mode === 'fetcher' ? fetcher.Form : Form
  const back = returnTo ?? withoutModalParam(location.pathname, location.search)

  return (
    <FormComponent method="post" action="/contact" {...getFormProps(form)} className="relative flex flex-col gap-4">
      <Honeypot />
      <input type="hidden" name="return_to" value={back} />
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <Field
        label="Name"
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name', maxLength: CONTACT_LIMITS.name }}
        errors={fields.name.errors}
      />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <TextareaField
        label="Message"
        textareaProps={{ ...getTextareaProps(fields.message), rows: 5, maxLength: CONTACT_LIMITS.message }}
        errors={fields.message.errors}
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? <Spinner label="Sending..." /> : 'Send Message'}
        </button>
      </div>
    </FormComponent>
  )
}
