// Which flash message the page shows (issue 20 item 5). A message belongs to the response that
// carried it: once the person sends something new, the answer to that request decides what shows
// (its own flash, its field errors, or nothing), so an error never sits beside an earlier success.

export type FlashToast = { type: 'success' | 'error' | 'info'; title?: string; description: string }

export type ToastEvent =
  /** Root loader data arrived; `toast` is null when that response carried no flash (a revalidation). */
  | { kind: 'arrived'; toast: FlashToast | null }
  /** A form or fetcher sent a new request. */
  | { kind: 'submitted' }
  | { kind: 'expired' }
  | { kind: 'dismissed' }

export function nextToast(shown: FlashToast | null, event: ToastEvent): FlashToast | null {
  switch (event.kind) {
    case 'arrived':
      // The flash cookie is read once, so a later revalidation of the same page brings null: that
      // must not cut the message short. A new flash replaces the old one.
      return event.toast ?? shown
    case 'submitted':
    case 'expired':
    case 'dismissed':
      return null
  }
}
