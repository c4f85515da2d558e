import type { HeadersFunction } from '@remix-run/node'

/**
 * A page whose loader or action names its own headers (a token page's `Referrer-Policy: no-referrer`
 * and `Cache-Control: private, no-store`): without a `headers` export Remix sends only a loader's
 * Set-Cookie on a document request and drops the rest. This sends them, the action's over the loader's,
 * a thrown response's (a 404 of an unknown token) over both. Set-Cookie is Remix's to carry (it
 * merges cookies itself), so it is left out here.
 */
export const ownHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers()
  for (const source of [parentHeaders, loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, key) => {
      if (key !== 'set-cookie') headers.set(key, value)
    })
  }
  return headers
}

/**
 * The Referrer-Policy of a page whose address holds a token and which posts a form back to us (an
 * invitation, the startup offer, the newsletter's confirm and unsubscribe, the billing return, the
 * sign-in callback): no other site ever gets the address as a Referer. Not 'no-referrer': with it
 * browsers send "Origin: null" on the form's POST, which the same-origin POST check
 * (server/security.ts) rightly refuses, so the page's button would fail without JavaScript.
 */
export const TOKEN_FORM_REFERRER_POLICY = 'same-origin'
