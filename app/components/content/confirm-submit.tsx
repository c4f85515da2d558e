import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClass } from '~/components/forms'
import { Modal } from '~/components/modal'
import { WorkspaceForm } from '~/components/workspace/workspace-form'

// The delete steps post through WorkspaceForm: inside /app it carries `?workspace=` of the page (a
// delete lands in the workspace the page showed, issue 21 Deliver 5); elsewhere (the admin lists) it
// is Remix's <Form> posting to the same action as before.

/**
 * A delete form that asks first. With JavaScript: the browser's confirm dialog, and the form
 * carries confirmed=1. Without JavaScript the form posts without it and the server answers with
 * a confirmation step (a modal whose form carries confirmed=1), so nothing is deleted unasked.
 */
export function ConfirmDeleteForm({
  message,
  fields,
  children,
  className,
  action,
}: {
  message: string
  fields: Record<string, string>
  children: ReactNode
  className?: string
  action?: string
}) {
  return (
    <WorkspaceForm
      method="post"
      action={action}
      className="inline"
      onSubmit={(event) => {
        if (!window.confirm(message)) {
          event.preventDefault()
          return
        }
        const input = event.currentTarget.elements.namedItem('confirmed')
        if (input instanceof HTMLInputElement) input.value = '1'
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirmed" defaultValue="" />
      <button type="submit" className={className}>
        {children}
      </button>
    </WorkspaceForm>
  )
}

/**
 * The confirmation step a delete without JavaScript lands on (the page is re-rendered with it):
 * "Yes, delete" posts the given fields; Cancel goes back to the page.
 */
export function ConfirmDeletePanel({
  message,
  fields,
  cancelTo,
  action,
}: {
  message: ReactNode
  fields: Record<string, string>
  cancelTo: string
  action?: string
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-delete"
      className="mt-6 rounded-xl border border-red-400/50 bg-red-950/50 p-5"
    >
      <p id="confirm-delete" className="font-semibold text-white">
        {message}
      </p>
      <ConfirmDeleteButtons fields={fields} cancelTo={cancelTo} action={action} label="Yes, delete" className="mt-4" />
    </div>
  )
}

/**
 * The same confirmation step as a modal (the admin lists): the dialog shows the message, its
 * Delete posts the given fields with confirmed=1; Cancel goes to cancelTo.
 */
export function ConfirmDeleteModal({
  title,
  children,
  fields,
  cancelTo,
  closeTo,
}: {
  title: string
  children: ReactNode
  fields: Record<string, string>
  cancelTo: string
  /** Where the modal's close goes: by default the current URL without ?modal. */
  closeTo?: string
}) {
  return (
    <Modal title={title} closeTo={closeTo}>
      {children}
      <ConfirmDeleteButtons fields={{ ...fields, confirmed: '1' }} cancelTo={cancelTo} label="Delete" className="mt-6" />
    </Modal>
  )
}

// Both confirmation steps end the same way: a danger button posting the fields, and Cancel.
function ConfirmDeleteButtons({
  fields,
  cancelTo,
  action,
  label,
  className,
}: {
  fields: Record<string, string>
  cancelTo: string
  action?: string
  label: string
  className: string
}) {
  return (
    <div className={`${className} flex gap-3`}>
      <WorkspaceForm method="post" action={action}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass.danger}>
          {label}
        </button>
      </WorkspaceForm>
      <Link to={cancelTo} className={buttonClass.secondary}>
        Cancel
      </Link>
    </div>
  )
}
