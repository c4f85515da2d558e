import { DEFAULT_BRAND } from '~/content/brand'
import { withBrandSuffix } from '~/lib/meta-title'

type RootMatch = { id: string; data: unknown }

/** Brand and site URL from the root loader, for meta functions (the one place that reads them). */
export function rootInfo(matches: ReadonlyArray<RootMatch | undefined>) {
  const root = matches.find((m) => m?.id === 'root')?.data as { brand?: string; appUrl?: string } | undefined
  return { brand: root?.brand ?? DEFAULT_BRAND, appUrl: root?.appUrl ?? '' }
}

/** The meta of a page search engines must not list (admin and signed-in editor screens): branded title, description, noindex. */
export function noindexMeta(matches: ReadonlyArray<RootMatch | undefined>, title: string, description: string) {
  return [
    { title: withBrandSuffix(title, rootInfo(matches).brand) },
    { name: 'description', content: description },
    { name: 'robots', content: 'noindex' },
  ]
}
