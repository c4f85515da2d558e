import type { NextFunction, Request, Response } from 'express'
import { describe, expect, it } from 'vitest'
import { inFlightHandlers } from './in-flight'

const call = (handler: (req: Request, res: Response, next: NextFunction) => unknown) =>
  handler({} as Request, {} as Response, () => undefined)

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('inFlightHandlers', () => {
  it('counts a handler until its promise settles, and settled() waits for it', async () => {
    const inFlight = inFlightHandlers()
    const work = deferred()
    call(inFlight.track(() => work.promise))
    expect(inFlight.size).toBe(1)
    let done = false
    const waiting = inFlight.settled().then(() => (done = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(done).toBe(false)
    work.resolve()
    await waiting
    expect(done).toBe(true)
    expect(inFlight.size).toBe(0)
  })

  it('waits for a handler that started while it was waiting', async () => {
    const inFlight = inFlightHandlers()
    const first = deferred()
    const second = deferred()
    call(inFlight.track(() => first.promise))
    let done = false
    const waiting = inFlight.settled().then(() => (done = true))
    call(inFlight.track(() => second.promise))
    first.resolve()
    await new Promise((r) => setTimeout(r, 10))
    expect(done).toBe(false)
    second.resolve()
    await waiting
    expect(done).toBe(true)
  })

  it('stops counting a handler that fails, and hands its rejection back unchanged', async () => {
    const inFlight = inFlightHandlers()
    const work = deferred()
    const returned = call(inFlight.track(() => work.promise)) as Promise<void>
    work.reject(new Error('boom'))
    await expect(returned).rejects.toThrow('boom')
    await inFlight.settled()
    expect(inFlight.size).toBe(0)
  })

  it('leaves a handler that returns nothing uncounted', async () => {
    const inFlight = inFlightHandlers()
    expect(call(inFlight.track(() => undefined))).toBeUndefined()
    expect(inFlight.size).toBe(0)
    await inFlight.settled()
  })
})
