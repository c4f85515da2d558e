import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * For routes whose loader does not read `param`: a navigation that changes only that query
 * parameter (a billing toggle, a tab) needs no reload, so it switches instantly.
 */
export function skipRevalidationForParam(param: string): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    if (formMethod) return defaultShouldRevalidate
    const a = new URLSearchParams(currentUrl.search)
    const b = new URLSearchParams(nextUrl.search)
    a.delete(param)
    b.delete(param)
    if (currentUrl.pathname === nextUrl.pathname && a.toString() === b.toString()) return false
    return defaultShouldRevalidate
  }
}
