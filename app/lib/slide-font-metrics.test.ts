import { createRequire } from 'node:module'
import { expect, it } from 'vitest'
import { interMetrics } from '../../scripts/font-metrics'
import { INTER_ADVANCES, INTER_UNITS_PER_EM } from './slide-font-metrics'

it('the width table matches the bundled Inter (regenerate: npx tsx scripts/font-metrics.ts)', () => {
  const { unitsPerEm, rows } = interMetrics(createRequire(import.meta.url).resolve)
  expect(unitsPerEm).toBe(INTER_UNITS_PER_EM)
  expect(rows).toEqual(INTER_ADVANCES)
})
