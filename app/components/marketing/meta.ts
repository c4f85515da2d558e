import { withBrandSuffix } from '~/lib/meta-title'
import type { MetaDescriptor } from '@remix-run/node'
import { rootInfo } from '~/components/meta'
import { withBrand } from '~/content/brand'

type Match = { id: string; data: unknown }

export function brandFromMatches(matches: readonly Match[]): string {
  return rootInfo(matches).brand
}

/** "<Page> | {brand}" and the description, with {brand} filled in. */
export function marketingMeta(matches: readonly Match[], title: string, description: string): MetaDescriptor[] {
  const brand = brandFromMatches(matches)
  const fullTitle = withBrandSuffix(withBrand(title, brand), brand)
  const desc = withBrand(description, brand)
  return [
    { title: fullTitle },
    { name: 'description', content: desc },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: desc },
    { property: 'og:type', content: 'website' },
  ]
}
