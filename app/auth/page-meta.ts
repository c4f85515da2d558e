import type { MetaDescriptor } from '@remix-run/node'
import { rootInfo } from '~/components/meta'
import { withBrandSuffix } from '~/lib/meta-title'

type Match = { id: string; data: unknown }

/** "<Page> | {brand}" and a description for the sign-in pages (brand from the root loader). */
export function authMeta(
  matches: readonly Match[],
  title: string,
  description: string,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  return [
    { title: withBrandSuffix(title, rootInfo(matches).brand) },
    { name: 'description', content: description },
    { name: 'robots', content: 'noindex' },
    ...extra,
  ]
}
