import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import autocannon from 'autocannon'
import { parseConfig, resetConfig } from '../app/config.server'
import { issueSubmissionToken } from '../app/platform/lead-tokens.server'
import { startBuiltServer, type BuiltServer } from '../tests/integration/built-server'

// npm run bench:display (issue 33 Deliver 8; docs/feedback.md → Measured): BENCH_STREAMS (500) open
// display streams of one session on one server process (the production build; BENCH_DATABASE_URL
// runs it on Postgres, else PGlite), the server's memory per stream, and the time from a sign-up on
// that session (its 303) to the update reaching the last of the streams, BENCH_PROBES (30) times,
// while a bench:leads-style load (autocannon, BENCH_CONNECTIONS connections posting sign-ups to other
// sessions) runs. Targets: ≤ 50 KB per stream, p99 ≤ 1 s.

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500)
const PROBES = Number(process.env.BENCH_PROBES ?? 30)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const LOAD_SESSIONS = 20
const SECRET = 'http-test-secret' // what tests/integration/built-server.ts gives the server

function rssKb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1])
}

async function hookSession(server: BuiltServer, email: string) {
  const res = await fetch(`${server.url}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email, plan: 'pro' }),
  })
  return (await res.json()) as { code: string; sessionId: string }
}

async function displayToken(server: BuiltServer, email: string, sessionId: string) {
  const cookie = await server.signIn(email)
  const res = await fetch(`${server.url}/app/sessions/${sessionId}`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'display-make' }),
  })
  return /\/d\/([A-Za-z0-9_-]{43})/.exec(await res.text())![1]!
}

/** One display stream over a raw socket: calls `onCount` with each `counts` event's sign-ups. */
function openStream(url: string, onCount: (signups: number) => void) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(url, { headers: { Accept: 'text/event-stream' }, agent: false }, (res) => {
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!block.includes('event: counts')) continue
          const data = /data: (.*)/.exec(block)?.[1]
          if (data) onCount((JSON.parse(data) as { signups: number }).signups)
        }
      })
      resolve(res)
    })
    req.on('error', reject)
    req.end()
  })
}

function signUpBody(sessionId: string) {
  const id = randomUUID()
  return new URLSearchParams({
    submission: issueSubmissionToken(sessionId, id),
    first_name: 'Attendee',
    email: `a-${id}@bench.example`,
    q_role: 'Engineering',
  }).toString()
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function main() {
  resetConfig(parseConfig({ NODE_ENV: 'test', SESSION_SECRET: SECRET, SEED_DEMO: 'false' }))
  const databaseUrl = process.env.BENCH_DATABASE_URL
  // NODE_ENV=test for the test hooks that make the sessions; the build and its paths are production's.
  const server = await startBuiltServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {})
  const pid = server.child.pid!
  try {
    const email = `display-bench-${Date.now()}@example.com`
    const display = await hookSession(server, email)
    const token = await displayToken(server, email, display.sessionId)
    const load = await Promise.all(
      Array.from({ length: LOAD_SESSIONS }, (_, i) => hookSession(server, `load-${i}-${Date.now()}@example.com`)),
    )

    // Warm up the stream path once, then measure the server's memory with and without the streams.
    const warm = await openStream(`${server.url}/d/${token}/events`, () => {})
    warm.destroy()
    await new Promise((r) => setTimeout(r, 1_000))
    const before = rssKb(pid)
    const latest: number[] = new Array(STREAMS).fill(-1)
    const seen: Array<(n: number) => void> = []
    const streams: IncomingMessage[] = []
    for (let i = 0; i < STREAMS; i++) {
      streams.push(
        await openStream(`${server.url}/d/${token}/events`, (n) => {
          latest[i] = n
          for (const f of seen) f(n)
        }),
      )
    }
    const deadline = Date.now() + 30_000
    while (latest.some((n) => n < 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 2_000))
    const after = rssKb(pid)
    const perStreamKb = Math.round(((after - before) / STREAMS) * 10) / 10

    // The sign-up load on other sessions, as bench:leads posts it.
    let next = 0
    const running = autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: Math.ceil(PROBES * 0.6) + 5,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const s = load[next++ % load.length]!
            return {
              ...req,
              path: `/t/${s.code}`,
              body: signUpBody(s.sessionId),
              headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
            }
          },
        },
      ],
    })
    await new Promise((r) => setTimeout(r, 2_000))

    const times: number[] = []
    for (let probe = 1; probe <= PROBES; probe++) {
      const reached = new Promise<number>((resolve) => {
        const check = () => {
          if (latest.every((n) => n >= probe)) {
            seen.splice(seen.indexOf(check), 1)
            resolve(performance.now())
          }
        }
        seen.push(check)
      })
      const res = await fetch(`${server.url}/t/${display.code}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
        body: signUpBody(display.sessionId),
      })
      const acknowledged = performance.now()
      if (res.status !== 303) throw new Error(`sign-up answered ${res.status}`)
      const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 5_000))
      times.push(Math.max(0, (await Promise.race([reached, timeout])) - acknowledged))
      await new Promise((r) => setTimeout(r, 300))
    }
    const loadResult = await running
    for (const s of streams) s.destroy()

    const sorted = [...times].sort((a, b) => a - b)
    const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
    const result = {
      driver: databaseUrl ? 'postgres' : 'pglite',
      streams: STREAMS,
      rssBeforeMb: Math.round(before / 1024),
      rssAfterMb: Math.round(after / 1024),
      perStreamKb,
      probes: PROBES,
      lastStreamUpdateMs: {
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        max: Math.round(sorted.at(-1)!),
      },
      backgroundSignupsPerSecond: Math.round(loadResult.requests.average),
      backgroundP99Ms: loadResult.latency.p99,
      loadAverage: load1,
    }
    console.log(JSON.stringify(result, null, 2))
    console.log(
      `per stream ${perStreamKb} KB (target ≤ 50 KB: ${perStreamKb <= 50 ? 'met' : 'NOT met'}); ` +
        `sign-up → last of ${STREAMS} streams p99 ${result.lastStreamUpdateMs.p99} ms (target ≤ 1000 ms: ${result.lastStreamUpdateMs.p99 <= 1000 ? 'met' : 'NOT met'})`,
    )
  } finally {
    await server.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
