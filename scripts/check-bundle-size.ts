// npm run check:bundle-size — the JavaScript budget of public pages (issue 12): a first load of any
// public page may fetch at most JS_BUDGET_BYTES of compressed JavaScript, React and Remix included.
//
// Reads the client manifest of a production build (BUILD_DIR, default build/), adds up the entry,
// the route chain (root and parents) and every static import each of them preloads, and weighs each
// file once as the server sends it (brotli, as served from build/client/assets). Admin, developer,
// API and signed-in areas are outside the budget; every other route with a component is public, so
// a new public page is checked without being listed here. Exits 1 when a public route is over.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

export const JS_BUDGET_BYTES = 100_000
// Signed-in or internal areas: their own budget is not this one.
const PRIVATE_ROUTE = /^routes\/(admin|dev|api|app|premium|resources\.admin|resources_\.admin_|speakers\.admin)($|[._$+])/

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] }
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> }

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const assetsDir = path.join(buildDir, 'client', 'assets')

function readManifest(): Manifest {
  const file = readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f))
  if (!file) throw new Error(`No Remix manifest in ${assetsDir}: run \`npm run build\` first.`)
  const source = readFileSync(path.join(assetsDir, file), 'utf8')
  return JSON.parse(source.replace(/^window\.__remixManifest\s*=\s*/, '').replace(/;\s*$/, '')) as Manifest
}

const sizes = new Map<string, number>()
/** Bytes on the wire: brotli at the quality the build's precompressed copies use. */
export function compressedSize(url: string) {
  let size = sizes.get(url)
  if (size === undefined) {
    const body = readFileSync(path.join(buildDir, 'client', url))
    size = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    sizes.set(url, size)
  }
  return size
}

// Resource routes (feeds, API, redirects) have no component: their client module is empty.
function isEmptyModule(url: string) {
  return readFileSync(path.join(buildDir, 'client', url), 'utf8').trim() === ''
}

export function firstLoadScripts(manifest: Manifest, routeId: string) {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])])
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!
    files.add(route.module)
    for (const f of route.imports ?? []) files.add(f)
  }
  return [...files]
}

function main() {
  const manifest = readManifest()
  const rows: Array<{ route: string; 'JS bytes (br)': number; budget: string }> = []
  let over = 0
  for (const route of Object.values(manifest.routes)) {
    if (route.id === 'root' || PRIVATE_ROUTE.test(route.id) || isEmptyModule(route.module)) continue
    const bytes = firstLoadScripts(manifest, route.id).reduce((sum, f) => sum + compressedSize(f), 0)
    if (bytes > JS_BUDGET_BYTES) over++
    rows.push({ route: route.id, 'JS bytes (br)': bytes, budget: bytes > JS_BUDGET_BYTES ? 'OVER' : 'ok' })
  }
  rows.sort((a, b) => b['JS bytes (br)'] - a['JS bytes (br)'])
  console.table(rows)
  if (over) {
    console.error(`${over} public route(s) ship more than ${JS_BUDGET_BYTES} bytes of compressed JavaScript on first load.`)
    process.exit(1)
  }
  console.info(`Every public route is within ${JS_BUDGET_BYTES} bytes of compressed JavaScript on first load.`)
}

main()
