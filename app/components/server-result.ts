import type { SubmissionResult } from '@conform-to/react'

/**
 * Field errors and submitted values of a server's Conform reply, for the site-wide forms (footer
 * newsletter, Contact Us) that are on every page: they validate on the server only and use no form
 * library, so every public page stays inside its JavaScript budget (docs/performance.md).
 */
export function serverResult(result: SubmissionResult<string[]> | undefined) {
  const errors = result?.error ?? {}
  const values = (result?.initialValue ?? {}) as Record<string, unknown>
  return {
    formErrors: errors[''] ?? undefined,
    errors: (name: string) => errors[name] ?? undefined,
    value: (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined),
  }
}

/** id, name, default value and the error wiring of one control. */
export function controlProps(formId: string, name: string, result: ReturnType<typeof serverResult>) {
  const id = `${formId}-${name}`
  const errors = result.errors(name)
  return {
    id,
    name,
    defaultValue: result.value(name),
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': errors?.length ? `${id}-error` : undefined,
  }
}
