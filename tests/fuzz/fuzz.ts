import { randomUUID } from 'node:crypto'
import { buildPath, discoverRoutes, matchPath, type RouteModule } from './routes'

// The hostile client of issue 11, against a running server: it crawls the site as each role to learn
// real URLs, forms, field names and ids, then sends every action malformed bodies and every loader
// malformed query strings. A finding is a 5xx, a connection dropped or left without an answer, or a
// redirect to a host the request named (an open redirect). tests/fuzz/fuzz.test.ts runs it in CI
// against the production build; tests/fuzz/report.ts runs it against any server and prints figures.

export type Role = 'visitor' | 'speaker' | 'admin' | 'owner'
export type Identity = { role: Role; cookie?: string }

export type FuzzCase = {
  role: Role
  method: 'GET' | 'POST'
  path: string
  variant: string
  route: string
  headers?: Record<string, string>
  body?: Uint8Array | string
}

export type Outcome = FuzzCase & { status?: number; location?: string | null; error?: string; ms: number }
export type Finding = Outcome & { why: string }

const EVIL_HOST = 'evil.example'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const REDIRECT_FIELD = /return|redirect|next|^to$|^url$|back|destination|continue/i
const ID_FIELD = /(^|_|[a-z])(id|Id|ID)$|^id$|uuid|token|code|submission|slug/
const HUGE = 200 * 1024
// Crawling never follows these: they end the session, render images slowly, or are not pages.
const SKIP_CRAWL = /^\/(logout|og|__e2e|uploads|assets)(\/|$)|\.(png|jpe?g|webp|svg|ico|css|js|pdf|vcf)$/i

// ── Crawl ────────────────────────────────────────────────────────────────────────────────────

export type Form = { action: string; fields: [string, string][] }
export type Crawl = { paths: Map<string, Role>; forms: Form[]; ids: Map<string, Role> }

function decodeEntities(s: string) {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}

function attr(tag: string, name: string) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : null
}

export function parsePage(html: string, pageUrl: URL): { links: string[]; forms: Form[] } {
  const links: string[] = []
  for (const m of html.matchAll(/\shref\s*=\s*"([^"]*)"/gi)) links.push(decodeEntities(m[1]!))
  const forms: Form[] = []
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, tag, inner] = m as unknown as [string, string, string]
    if ((attr(tag, 'method') ?? 'get').toLowerCase() !== 'post') continue
    const action = new URL(attr(tag, 'action') ?? pageUrl.pathname + pageUrl.search, pageUrl)
    const fields: [string, string][] = []
    for (const f of inner.matchAll(/<(input|button|textarea|select)\b([^>]*)>/gi)) {
      const name = attr(f[2]!, 'name')
      if (!name) continue
      const value =
        attr(f[2]!, 'value') ??
        (f[1]!.toLowerCase() === 'select' ? (/<option\b[^>]*value="([^"]*)"/i.exec(inner.slice(f.index!))?.[1] ?? '') : 'x')
      fields.push([name, value])
    }
    forms.push({ action: action.pathname + action.search, fields })
  }
  return { links, forms }
}

export async function crawl(base: string, identities: Identity[], starts: string[], maxPages = 40): Promise<Crawl> {
  const result: Crawl = { paths: new Map(), forms: [], ids: new Map() }
  const origin = new URL(base).origin
  // One crawler per identity, side by side.
  await Promise.all(identities.map((identity) => crawlAs(identity)))
  return result

  async function crawlAs(identity: Identity) {
    const seen = new Set<string>()
    const queue = [...starts]
    let fetched = 0
    while (queue.length && fetched < maxPages) {
      const next = queue.shift()!
      if (seen.has(next)) continue
      seen.add(next)
      fetched++
      let res: Response
      try {
        res = await fetch(origin + next, {
          headers: identity.cookie ? { Cookie: identity.cookie } : {},
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        })
      } catch {
        continue
      }
      if (!result.paths.has(next)) result.paths.set(next, identity.role)
      if (!(res.headers.get('Content-Type') ?? '').includes('text/html')) {
        await res.arrayBuffer().catch(() => {})
        continue
      }
      const { links, forms } = parsePage(await res.text(), new URL(next, origin))
      for (const form of forms) {
        result.forms.push(form)
        for (const [, value] of form.fields) if (UUID.test(value) && !result.ids.has(value)) result.ids.set(value, identity.role)
      }
      for (const link of links) {
        let url: URL
        try {
          url = new URL(link, origin + next)
        } catch {
          continue
        }
        if (url.origin !== origin || SKIP_CRAWL.test(url.pathname)) continue
        for (const part of url.pathname.split('/'))
          if (UUID.test(part) && !result.ids.has(part)) result.ids.set(part, identity.role)
        const path = url.pathname + url.search
        if (!seen.has(path) && queue.length < 400) queue.push(path)
      }
    }
  }
}

