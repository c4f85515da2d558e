// npm run bench:lighthouse — Lighthouse 12 (mobile, the default) on each page of issue 12, offline
// against the production build (PGlite, demo data). Not part of the tests: it measures.
//
// Builds unless BENCH_SKIP_BUILD=1, starts the server like bench:pages, runs the pinned `lighthouse`
// CLI once per page in headless Chromium (CHROME_PATH, default /usr/bin/chromium) and prints the
// four category scores, CLS, LCP, TBT and the audits that cost accessibility, best-practices or SEO
// points. BENCH_PAGES narrows the pages (labels as in bench:pages); BENCH_JSON writes the rows.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildUnlessSkipped, discoverPages, startBenchServer } from './bench-server'

type Audit = { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }
type Report = {
  categories: Record<string, { score: number; auditRefs: Array<{ id: string; weight: number }> }>
  audits: Record<string, Audit>
}

function lighthouse(url: string, outDir: string): Report {
  const out = path.join(outDir, 'report.json')
  const result = spawnSync(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  )
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`)
  return JSON.parse(readFileSync(out, 'utf8')) as Report
}

/** Titles of the audits that lost points in a category (weight > 0, score < 1). */
function failing(report: Report, category: string) {
  return report.categories[category]!.auditRefs.filter(
    (ref) => ref.weight > 0 && report.audits[ref.id]!.scoreDisplayMode === 'binary' && report.audits[ref.id]!.score !== 1,
  ).map((ref) => ref.id)
}

async function main() {
  buildUnlessSkipped()
  const { base, stop } = await startBenchServer('')
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-lighthouse-'))
  const rows: Array<Record<string, string | number>> = []
  const problems: string[] = []
  try {
    for (const page of (await discoverPages(base)).filter((p) => !p.path.includes('?'))) {
      const report = lighthouse(base + page.path, outDir)
      const score = (c: string) => Math.round(report.categories[c]!.score * 100)
      const a = report.audits
      rows.push({
        page: page.label,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        CLS: Number((a['cumulative-layout-shift']!.numericValue ?? 0).toFixed(3)),
        'LCP ms': Math.round(a['largest-contentful-paint']!.numericValue ?? 0),
        'TBT ms': Math.round(a['total-blocking-time']!.numericValue ?? 0),
      })
      for (const category of ['accessibility', 'best-practices', 'seo']) {
        const ids = failing(report, category)
        if (ids.length) problems.push(`${page.label} ${category}: ${ids.join(', ')}`)
      }
    }
  } finally {
    await stop()
    rmSync(outDir, { recursive: true, force: true })
  }
  console.table(rows)
  if (problems.length) console.log(`\nAudits that cost points:\n${problems.join('\n')}`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rows, problems }, null, 2))
}

await main()
