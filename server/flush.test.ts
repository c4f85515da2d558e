import type { Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { coalesceFlushes } from './flush'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

function mounted(flush?: () => void) {
  const res = { flush } as unknown as Response & { flush?: () => void }
  const next = vi.fn()
  coalesceFlushes({} as Request, res, next)
  expect(next).toHaveBeenCalledOnce()
  return res
}

describe('coalesceFlushes', () => {
  it('makes the flushes of one event-loop turn a single flush, after that turn', async () => {
    const flush = vi.fn()
    const res = mounted(flush)
    res.flush!()
    res.flush!()
    res.flush!()
    expect(flush).not.toHaveBeenCalled()
    await nextTurn()
    expect(flush).toHaveBeenCalledOnce()
  })

  it('still flushes what a later turn writes (a streamed Suspense boundary)', async () => {
    const flush = vi.fn()
    const res = mounted(flush)
    res.flush!()
    await nextTurn()
    res.flush!()
    await nextTurn()
    expect(flush).toHaveBeenCalledTimes(2)
  })

  it('leaves a response without flush (no compression) alone', () => {
    expect(mounted(undefined).flush).toBeUndefined()
  })
})