// ── Cases ────────────────────────────────────────────────────────────────────────────────────

const enc = new TextEncoder()
const urlencode = (entries: [string, string][]) =>
  entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
const FORM = 'application/x-www-form-urlencoded'

/** Real paths of this route seen while crawling, with the role that saw them. */
function realPaths(route: RouteModule, c: Crawl) {
  const found: { path: string; role: Role }[] = []
  for (const [path, role] of c.paths) {
    if (matchPath(route, path.split('?')[0]!)) found.push({ path: path.split('?')[0]!, role })
  }
  return found
}

function withIndex(route: RouteModule, path: string) {
  return route.isIndex ? `${path}?index` : path
}

function fieldsFor(route: RouteModule, c: Crawl): [string, string][] {
  const merged = new Map<string, string>()
  for (const form of c.forms) {
    if (!matchPath(route, form.action.split('?')[0]!)) continue
    for (const [k, v] of form.fields) if (!merged.has(k)) merged.set(k, v)
  }
  if (merged.size === 0) {
    for (const [k, v] of [
      ['intent', 'save'],
      ['id', randomUUID()],
      ['email', 'fuzz@example.com'],
      ['name', 'Fuzz'],
      ['return_to', '/'],
    ] as const)
      merged.set(k, v)
  }
  return [...merged]
}

function multipart(boundary: string, entries: [string, string][]) {
  return entries.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')
}

