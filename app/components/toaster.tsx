import { useFetchers, useNavigation } from '@remix-run/react'
import { useEffect, useReducer } from 'react'
import { SUCCESS_TOAST_MS } from '~/lib/constants'
import { nextToast, type FlashToast } from '~/lib/toast-rule'

/**
 * Shows the flash message a redirect carried (rule: app/lib/toast-rule.ts). Without JavaScript it
 * is part of the page the redirect led to, and the next response renders without it.
 */
export function Toaster({ toast }: { toast: FlashToast | null }) {
  const [visible, dispatch] = useReducer(nextToast, toast)
  useEffect(() => dispatch({ kind: 'arrived', toast }), [toast])
  const submitting = useSubmitting()
  useEffect(() => {
    if (submitting) dispatch({ kind: 'submitted' })
  }, [submitting])
  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => dispatch({ kind: 'expired' }), SUCCESS_TOAST_MS)
    return () => clearTimeout(timer)
  }, [visible])
  if (!visible) return null
  const tone =
    visible.type === 'error'
      ? 'border-red-400/60 bg-red-950 text-red-50'
      : visible.type === 'info'
        ? 'border-brand-400/60 bg-ink-800 text-slate-50'
        : 'border-emerald-400/60 bg-emerald-950 text-emerald-50'
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role={visible.type === 'error' ? 'alert' : 'status'}
        className={`pointer-events-auto max-w-md rounded-lg border px-4 py-3 shadow-xl ${tone}`}
      >
        {visible.title ? <p className="font-semibold">{visible.title}</p> : null}
        <p>{visible.description}</p>
        <button type="button" onClick={() => dispatch({ kind: 'dismissed' })} className="mt-1 text-sm underline">
          Dismiss
        </button>
      </div>
    </div>
  )
}

/** True while a form of the page or a fetcher is sending (plain link navigations and fetcher loads carry no form data). */
function useSubmitting() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  return navigation.formData !== undefined || fetchers.some((fetcher) => fetcher.formData !== undefined)
}
