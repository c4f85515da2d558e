import { useEffect, useState } from 'react'
import { SUCCESS_TOAST_MS } from '~/lib/constants'

type Toast = { type: 'success' | 'error' | 'info'; title?: string; description: string }

/** Shows the flash message a redirect carried. Without JavaScript it simply stays on the page. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast)
  // A later revalidation brings toast = null (the cookie is read once); that must not cut the
  // message short, so only a new toast replaces it and only the timer hides it.
  useEffect(() => {
    if (toast) setVisible(toast)
  }, [toast])
  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => setVisible(null), SUCCESS_TOAST_MS)
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
      <div role={visible.type === 'error' ? 'alert' : 'status'} className={`pointer-events-auto max-w-md rounded-lg border px-4 py-3 shadow-xl ${tone}`}>
        {visible.title ? <p className="font-semibold">{visible.title}</p> : null}
        <p>{visible.description}</p>
        <button type="button" onClick={() => setVisible(null)} className="mt-1 text-sm underline">
          Dismiss
        </button>
      </div>
    </div>
  )
}
