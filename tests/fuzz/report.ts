import { buildCases, crawl, crawlStarts, describeFinding, findings, runCases, testIdentities } from './fuzz'
import { discoverRoutes } from './routes'

// The fuzz suite against any running server, with figures: `npx tsx tests/fuzz/report.ts http://127.0.0.1:3000`.
// Signed-in roles only when the server runs with the e2e test hooks (NODE_ENV=test E2E_TEST_HOOKS=1);
// otherwise everything is sent as a visitor.

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
const started = Date.now()
const routes = discoverRoutes()
const { identities, starts } = await testIdentities(base)
const c = await crawl(base, identities, crawlStarts(routes, starts))
let cases = buildCases(c, routes)
const roles = new Set(identities.map((i) => i.role))
cases = cases.filter((k) => roles.has(k.role))
const outcomes = await runCases(base, identities, cases)
const found = findings(outcomes)
const count = (pred: (o: (typeof outcomes)[number]) => boolean) => outcomes.filter(pred).length
console.log(
  `routes: ${routes.length} (${routes.filter((r) => r.hasAction).length} with an action); roles: ${[...roles].join(', ')}`,
)
console.log(`crawled ${c.paths.size} pages, ${c.forms.length} forms, ${c.ids.size} ids`)
console.log(`requests: ${outcomes.length} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
console.log(
  `  POST: ${count((o) => o.method === 'POST')}, 5xx: ${count((o) => o.method === 'POST' && (o.status ?? 0) >= 500)}, no answer: ${count((o) => o.method === 'POST' && !!o.error)}`,
)
console.log(
  `  GET:  ${count((o) => o.method === 'GET')}, 5xx: ${count((o) => o.method === 'GET' && (o.status ?? 0) >= 500)}, no answer: ${count((o) => o.method === 'GET' && !!o.error)}`,
)
console.log(
  `  4xx: ${count((o) => (o.status ?? 0) >= 400 && (o.status ?? 0) < 500)}, open redirects: ${found.filter((f) => f.why.startsWith('open')).length}`,
)
console.log(`findings: ${found.length}`)
for (const f of found.slice(0, Number(process.env.FUZZ_SHOW ?? 60))) console.log(`  ${describeFinding(f)}`)
