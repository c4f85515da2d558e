import { DIRECTORY_FILTERS, type DirectoryFilterParam } from './constants'
import { parsePage } from './page-param'

// The directory's query string (ARCHITECTURE decision 5): four filters, free text and a page.
// Values outside the spec's lists are ignored rather than matching nothing.

export type DirectoryParams = Record<DirectoryFilterParam, string | null> & { q: string; page: number }

export const SEARCH_MAX_LENGTH = 100

export function readDirectoryParams(search: URLSearchParams): DirectoryParams {
  const out = { q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH), page: 1 } as DirectoryParams
  for (const filter of DIRECTORY_FILTERS) {
    const value = search.get(filter.param)
    out[filter.param] = filter.options.some((o) => o.value === value) ? value : null
  }
  out.page = parsePage(search.get('page'))
  return out
}

export function hasDirectoryFilters(params: DirectoryParams) {
  return Boolean(params.q) || DIRECTORY_FILTERS.some((f) => params[f.param])
}

/** The query string for another page of the same filtered list. */
export function directoryHref(params: DirectoryParams, page: number) {
  const search = new URLSearchParams()
  if (params.q) search.set('q', params.q)
  for (const f of DIRECTORY_FILTERS) {
    const v = params[f.param]
    if (v) search.set(f.param, v)
  }
  if (page > 1) search.set('page', String(page))
  const qs = search.toString()
  return `/speakers${qs ? `?${qs}` : ''}`
}

export function speakersFoundLine(total: number) {
  return `${total} ${total === 1 ? 'speaker' : 'speakers'} found`
}
