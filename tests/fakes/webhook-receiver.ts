import { createServer } from 'node:http'

// A local webhook receiver for the end-to-end tests (reached through WEBHOOK_ALLOWED_HOSTS).
// Every POST is kept with its headers and raw body; a path containing "/fail-first" answers 500 the
// first time it is hit, then 200. Test control: GET /__fake/received?path=/x → the messages to /x.
export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string }

export async function startWebhookReceiver(port = 0, host = '127.0.0.1') {
  const received: ReceivedWebhook[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      if (req.method === 'GET' && url.pathname === '/__fake/received') {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return res.end(JSON.stringify(received.filter((r) => r.path === url.searchParams.get('path'))))
      }
      if (req.method === 'GET' && url.pathname === '/__fake/health') return res.end('ok')
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
      const firstTime = !received.some((r) => r.path === url.pathname)
      received.push({ path: url.pathname, headers, body })
      const fail = url.pathname.includes('/fail-first') && firstTime
      res.writeHead(fail ? 500 : 200, { 'Content-Type': 'text/plain' })
      res.end(fail ? 'receiver warming up' : `received ${headers['webhook-id']}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  return { server, received }
}

if (process.argv[1]?.endsWith('webhook-receiver.ts')) {
  const port = Number(process.argv[2] ?? 0)
  await startWebhookReceiver(port)
  console.info(`webhook receiver on 127.0.0.1:${port}`)
}