/** Malformed bodies for one action at one path, as one role. */
function bodyCases(route: RouteModule, role: Role, path: string, fields: [string, string][], otherIds: string[]): FuzzCase[] {
  const base = { role, method: 'POST' as const, path, route: route.file }
  const form = (variant: string, entries: [string, string][], extra: Partial<FuzzCase> = {}): FuzzCase => ({
    ...base,
    variant,
    headers: { 'Content-Type': FORM },
    body: urlencode(entries),
    ...extra,
  })
  const isId = (k: string) => ID_FIELD.test(k)
  const other = otherIds[0] ?? randomUUID()
  const cases: FuzzCase[] = [
    { ...base, variant: 'no body' },
    {
      ...base,
      variant: 'JSON',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(fields)),
    },
    {
      ...base,
      variant: 'JSON, Accept JSON',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"intent":',
    },
    { ...base, variant: 'text', headers: { 'Content-Type': 'text/plain' }, body: 'hello=world' },
    form(
      'urlencoded NUL and control characters',
      fields.map(([k, v]) => [k, `${v}\u0000\u0001\u001b`]),
    ),
    {
      ...base,
      variant: 'urlencoded invalid UTF-8',
      headers: { 'Content-Type': FORM },
      body: new Uint8Array([...enc.encode(`${urlencode(fields)}&x=`), 0xff, 0xfe, 0xc0, 0xaf]),
    },
    form('urlencoded invalid UTF-8 escape', [...(fields.map(([k]) => [k, '']) as [string, string][])], {
      body: `${fields.map(([k]) => `${encodeURIComponent(k)}=%FF%FE%C0%AF`).join('&')}&bad=%zz`,
    }),
    form(
      'arrays for scalars',
      fields.flatMap(
        ([k, v]) =>
          [
            [k, v],
            [k, `${v}2`],
          ] as [string, string][],
      ),
    ),
    form('unknown intent', [...fields.filter(([k]) => k !== 'intent'), ['intent', 'no-such-intent']]),
    form(
      'ids that are not UUIDs',
      fields.map(([k, v]) => (isId(k) ? [k, "1' OR '1'='1"] : [k, v])),
    ),
    form(
      'random UUIDs',
      fields.map(([k, v]) => (isId(k) ? [k, randomUUID()] : [k, v])),
    ),
    form(
      "someone else's ids",
      fields.map(([k, v]) => (isId(k) ? [k, other] : [k, v])),
    ),
    form('open-redirect targets', [
      ...fields.map(([k, v]) => (REDIRECT_FIELD.test(k) ? [k, `https://${EVIL_HOST}/x`] : [k, v]) as [string, string]),
      ['return_to', `//${EVIL_HOST}/x`],
      ['redirectTo', `https://${EVIL_HOST}/`],
    ]),
    {
      ...base,
      variant: 'multipart without boundary',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: multipart('b0und', fields),
    },
    {
      ...base,
      variant: 'multipart truncated',
      headers: { 'Content-Type': 'multipart/form-data; boundary=b0und' },
      body: `${multipart('b0und', fields)}--b0und\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
    },
  ]
  if (role !== 'speaker') {
    cases.push(
      form(
        'huge values',
        fields.map(([k]) => [k, 'a'.repeat(HUGE)]),
      ),
    )
  }
  return cases
}

export function buildCases(c: Crawl, routes: RouteModule[] = discoverRoutes()): FuzzCase[] {
  const cases: FuzzCase[] = []
  const otherIds = (role: Role) => [...c.ids].filter(([, owner]) => owner !== role).map(([id]) => id)
  for (const route of routes) {
    const real = realPaths(route, c)
    const uuidPath = buildPath(route, Object.fromEntries(route.params.map((p) => [p, randomUUID()])))
    const junkPath = route.params.length ? buildPath(route, Object.fromEntries(route.params.map((p) => [p, 'not-a-uuid']))) : null

    if (route.hasAction) {
      const fields = fieldsFor(route, c)
      for (const role of ['visitor', 'speaker', 'admin'] as const) {
        // Prefer a path someone else saw (someone else's record); else one of ours; else random ids.
        const target = real.find((r) => r.role !== role) ?? real[0]
        const primary = withIndex(route, target?.path ?? uuidPath)
        cases.push(...bodyCases(route, role, primary, fields, otherIds(role)))
        for (const extra of [target ? uuidPath : null, junkPath].filter((p): p is string => !!p)) {
          cases.push({
            role,
            method: 'POST',
            path: withIndex(route, extra),
            route: route.file,
            variant: 'form at a path with unknown ids',
            headers: { 'Content-Type': FORM },
            body: urlencode(fields),
          })
        }
      }
    }

    // Query-string garbage to every loader (and every page), at a real path and at made-up ids.
    const paths = [real[0]?.path ?? uuidPath, ...(route.params.length ? [uuidPath, junkPath!] : [])]
    if (route.params.length)
      paths.push(`/${route.segments.map((s) => (s.startsWith(':') || s === '*' ? '%FF%FE' : s)).join('/')}`)
    for (const role of ['visitor', 'admin'] as const) {
      for (const [i, path] of paths.entries()) {
        const queries = i === 0 ? QUERY_GARBAGE : QUERY_GARBAGE.slice(0, 1)
        for (const [variant, query] of queries) {
          cases.push({ role, method: 'GET', path: `${path}${query}`, route: route.file, variant: `query: ${variant}` })
        }
      }
    }
  }
  return cases
}

const QUERY_GARBAGE: [string, string][] = [
  ['none', ''],
  ['NUL', '?tag=%00&q=%00&page=%00&id=%00'],
  ['invalid UTF-8 and repeats', '?q=%FF%FE&tag=%C0%AF&page=-1&page=2&sort=%zz&type=%E0%A4%A'],
  [
    'open-redirect targets and odd numbers',
    `?returnTo=//${EVIL_HOST}&redirectTo=https://${EVIL_HOST}&return_to=//${EVIL_HOST}&next=https://${EVIL_HOST}&to=https://${EVIL_HOST}/&url=https://${EVIL_HOST}&from=//${EVIL_HOST}&page=99999999999999999999&limit=-5&session=1%27&edit=${randomUUID()}`,
  ],
  ['huge value', `?q=${'a'.repeat(8000)}`],
  ['a confirm modal with a bad id', '?modal=delete&id=not-a-uuid&edit=not-a-uuid&confirm=not-a-uuid&page=1e3'],
  ['a confirm modal with an unknown id', `?modal=delete&id=${randomUUID()}&modal=../../etc/passwd`],
]

