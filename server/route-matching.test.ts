import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, it, vi } from 'vitest'
import { installRouteMatchingMemo, MAX_PATHNAMES, memoizeMatchRoutes } from './route-matching'

// A tree shaped like Remix's: a root layout with index, nested, dynamic, optional, splat, pathless and
// case-sensitive routes. Built fresh on each call, as Remix builds one per server render.
function tree(): AgnosticRouteObject[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'home', index: true },
        {
          id: 'resources',
          path: 'resources',
          children: [
            { id: 'resources-index', index: true },
            { id: 'resource', path: ':slug' },
            {
              id: 'resources-admin',
              path: 'admin',
              children: [
                { id: 'admin-index', index: true },
                { id: 'editor', path: 'editor/:id?' },
              ],
            },
          ],
        },
        { id: 'speaker', path: 'speakers/:slug' },
        { id: 'layout', children: [{ id: 'app', path: 'app', children: [{ id: 'app-index', index: true }] }] },
        { id: 'case', path: 'Case', caseSensitive: true },
        { id: 'splat', path: '*' },
      ],
    },
  ]
}

const PATHS = [
  '/',
  '',
  '/resources',
  '/resources/',
  '/resources/how-to',
  '/resources/admin',
  '/resources/admin/editor',
  '/resources/admin/editor/42',
  '/speakers/ada%20okafor',
  '/app',
  '/Case',
  '/case',
  '/no/such/page',
]

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => m.route.id) ?? null

describe('memoizeMatchRoutes', () => {
  it.each(PATHS)('answers %j exactly as matchRoutes does, first and later calls, on any tree of the same shape', (path) => {
    const memo = memoizeMatchRoutes(matchRoutes)
    for (let i = 0; i < 3; i++) {
      const routes = tree()
      const expected = matchRoutes(routes, path)
      const got = memo(routes, path)
      expect(got).toEqual(expected)
      // The matches point into the tree given, not into the one first matched.
      expect(got?.map((m) => m.route)).toEqual(expected?.map((m) => m.route))
      got?.forEach((m, j) => expect(m.route).toBe(expected![j]!.route))
      expect(memo(routes, { pathname: path })).toEqual(expected)
    }
  })

  it('keeps basenames apart and leaves a query or hash to the original', () => {
    const memo = memoizeMatchRoutes(matchRoutes)
    const routes = tree()
    expect(ids(memo(routes, '/base/resources', '/base'))).toEqual(['root', 'resources', 'resources-index'])
    expect(ids(memo(routes, '/base/resources'))).toEqual(['root', 'splat'])
    expect(memo(routes, '/resources', '/base')).toBeNull()
    expect(ids(memo(routes, '/resources?q=lead#top'))).toEqual(['root', 'resources', 'resources-index'])
  })

  it('tells trees of another shape apart', () => {
    const memo = memoizeMatchRoutes(matchRoutes)
    const other = tree()
    other[0]!.children!.splice(4, 1) // no case-sensitive route
    expect(ids(memo(tree(), '/Case'))).toEqual(['root', 'case'])
    expect(ids(memo(other, '/Case'))).toEqual(['root', 'splat'])
    const insensitive = tree()
    insensitive[0]!.children![4]!.caseSensitive = false
    expect(ids(memo(tree(), '/case'))).toEqual(['root', 'splat'])
    expect(ids(memo(insensitive, '/case'))).toEqual(['root', 'case'])
  })

  it('gives each caller its own params, shared by the matches of one answer as the original does', () => {
    const memo = memoizeMatchRoutes(matchRoutes)
    const first = memo(tree(), '/resources/admin/editor/42')!
    expect(first[0]!.params).toBe(first[3]!.params)
    ;(first[0]!.params as Record<string, string>).id = 'changed'
    const again = memo(tree(), '/resources/admin/editor/42')!
    expect(again[3]!.params).toEqual({ id: '42' })
    expect(again[0]!.params).toBe(again[3]!.params)
  })

  it('matches a pathname once, and remembers a bounded number of them', () => {
    const original = vi.fn(matchRoutes)
    const memo = memoizeMatchRoutes(original)
    const routes = tree()
    memo(routes, '/resources/a')
    memo(tree(), '/resources/a')
    expect(original).toHaveBeenCalledTimes(1)
    for (let i = 0; i <= MAX_PATHNAMES; i++) memo(routes, `/resources/p${i}`)
    original.mockClear()
    memo(routes, '/resources/a') // the oldest, dropped
    memo(routes, `/resources/p${MAX_PATHNAMES}`) // recent, kept
    expect(original).toHaveBeenCalledTimes(1)
  })
})

describe('installRouteMatchingMemo', () => {
  it('wraps the module export once', () => {
    const original = vi.fn(matchRoutes)
    const router: Record<string | symbol, unknown> = { matchRoutes: original }
    installRouteMatchingMemo(router)
    const installed = router.matchRoutes
    installRouteMatchingMemo(router)
    expect(router.matchRoutes).toBe(installed)
    const call = router.matchRoutes as typeof matchRoutes
    expect(ids(call(tree(), '/speakers/ada'))).toEqual(['root', 'speaker'])
    expect(ids(call(tree(), '/speakers/ada'))).toEqual(['root', 'speaker'])
    expect(original).toHaveBeenCalledTimes(1)
  })
})
