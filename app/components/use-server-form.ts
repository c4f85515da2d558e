// The one place that may call Conform's useForm; the lint rule sends every form here.
// eslint-disable-next-line no-restricted-imports
import { useForm } from '@conform-to/react'
import { useState } from 'react'
import { nextResultState, type ResultState } from '~/lib/form-result'

type FormOptions<Schema extends Record<string, unknown>, FormValue, FormError> = Parameters<
  typeof useForm<Schema, FormValue, FormError>
>[0]

/**
 * Conform's useForm for forms answered by a route action: the form shows what the latest response
 * says. A redirect after a successful save (no result) clears the errors of the refused attempt
 * before it, as the re-rendered page does without JavaScript; see app/lib/form-result.ts. Every
 * other option reaches useForm unchanged.
 */
export function useServerForm<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>(
  options: FormOptions<Schema, FormValue, FormError>,
) {
  const lastResult = useShownResult(options.lastResult)
  return useForm<Schema, FormValue, FormError>({ ...options, lastResult })
}

function useShownResult<FormError>(incoming: ResultState<FormError>['received'] | null) {
  const [state, setState] = useState<ResultState<FormError>>(() => ({
    received: incoming ?? undefined,
    shown: incoming ?? undefined,
  }))
  const next = nextResultState(state, incoming)
  // Derived from the props during render (React's pattern for it): Conform sees the cleared result
  // in the same render that brings the new page, so the error never paints beside the toast.
  if (next !== state) setState(next)
  return next.shown
}
