import type { MetaDescriptor } from '@remix-run/node'

type Match = { id: string; data: unknown }

/** "<Page> | {brand}" plus description, for the shell's own pages. */
export function shellMeta(
  matches: readonly Match[],
  page: string,
  description: string,
  options: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const root = matches.find((m) => m.id === 'root')?.data as { brand?: string } | undefined
  const title = `${page} | ${root?.brand ?? 'Lectern'}`
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(options.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}