// ── Run ──────────────────────────────────────────────────────────────────────────────────────

export async function send(base: string, identity: Identity | undefined, c: FuzzCase): Promise<Outcome> {
  const started = Date.now()
  const headers = new Headers(c.headers)
  if (identity?.cookie) headers.set('Cookie', identity.cookie)
  if (c.method === 'POST') headers.set('Origin', new URL(base).origin)
  try {
    const res = await fetch(base + c.path, {
      method: c.method,
      headers,
      body: c.body as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    })
    await res.arrayBuffer()
    return { ...c, status: res.status, location: res.headers.get('Location'), ms: Date.now() - started }
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return { ...c, error: `${error instanceof Error ? error.message : String(error)}${cause}`, ms: Date.now() - started }
  }
}

export async function runCases(base: string, identities: Identity[], cases: FuzzCase[], concurrency = 4): Promise<Outcome[]> {
  const byRole = new Map(identities.map((i) => [i.role, i]))
  const outcomes: Outcome[] = new Array(cases.length)
  // Sessions can end mid-run (a logout, a deleted account): those cases go last.
  const order = cases
    .map((_, i) => i)
    .sort((a, b) => Number(/logout|delete|erase/i.test(cases[a]!.path)) - Number(/logout|delete|erase/i.test(cases[b]!.path)))
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < order.length) {
        const i = order[next++]!
        outcomes[i] = await send(base, byRole.get(cases[i]!.role), cases[i]!)
      }
    }),
  )
  return outcomes
}

export function findings(outcomes: Outcome[]): Finding[] {
  const found: Finding[] = []
  for (const o of outcomes) {
    if (o.error) found.push({ ...o, why: `no answer (${o.error})` })
    else if (o.status! >= 500) found.push({ ...o, why: `HTTP ${o.status}` })
    else if (o.location && redirectsOffSite(o.location)) found.push({ ...o, why: `open redirect to ${o.location}` })
  }
  return found
}

/** A Location that leaves for the host the request named (a same-site login URL that merely carries it is fine). */
function redirectsOffSite(location: string) {
  try {
    return new URL(location, 'http://lectern.invalid').hostname.endsWith(EVIL_HOST)
  } catch {
    return false
  }
}

export function describeFinding(f: Finding) {
  return `${f.why.padEnd(14)} ${f.role.padEnd(7)} ${f.method} ${f.path.slice(0, 90)}  [${f.variant}] (${f.route})`
}

/** Sign-ins through the e2e test hook (NODE_ENV=test, E2E_TEST_HOOKS=1); none when it is not there. */
export async function testIdentities(base: string): Promise<{ identities: Identity[]; starts: string[] }> {
  const identities: Identity[] = [{ role: 'visitor' }]
  const starts: string[] = []
  const signIn = async (email: string, role: 'speaker' | 'admin') => {
    const res = await fetch(`${base}/__e2e/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ email, role }),
    }).catch(() => null)
    if (!res?.ok) return undefined
    return res.headers.get('Set-Cookie')?.split(';')[0]
  }
  const owner = await signIn('fuzz-owner@example.com', 'speaker')
  if (!owner) return { identities, starts }
  // The owner's session page gives the attendee and speaker routes real codes and ids to aim at.
  const lead = await fetch(`${base}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'fuzz-owner@example.com' }),
  }).catch(() => null)
  if (lead?.ok) {
    const { code } = (await lead.json()) as { code: string }
    starts.push(`/t/${code}`)
  }
  identities.push({ role: 'owner', cookie: owner })
  const speaker = await signIn('fuzz-speaker@example.com', 'speaker')
  if (speaker) identities.push({ role: 'speaker', cookie: speaker })
  const admin = await signIn(process.env.FUZZ_ADMIN_EMAIL ?? 'admin@example.com', 'admin')
  if (admin) identities.push({ role: 'admin', cookie: admin })
  return { identities, starts }
}

/** Crawl starting points: the home page, every route without params, and any extra. */
export function crawlStarts(routes: RouteModule[], extra: string[] = []) {
  return ['/', ...routes.filter((r) => r.params.length === 0).map((r) => buildPath(r, {})), ...extra]
}
