import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

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
    <Form
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
    </Form>
  )
}
