import type { MetaDescriptor } from '@remix-run/node'

type Match = { id: string; data: unknown }

/** "<Page> | {brand}" and a description for the sign-in pages (brand from the root loader). */
export function authMeta(
  matches: readonly Match[],
  title: string,
  description: string,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  const root = matches.find((m) => m.id === 'root')?.data as { brand?: string } | undefined
  return [
    { title: `${title} | ${root?.brand ?? 'Lectern'}` },
    { name: 'description', content: description },
    { name: 'robots', content: 'noindex' },
    ...extra,
  ]
}
