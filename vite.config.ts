import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  server: { host: '127.0.0.1' },
  build: { target: 'es2020', cssMinify: true },
  ssr: {
    // Native or Node-only packages stay external in the server build.
    external: ['@electric-sql/pglite', 'sharp', '@resvg/resvg-js', 'jsdom', 'postgres'],
  },
  plugins: [
    tailwindcss(),
    remix({
      // BUILD_DIR lets parallel checkouts of the test suite build side by side.
      buildDirectory: process.env.BUILD_DIR ?? 'build',
      ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.server.{ts,tsx}'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: false,
      },
    }),
    tsconfigPaths(),
  ],
})
