import { useMatches } from '@remix-run/react'
import { isLanguage, type Language } from '~/lib/i18n/languages'

// The language a page is served in (WCAG 3.1.1), for <html lang>: a route whose page is in the
// visitor's language says so with `pageLanguage` in its loader data (the event pages /e/..., issue
// 31); every other page of the site is English. The site shell (header, footer, modals) stays English
// and is marked lang="en" on such a page (app/components/layout/site-layout.tsx).

export function usePageLanguage(): Language {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.data as { pageLanguage?: unknown } | null | undefined
    if (data && typeof data === 'object' && isLanguage(data.pageLanguage)) return data.pageLanguage
  }
  return 'en'
}
