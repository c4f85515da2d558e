import { createRequire } from 'node:module'
import type { AgnosticRouteMatch, AgnosticRouteObject, Location } from '@remix-run/router'

// Remix matches the URL against the route tree several times per request (the request handler, the
// static handler, the server render's <Routes> and its lazy-route-discovery manifest), and each call
// of @remix-run/router's matchRoutes() flattens and ranks every route of the app again before it
// compares paths: ~1 ms of CPU per page render, 10% of an uncached search page
// (docs/performance.md). Which routes match a pathname depends only on the shape of the tree (each
// route's path, index and caseSensitive flags, its children), so this wrapper remembers the answer per
// tree shape and pathname and hands out fresh match objects that point into the tree it was given.
// It replaces the `matchRoutes` export of @remix-run/router's CommonJS module in this process (Remix
// and React Router call it through that export); nothing in node_modules is edited. The matching rule
// itself stays theirs: a pathname not seen yet is matched by the original function.

type RouteMatch = AgnosticRouteMatch<string, AgnosticRouteObject>
type MatchRoutes = (
  routes: AgnosticRouteObject[],
  locationArg: Partial<Location> | string,
  basename?: string,
) => RouteMatch[] | null

/** A remembered answer: each match as the route's position in the tree, with its pathnames. */
type Found = {
  params: RouteMatch['params']
  matches: Array<{ position: number[]; pathname: string; pathnameBase: string }>
} | null

type Tree = { shape: string; positions: Map<AgnosticRouteObject, number[]> }

/** Distinct pathnames remembered per tree shape (slug pages are unbounded); the oldest go first. */
export const MAX_PATHNAMES = 2_000
const MAX_SHAPES = 8

/** A route tree's matching-relevant shape, and where each route sits in it. */
function describe(routes: AgnosticRouteObject[]): Tree {
  const positions = new Map<AgnosticRouteObject, number[]>()
  const walk = (list: AgnosticRouteObject[], at: number[]): string =>
    list
      .map((route, i) => {
        const position = [...at, i]
        positions.set(route, position)
        const children = 'children' in route && route.children?.length ? walk(route.children, position) : ''
        return `${route.path == null ? '~' : JSON.stringify(route.path)}${route.index ? 'i' : ''}${route.caseSensitive === true ? 'c' : ''}[${children}]`
      })
      .join(',')
  return { shape: walk(routes, []), positions }
}

function routeAt(routes: AgnosticRouteObject[], position: number[]) {
  let list = routes
  let route: AgnosticRouteObject | undefined
  for (const i of position) {
    route = list[i]!
    list = ('children' in route && route.children) || []
  }
  return route!
}

export function memoizeMatchRoutes(original: MatchRoutes): MatchRoutes {
  const trees = new WeakMap<AgnosticRouteObject[], Tree>()
  const answers = new Map<string, Map<string, Found>>()

  return (routes, locationArg, basename = '/') => {
    // A string location with a query or hash is left to the original (Remix passes plain pathnames).
    if (typeof locationArg === 'string' && /[?#]/.test(locationArg)) return original(routes, locationArg, basename)
    const pathname = (typeof locationArg === 'string' ? locationArg : locationArg.pathname) || '/'
    let tree = trees.get(routes)
    if (!tree) trees.set(routes, (tree = describe(routes)))
    let byPath = answers.get(tree.shape)
    if (!byPath) {
      // A production build has one or two shapes; more would be a rebuilt tree: forget the old ones.
      if (answers.size >= MAX_SHAPES) answers.clear()
      answers.set(tree.shape, (byPath = new Map()))
    }
    const key = `${basename}\n${pathname}`
    let found = byPath.get(key)
    if (found === undefined) {
      const matches = original(routes, locationArg, basename)
      found = matches && {
        params: { ...matches[0]?.params },
        matches: matches.map((m) => ({
          position: tree.positions.get(m.route)!,
          pathname: m.pathname,
          pathnameBase: m.pathnameBase,
        })),
      }
      if (found && found.matches.some((m) => !m.position)) return matches
      if (byPath.size >= MAX_PATHNAMES) byPath.delete(byPath.keys().next().value!)
      byPath.set(key, found)
      return matches
    }
    if (!found) return null
    // One params object shared by the matches, as the original returns it; fresh for each caller.
    const params = { ...found.params }
    return found.matches.map((m) => ({
      params,
      pathname: m.pathname,
      pathnameBase: m.pathnameBase,
      route: routeAt(routes, m.position),
    }))
  }
}

const INSTALLED = Symbol.for('lectern.matchRoutesMemo')

/** Puts the memo in front of @remix-run/router's matchRoutes for this process (once). */
export function installRouteMatchingMemo(
  router = createRequire(import.meta.url)('@remix-run/router') as Record<string | symbol, unknown>,
) {
  if (router[INSTALLED]) return
  router.matchRoutes = memoizeMatchRoutes(router.matchRoutes as MatchRoutes)
  router[INSTALLED] = true
}
