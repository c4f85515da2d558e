import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { clientReady } from './drain'

// A writable that keeps every chunk until released, like a slow client's socket.
function slowClient() {
  const pending: (() => void)[] = []
  const stream = new Writable({
    highWaterMark: 4,
    write(_chunk, _enc, done) {
      pending.push(done)
    },
  })
  return { stream, release: () => pending.splice(0).forEach((done) => done()) }
}

describe('clientReady', () => {
  it('resolves at once while the response has room', async () => {
    const { stream } = slowClient()
    await expect(clientReady(stream)).resolves.toBeUndefined()
  })

  it('waits for the drain of a full response, and not longer', async () => {
    const { stream, release } = slowClient()
    stream.write(Buffer.alloc(10))
    let ready = false
    const waiting = clientReady(stream).then(() => (ready = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(ready).toBe(false)
    release()
    await waiting
    expect(ready).toBe(true)
  })

  it('lets go when the client has gone', async () => {
    const { stream } = slowClient()
    stream.write(Buffer.alloc(10))
    const waiting = clientReady(stream)
    stream.destroy()
    await expect(waiting).resolves.toBeUndefined()
  })
})
