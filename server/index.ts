import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type GetLoadContextFunction } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { parseConfig, storageImageSource, stripeFormOrigins } from '../app/config.server'
import { REQUEST_BODY_CEILING_BYTES } from '../app/lib/constants'
import { attendeeRoute } from './attendee-route'
import { clientReady } from './drain'
import { coalesceFlushes } from './flush'
import { inFlightHandlers } from './in-flight'
import { pageCache } from './page-cache'
import { installRouteMatchingMemo } from './route-matching'
import {
  allowOn405,
  apiRefusals,
  bodyCeiling,
  closeUnreadBodies,
  refuseControlCharactersInUrl,
  requestId,
  sameOriginPosts,
  securityHeaders,
  uploadsStatic,
} from './security'
import { precompressedAssets } from './static-assets'

type AppModule = {
  startApp: () => Promise<unknown>
  stopApp: () => Promise<void>
  checkHealth: () => Promise<{ ok: boolean; driver?: string; error?: string }>
  closeDisplayStreams: () => void
}

const SHUTDOWN_TIMEOUT_MS = 10_000

export async function createApp() {
  const config = parseConfig()
  const isDev = config.NODE_ENV === 'development'
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
  const viteDevServer = isDev
    ? await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))
    : undefined

  const loadBuild = async (): Promise<ServerBuild> =>
    viteDevServer
      ? ((await viteDevServer.ssrLoadModule('virtual:remix/server-build')) as ServerBuild)
      : ((await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild)
  const appModule = async () => (await loadBuild()).entry.module as unknown as AppModule

  // Route matching remembered per pathname (server/route-matching.ts); development rebuilds the tree.
  if (!viteDevServer) installRouteMatchingMemo()

  // Database, migrations, demo seed and the outbox worker start before the first request.
  await (await appModule()).startApp()

  const app = express()
  // Handlers that touch the database are counted until they finish, so shutdown can wait for them.
  const inFlight = inFlightHandlers()
  app.disable('x-powered-by')
  if (config.TRUST_PROXY) app.set('trust proxy', true)
  app.use(requestId({ trustProxy: config.TRUST_PROXY }))
  app.use(apiRefusals(config.appUrl))
  app.use(allowOn405)
  app.use(closeUnreadBodies(REQUEST_BODY_CEILING_BYTES))
  app.use(compression(), coalesceFlushes)
  app.use(
    securityHeaders({
      isProduction: config.isProduction,
      isDev,
      appUrl: config.appUrl,
      extraScriptOrigins: [config.CHAT_WIDGET_URL, config.AFFILIATE_WIDGET_URL].filter((u): u is string => !!u),
      storageImageSource: storageImageSource(config),
      formActionOrigins: stripeFormOrigins(config),
      extraFrameOrigins: [config.DEMO_VIDEO_URL, config.AFFILIATE_WIDGET_URL, config.CALENDAR_URL].filter(
        (u): u is string => !!u,
      ),
    }),
  )

  app.get(
    '/healthz',
    inFlight.track(async (_req, res) => {
      const health = await (await appModule()).checkHealth()
      res
        .status(health.ok ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json(health)
    }),
  )

  // Local uploads (app/services/storage.server.ts) when no S3 bucket is configured.
  app.use('/uploads', uploadsStatic(path.join(config.dataDir, 'uploads')))

  if (viteDevServer) {
    app.use(viteDevServer.middlewares)
  } else {
    // Hashed assets never change: cache them for a year.
    const assets = path.join(buildDir, 'client/assets')
    app.use('/assets', precompressedAssets(assets), express.static(assets, { immutable: true, maxAge: '1y', index: false }))
    app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }))
  }

  if (config.NODE_ENV === 'test' && process.env.E2E_TEST_HOOKS === '1') {
    const { mountTestHooks } = await import('./test-hooks')
    mountTestHooks(app, inFlight.track)
  }

  app.use(refuseControlCharactersInUrl)
  app.use(sameOriginPosts(config.appUrl))
  // Each route's own limit is enforced while its body is read (app/services/request-body.server.ts);
  // this only refuses what no route accepts, before any of it is read.
  app.use(bodyCeiling(REQUEST_BODY_CEILING_BYTES))

  // Rate limits and logging need the client address; forwarded headers count only behind a trusted proxy.
  app.use((req, _res, next) => {
    req.headers['x-lectern-remote-addr'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
    next()
  })

  const mode = config.NODE_ENV === 'production' ? 'production' : 'development'
  const getLoadContext: GetLoadContextFunction = (req, res) => ({
    cspNonce: String(res.locals.cspNonce ?? ''),
    requestId: String(res.locals.requestId ?? ''),
    // The socket's peer, whatever TRUST_PROXY says (req.ip follows X-Forwarded-For then).
    remoteAddress: req.socket.remoteAddress ?? '',
    clientReady: () => clientReady(res),
  })
  // The attendee page and its sign-up without Remix's route matching (server/attendee-route.ts); in
  // development Remix serves it from the same route module.
  if (!viteDevServer) app.all('/t/:code', inFlight.track(attendeeRoute({ build: await loadBuild(), getLoadContext })))
  // Anonymous public pages from the per-process page cache (server/page-cache.ts); not in development.
  if (!viteDevServer && config.PAGE_CACHE_TTL_SECONDS > 0) {
    app.use(
      inFlight.track(pageCache({ build: await loadBuild(), mode, ttlSeconds: config.PAGE_CACHE_TTL_SECONDS, getLoadContext })),
    )
  }

  app.all(
    '*',
    inFlight.track(
      createRequestHandler({
        build: viteDevServer ? loadBuild : await loadBuild(),
        mode,
        getLoadContext,
      }),
    ),
  )

  return { app, config, appModule, viteDevServer, inFlight }
}

