// Brotli (q11) and gzip (9) copies of the built client scripts and styles, made once at build time
// and served by server/static-assets.ts: the bytes a phone downloads are the smallest the formats
// allow, at no CPU cost per request (docs/performance.md).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dir = path.join(process.env.BUILD_DIR ?? 'build', 'client', 'assets')
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue
  const file = path.join(dir, name)
  const body = readFileSync(file)
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
}
