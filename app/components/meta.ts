import { DEFAULT_BRAND } from '~/content/brand'

type RootMatch = { id: string; data: unknown }

/** Brand and site URL from the root loader, for meta functions (the one place that reads them). */
export function rootInfo(matches: ReadonlyArray<RootMatch | undefined>) {
  const root = matches.find((m) => m?.id === 'root')?.data as { brand?: string; appUrl?: string } | undefined
  return { brand: root?.brand ?? DEFAULT_BRAND, appUrl: root?.appUrl ?? '' }
}