export async function startServer() {
  const { app, config, appModule, viteDevServer, inFlight } = await createApp()
  const server: Server = createServer(app)
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  console.info(`Lectern listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.info(`${signal} received: finishing in-flight requests`)
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    force.unref()
    // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // Live display streams never finish by themselves: end them (their EventSources reconnect to
    // another process, or to this server once it is back), so their sockets go idle and close too.
    ;(await appModule()).closeDisplayStreams()
    server.closeIdleConnections()
    // A socket that finishes its response goes idle but stays open for keep-alive: close those too.
    const sweep = setInterval(() => server.closeIdleConnections(), 100)
    await closed
    clearInterval(sweep)
    // A client that left mid-request closed its socket, not its handler: let those finish (a sign-up
    // sent just before the phone lost the network is still stored) before the database closes.
    await inFlight.settled()
    await viteDevServer?.close()
    await (await appModule()).stopApp()
    console.info('Lectern stopped')
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  return server
}

/**
 * WEB_CONCURRENCY > 1 on Postgres: this process only supervises that many server processes sharing
 * the port (node:cluster). The first starts alone (migrations, seed), the others once it listens; one
 * that dies is replaced; SIGTERM/SIGINT is passed on and waited for. Each runs its own job worker
 * (jobs are claimed with SKIP LOCKED), page cache (bounded by its TTL) and per-session sign-up limit
 * (its share of the limit).
 */
async function supervise(processes: number) {
  let stopping = false
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork()
      let listening = false
      worker.once('listening', () => {
        listening = true
        resolve()
      })
      worker.once('exit', (code, signal) => {
        if (stopping) return
        // A process that never got to listen is a start-up failure (configuration, database): stop.
        if (!listening) return reject(new Error(`A server process exited during start-up (${signal ?? code}).`))
        console.error(`Server process ${worker.process.pid} exited (${signal ?? code}); starting another`)
        start().catch(fail)
      })
    })
  const fail = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    process.exit(1)
  }
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined)
    const exited = workers.map((w) => new Promise((resolve) => (w.isDead() ? resolve(null) : w.once('exit', resolve))))
    for (const worker of workers) worker.process.kill(signal)
    const force = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + 2_000)
    force.unref()
    await Promise.all(exited)
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  try {
    await start()
    await Promise.all(Array.from({ length: processes - 1 }, start))
  } catch (error) {
    fail(error)
  }
}

function main() {
  const config = parseConfig()
  if (config.WEB_CONCURRENCY > 1 && config.webProcesses === 1) {
    console.warn('WEB_CONCURRENCY is ignored: several processes need Postgres (DATABASE_URL) and a production build.')
  }
  if (cluster.isPrimary && config.webProcesses > 1) return supervise(config.webProcesses)
  return startServer()
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
