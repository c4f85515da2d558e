import { type PassThrough, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getConfig } from '~/config.server'
import { qrPayload } from '~/lib/short-link'
import { loader as zipLoader } from '~/routes/app.events.$id.qr[.]zip'
import { eventQrZip } from '~/services/event-qr-zip.server'
import { renderSessionDownload } from '~/services/qr.server'
import { addProgramme, claimSpeaker, makeEvent, organiserWithEvent } from './event-fixtures'
import { cookieFor } from './workspace-fixtures'
import { unzip } from './unzip'
import { call, makeRequest } from './utils'

// The event's QR ZIP (issue 23 Deliver 8): every session's QR code (SVG, PNG) and slide, named by
// room, time in the event's zone and speaker; the same files as the session's own downloads.

const download = async (cookie: string, id: string) =>
  (await call(zipLoader, makeRequest(`/app/events/${id}/qr.zip`, { cookie }), { id })) as Response

async function decode(png: Uint8Array) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}

describe('GET /app/events/{id}/qr.zip', () => {
  it("answers one ZIP with each session's QR code (SVG, PNG) and slide, named by room, time and speaker", async () => {
    const fx = await organiserWithEvent()
    const res = await download(await cookieFor(fx.owner.id, fx.workspaceId), fx.event.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/zip')
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${fx.event.slug}-qr-codes.zip"`)
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    const ada = `Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine ${fx.suffix}`
    // 10:00 UTC is 10:00 in London in March (GMT).
    const grace = `Room B/2027-03-10 1000 Grace Hopper - Compilers for everyone ${fx.suffix}`
    expect(Object.keys(files).sort()).toEqual(
      [`${ada}.png`, `${ada}.svg`, `${ada} - slide.png`, `${grace}.png`, `${grace}.svg`, `${grace} - slide.png`].sort(),
    )
    // PNGs are stored as they are (deflating them again gains nothing); the SVG text is deflated.
    expect([files[`${ada}.png`]!.method, files[`${ada} - slide.png`]!.method, files[`${ada}.svg`]!.method]).toEqual([
      'stored',
      'stored',
      'deflated',
    ])
    const url = qrPayload(getConfig().appUrl, fx.speakers.ada.code)
    expect(await decode(files[`${ada}.png`]!.data)).toBe(url)
    expect(await decode(files[`${ada} - slide.png`]!.data)).toBe(url)
    expect(await decode(files[`${grace}.png`]!.data)).toBe(qrPayload(getConfig().appUrl, fx.speakers.grace.code))
    // Exactly the session's own downloads (one implementation): the SVG and the 1024 px PNG.
    const own = (format: 'svg' | 'png-1024') =>
      renderSessionDownload(
        { code: fx.speakers.ada.code, headline: '', talkTitle: '', offerTitle: '', offerPromise: '', accentColor: '#000000' },
        format,
        getConfig().appUrl,
      )
    expect(files[`${ada}.svg`]!.data.equals((await own('svg')).body)).toBe(true)
    expect(files[`${ada}.png`]!.data.equals((await own('png-1024')).body)).toBe(true)
  })

  it("is 404 for another workspace's event, and for the event's speakers", async () => {
    const mine = await organiserWithEvent()
    const theirs = await organiserWithEvent()
    const res = await download(await cookieFor(mine.owner.id, mine.workspaceId), theirs.event.id)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain(theirs.speakers.ada.code)
    expect((await download(await cookieFor(mine.owner.id, mine.workspaceId), 'not-a-uuid')).status).toBe(404)
    // An admin of the organiser's workspace downloads it too; a speaker of the event does not.
    expect((await download(await cookieFor(mine.admin.id, mine.workspaceId), mine.event.id)).status).toBe(200)
    const ada = await claimSpeaker(mine.workspaceId, mine.speakers.ada.speakerId, mine.speakers.ada.email)
    expect((await download(await cookieFor(ada.id, mine.workspaceId), mine.event.id)).status).toBe(404)
  })

  it('holds every session of a larger event once, each name unique, and an event without sessions is an empty ZIP', async () => {
    const fx = await organiserWithEvent()
    // Two talks of one speaker at the same time in the same room: still two sets of files.
    for (const title of ['Twin', 'twin!']) {
      await addProgramme(fx.event, fx.owner.id, {
        email: `twin-${fx.suffix}@example.com`,
        name: 'Twin: Speaker/One',
        jobTitle: '',
        company: '',
        bio: '',
        talkTitle: title,
        talkDescription: '',
        startsAt: new Date('2027-03-10T09:00:00Z'),
        durationMinutes: 30,
        roomId: null,
      })
    }
    const chunks: Buffer[] = []
    await pipeline(
      eventQrZip(fx.event),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk)
          done()
        },
      }),
    )
    const names = Object.keys(unzip(Buffer.concat(chunks)))
    expect(names).toHaveLength(4 * 3)
    expect(names).toContain('2027-03-10 0900 Twin Speaker One - Twin.svg')
    expect(names).toContain('2027-03-10 0900 Twin Speaker One - twin!.svg')

    const empty = await makeEvent(fx.workspaceId)
    const res = await download(await cookieFor(fx.owner.id, fx.workspaceId), empty.id)
    expect(res.status).toBe(200)
    expect(Object.keys(unzip(Buffer.from(await res.arrayBuffer())))).toEqual([])
  })

  it('makes each file only when the reader has taken the ones before (it streams)', async () => {
    const fx = await organiserWithEvent()
    for (let i = 0; i < 8; i++)
      await addProgramme(fx.event, fx.owner.id, {
        email: `many-${i}-${fx.suffix}@example.com`,
        name: `Speaker ${i}`,
        jobTitle: '',
        company: '',
        bio: '',
        talkTitle: `Talk ${i}`,
        talkDescription: '',
        startsAt: new Date('2027-03-10T11:00:00Z'),
        durationMinutes: 30,
        roomId: fx.rooms.side.id,
      })
    const zip = eventQrZip(fx.event)
    // Nobody reads: wait until the stream stops growing. Rendering ahead would hold ten slides (~750 KB).
    const held = () => zip.readableLength + (zip as PassThrough).writableLength
    let last = -1
    for (let still = 0, waited = 0; still < 2000 && waited < 25_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      still = held() === last ? still + 250 : 0
      last = held()
    }
    expect(held()).toBeGreaterThan(0)
    expect(held()).toBeLessThan(200_000)
    const chunks: Buffer[] = []
    for await (const chunk of zip) chunks.push(chunk as Buffer)
    expect(Object.keys(unzip(Buffer.concat(chunks)))).toHaveLength(10 * 3)
  })

  it("waits for the HTTP client before making each file (the response's own backpressure)", async () => {
    const fx = await organiserWithEvent()
    let open = false
    let waits = 0
    let release = () => {}
    const clientReady = () => {
      waits++
      return open ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve))
    }
    const zip = eventQrZip(fx.event, { clientReady })
    const chunks: Buffer[] = []
    zip.on('data', (chunk: Buffer) => chunks.push(chunk))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    // Read eagerly, yet nothing was made: the client had not taken anything yet.
    expect(Buffer.concat(chunks).length).toBeLessThan(200)
    open = true
    release()
    await new Promise((resolve) => zip.once('end', resolve))
    expect(Object.keys(unzip(Buffer.concat(chunks)))).toHaveLength(6)
    expect(waits).toBe(6)
  })

  it('stops making files when the download is abandoned', async () => {
    const fx = await organiserWithEvent()
    const controller = new AbortController()
    const zip = eventQrZip(fx.event, { signal: controller.signal })
    await new Promise((resolve) => zip.once('readable', resolve))
    controller.abort()
    await new Promise((resolve) => setImmediate(resolve))
    expect(zip.destroyed).toBe(true)
  })
})
