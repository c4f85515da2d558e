import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// Every route module under app/routes, read from the file system (flat files and folder route.tsx),
// turned into its URL pattern by Remix's flat-routes rules. A new route is fuzzed with no edit here.

export type RouteModule = {
  file: string
  /** Path segments; params are `:name`, the splat is `*`. */
  segments: string[]
  params: string[]
  hasAction: boolean
  hasLoader: boolean
  /** An index route: a POST reaches its action only with `?index` (as Remix's <Form> adds). */
  isIndex: boolean
}

const ROUTES_DIR = path.resolve('app/routes')

function exportsName(source: string, name: string) {
  return new RegExp(
    `export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+(const|let)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`,
  ).test(source)
}

/** Splits a flat-route name on dots outside [] escapes. */
function splitName(name: string) {
  const parts: string[] = []
  let current = ''
  let escaped = false
  for (const ch of name) {
    if (ch === '[') escaped = true
    else if (ch === ']') escaped = false
    else if (ch === '.' && !escaped) {
      parts.push(current)
      current = ''
      continue
    }
    current += ch
  }
  parts.push(current)
  return parts
}

export function routePattern(name: string): { segments: string[]; params: string[] } {
  const segments: string[] = []
  const params: string[] = []
  for (const raw of splitName(name)) {
    if (raw === '_index' || raw.startsWith('_')) continue // index route or pathless layout
    let part = raw.endsWith('_') ? raw.slice(0, -1) : raw
    part = part.replace(/\[([^\]]*)\]/g, '$1')
    if (part.startsWith('(') && part.endsWith(')')) part = part.slice(1, -1) // optional segment: fuzz it present
    if (part === '$') {
      segments.push('*')
      params.push('*')
    } else if (part.startsWith('$')) {
      segments.push(`:${part.slice(1)}`)
      params.push(part.slice(1))
    } else segments.push(part)
  }
  return { segments, params }
}

export function discoverRoutes(dir = ROUTES_DIR): RouteModule[] {
  const modules: { file: string; name: string }[] = []
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) {
      const route = readdirSync(full).find((f) => /^route\.(tsx?|jsx?)$/.test(f))
      if (route) modules.push({ file: `${entry}/${route}`, name: entry })
    } else if (/\.(tsx?|jsx?)$/.test(entry) && !/\.test\.(tsx?|jsx?)$/.test(entry)) {
      modules.push({ file: entry, name: entry.replace(/\.(tsx?|jsx?)$/, '') })
    }
  }
  return modules
    .map(({ file, name }) => {
      const source = readFileSync(path.join(dir, file), 'utf8')
      return {
        file,
        ...routePattern(name),
        hasAction: exportsName(source, 'action'),
        hasLoader: exportsName(source, 'loader'),
        isIndex: name === '_index' || name.endsWith('._index'),
      }
    })
    .sort((a, b) => a.file.localeCompare(b.file))
}

/** The route's URL with these param values (each encoded as one path segment). */
export function buildPath(route: Pick<RouteModule, 'segments'>, values: Record<string, string>) {
  const parts = route.segments.map((s) => {
    if (s === '*') return values['*'] ?? 'x'
    if (s.startsWith(':')) return encodeURIComponent(values[s.slice(1)] ?? 'x')
    return s
  })
  return `/${parts.join('/')}`
}

/** Param values from a real path of this route, or null when the path is not one of its URLs. */
export function matchPath(route: Pick<RouteModule, 'segments'>, pathname: string): Record<string, string> | null {
  const parts = pathname.split('/').filter(Boolean)
  const values: Record<string, string> = {}
  for (let i = 0; i < route.segments.length; i++) {
    const s = route.segments[i]!
    if (s === '*') {
      values['*'] = parts.slice(i).join('/')
      return values
    }
    const part = parts[i]
    if (part === undefined) return null
    if (s.startsWith(':')) {
      try {
        values[s.slice(1)] = decodeURIComponent(part)
      } catch {
        return null
      }
    } else if (s !== part) return null
  }
  return parts.length === route.segments.length ? values : null
}
