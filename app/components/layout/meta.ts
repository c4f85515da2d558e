import type { MetaDescriptor } from '@remix-run/node'
import { rootInfo } from '~/components/meta'
import { withBrandSuffix } from '~/lib/meta-title'

type Match = { id: string; data: unknown }

/** "<Page> | {brand}" plus description, for the shell's own pages. */
export function shellMeta(
  matches: readonly Match[],
  page: string,
  description: string,
  options: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const title = withBrandSuffix(page, rootInfo(matches).brand)
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(options.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}
