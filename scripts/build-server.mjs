// Bundles the Express entry; the Remix build it loads stays in build/server.
import { build } from 'esbuild'

await build({
  entryPoints: ['server/index.ts'],
  outfile: `${process.env.BUILD_DIR ?? 'build'}/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
