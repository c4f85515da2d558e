import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// `npm run lint` ends with `npm run check:cycles` (madge, configured by .madgerc): import-x/no-cycle
// skips type-only imports, so a component importing the type of its own route's loader while the
// route imports the component passed lint (issue 29 Deliver 5). These tests prove the check, with the
// repository's own configuration, counts a cycle made only of `import type` — and passes without one.

const run = promisify(execFile)
const madge = path.resolve('node_modules/.bin/madge')
const dir = mkdtempSync(path.join(tmpdir(), 'madge-cycles-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function check(folder: string) {
  try {
    const { stdout } = await run(madge, ['--circular', '--no-spinner', '--no-color', folder], { cwd: process.cwd() })
    return { code: 0, stdout }
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string }
    return { code, stdout }
  }
}

describe('check:cycles (madge with type imports counted)', () => {
  it('fails on a cycle of type-only imports between a route and its component', async () => {
    const folder = path.join(dir, 'typed')
    mkdirSync(folder)
    writeFileSync(
      path.join(folder, 'route.tsx'),
      "import { Banner } from './banner'\nexport const loader = () => ({ ok: true })\nexport const page = Banner\n",
    )
    writeFileSync(
      path.join(folder, 'banner.tsx'),
      "import type { loader } from './route'\nexport function Banner(data: ReturnType<typeof loader>) { return data.ok }\n",
    )
    const result = await check(folder)
    expect(result.code).not.toBe(0)
    expect(result.stdout).toMatch(/^1\) (banner\.tsx > route\.tsx|route\.tsx > banner\.tsx)$/m)
  })

  it('passes once the shared type lives in a lower module', async () => {
    const folder = path.join(dir, 'layered')
    mkdirSync(folder)
    writeFileSync(path.join(folder, 'frame.ts'), 'export type Frame = { ok: boolean }\n')
    writeFileSync(
      path.join(folder, 'route.tsx'),
      "import type { Frame } from './frame'\nimport { Banner } from './banner'\nexport const loader = (): Frame => ({ ok: true })\nexport const page = Banner\n",
    )
    writeFileSync(
      path.join(folder, 'banner.tsx'),
      "import type { Frame } from './frame'\nexport function Banner(data: Frame) { return data.ok }\n",
    )
    const result = await check(folder)
    expect(result.code).toBe(0)
    expect(result.stdout).not.toMatch(/^1\) /m)
  })
})
