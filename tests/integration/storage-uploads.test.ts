import { existsSync } from 'node:fs'
import { utimes } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig, type Config } from '~/config.server'
import { getDb } from '~/db/client.server'
import { featuredSections, posts } from '~/db/schema/content'
import { speakers } from '~/db/schema/directory'
import { jobs } from '~/db/schema/jobs'
import { action as uploadAction } from '~/routes/api.uploads.image'
import { action as postListAction } from '~/routes/resources.admin._index'
import { action as editorAction } from '~/routes/resources.admin.editor/route'
import { action as featuredAction } from '~/routes/resources.admin.featured/route'
import { action as submissionAction } from '~/routes/premium.speaker-profile-submissions/route'
import { action as speakerListAction } from '~/routes/speakers.admin._index'
import { JobWorker } from '~/services/jobs.server'
import { sweepOrphans } from '~/services/storage-gc.server'
import { keyFromUrl, listObjects, localUploadsDir, putObject, storageKey } from '~/services/storage.server'
import { startFakeS3 } from '../fakes/s3'
import { speakerForm } from './speakers-utils'
import { call, makeRequest, signedInAs } from './utils'

// Every upload path (speaker photo, bio image, post hero, featured icon add and edit) against local
// disk and against an S3-compatible server (s3rver): the object is stored where the record's URL says
// and is served there; a replaced or deleted record's object is removed by a job after the change
// commits; objects nobody uses are swept once they are a day old.

type Backend = 'local' | 's3'
const DAY = 24 * 60 * 60 * 1000
const png = (w = 24, h = 16, background = '#3366ff') =>
  sharp({ create: { width: w, height: h, channels: 3, background } })
    .png()
    .toBuffer()
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>'

function multipart(fields: Record<string, string | string[]>, files: Record<string, File> = {}) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x)
  for (const [k, f] of Object.entries(files)) form.append(k, f)
  return form
}

async function pngFile(name: string, background = '#3366ff') {
  return new File([new Uint8Array(await png(24, 16, background))], name, { type: 'image/png' })
}

describe.each<Backend>(['local', 's3'])('uploads on %s storage', (backend) => {
  let s3: Awaited<ReturnType<typeof startFakeS3>> | undefined
  let base: Config
  let admin = ''
  let worker: JobWorker

  beforeAll(async () => {
    base = getConfig()
    if (backend === 's3') {
      s3 = await startFakeS3('images')
      resetConfig(parseConfig({ ...s3Env(base.dataDir, s3.endpoint) }))
    }
    admin = (await signedInAs('admin@example.com', 'admin')).cookie
    worker = new JobWorker({ pollMs: 50, baseDelayMs: 20 })
  })

  afterAll(async () => {
    await worker.stop()
    resetConfig(base)
    await s3?.close()
  })

  /** Whether the object behind a URL exists, read the way a browser would for S3. */
  async function stored(url: string) {
    const key = keyFromUrl(url)
    expect(key, `${url} is one of our objects`).not.toBeNull()
    if (backend === 'local') return existsSync(path.join(localUploadsDir(), 'images', key!))
    const res = await fetch(url)
    return res.status === 200
  }

  async function runJobs() {
    await worker.drain()
  }

  it('speaker photo: stored under the public URL, and the replaced photo is deleted after the save commits', async () => {
    const { user, cookie } = await signedInAs(`photo-${backend}@example.com`)
    const first = multipart(speakerForm({ name: `Photo ${backend}` }), { profileImage: await pngFile('me.png') })
    const created = (await call(
      submissionAction,
      makeRequest('/premium/speaker-profile-submissions', { form: first, cookie }),
    )) as Response
    expect(created.status).toBe(302)
    const [row] = await getDb().select().from(speakers).where(eq(speakers.userId, user.id))
    const oldUrl = row!.profileImageUrl
    expect(oldUrl.startsWith(`${getConfig().storagePublicUrl}/`)).toBe(true)
    expect(oldUrl).toMatch(/\/\d+-me\.webp$/)
    expect(await stored(oldUrl)).toBe(true)
    if (backend === 's3') expect((await fetch(oldUrl)).headers.get('Content-Type')).toBe('image/webp')

    const second = multipart(speakerForm({ name: `Photo ${backend}` }), { profileImage: await pngFile('new.png', '#ff0000') })
    const updated = (await call(
      submissionAction,
      makeRequest(`/premium/speaker-profile-submissions?id=${row!.id}`, { form: second, cookie }),
    )) as Response
    expect(updated.status).toBe(302)
    const [after] = await getDb().select().from(speakers).where(eq(speakers.id, row!.id))
    expect(after!.profileImageUrl).not.toBe(oldUrl)

    // Queued with the save, done by the worker: the old object goes, the new one stays.
    const queued = await getDb().select().from(jobs).where(eq(jobs.kind, 'storage.delete'))
    expect(queued.map((j) => j.payload)).toContainEqual({ key: keyFromUrl(oldUrl) })
    await runJobs()
    expect(await stored(oldUrl)).toBe(false)
    expect(await stored(after!.profileImageUrl)).toBe(true)

    // Deleting the profile removes its photo too.
    const res = (await call(
      speakerListAction,
      makeRequest('/speakers/admin', { form: { intent: 'delete', id: row!.id }, cookie: admin }),
    )) as Response
    expect(res.status).toBe(302)
    await runJobs()
    expect(await stored(after!.profileImageUrl)).toBe(false)
  })

  it('bio image: uploaded with JavaScript, kept by the sanitizer, deleted when it leaves the bio', async () => {
    const { user, cookie } = await signedInAs(`bio-${backend}@example.com`)
    const upload = (await call(
      uploadAction,
      makeRequest('/api/uploads/image', { form: multipart({}, { file: await pngFile('bio.png') }), cookie }),
    )) as Response
    expect(upload.status).toBe(200)
    const { url } = (await upload.json()) as { url: string }
    expect(await stored(url)).toBe(true)

    const bio = `<p>Hello</p><img src="${url}" alt="On stage">`
    await call(
      submissionAction,
      makeRequest('/premium/speaker-profile-submissions', { form: speakerForm({ name: `Bio ${backend}`, bio }), cookie }),
    )
    const [row] = await getDb().select().from(speakers).where(eq(speakers.userId, user.id))
    // An http bucket is this site's storage: the image survives sanitizing.
    expect(row!.bio).toContain(`src="${url}"`)

    await call(
      submissionAction,
      makeRequest(`/premium/speaker-profile-submissions?id=${row!.id}`, {
        form: speakerForm({ name: `Bio ${backend}`, bio: '<p>Hello again</p>' }),
        cookie,
      }),
    )
    await runJobs()
    expect(await stored(url)).toBe(false)
  })

  it('post hero image: stored, replaced (old one deleted), and deleted with the post', async () => {
    const first = multipart(
      {
        intent: 'draft',
        title: `Hero ${backend}`,
        type: 'resource',
        tags: '',
        content: 'Body',
        metaTitle: '',
        metaDescription: '',
        heroImageUrl: '',
      },
      { heroImage: await pngFile('hero.png') },
    )
    expect(
      ((await call(editorAction, makeRequest('/resources/admin/editor', { form: first, cookie: admin }))) as Response).status,
    ).toBe(302)
    const [post] = await getDb()
      .select()
      .from(posts)
      .where(eq(posts.slug, `hero-${backend}`))
    const oldUrl = post!.heroImageUrl
    expect(await stored(oldUrl)).toBe(true)

    const second = multipart(
      {
        intent: 'draft',
        id: post!.id,
        title: `Hero ${backend}`,
        type: 'resource',
        tags: '',
        content: 'Body',
        metaTitle: '',
        metaDescription: '',
        heroImageUrl: oldUrl,
      },
      { heroImage: await pngFile('hero2.png', '#00ff00') },
    )
    expect(
      ((await call(editorAction, makeRequest('/resources/admin/editor', { form: second, cookie: admin }))) as Response).status,
    ).toBe(302)
    const [after] = await getDb().select().from(posts).where(eq(posts.id, post!.id))
    expect(after!.heroImageUrl).not.toBe(oldUrl)
    await runJobs()
    expect(await stored(oldUrl)).toBe(false)
    expect(await stored(after!.heroImageUrl)).toBe(true)

    const del = (await call(
      postListAction,
      makeRequest('/resources/admin', { form: { intent: 'delete', id: post!.id, confirmed: '1' }, cookie: admin }),
    )) as Response
    expect(del.status).toBe(302)
    await runJobs()
    expect(await stored(after!.heroImageUrl)).toBe(false)
  })

  it('featured icon: added, replaced on edit (old one deleted), and deleted with the section', async () => {
    const fields = {
      title: `Kit ${backend}`,
      description: 'Line',
      buttonLabel: 'Get',
      buttonLink: 'https://example.com/kit',
      page: 'resources',
      sortOrder: '',
    }
    const icon = (name: string) => new File([ICON], name, { type: 'image/svg+xml' })
    const add = (await call(
      featuredAction,
      makeRequest('/resources/admin/featured', {
        form: multipart({ intent: 'add', ...fields }, { icon: icon('mic.svg') }),
        cookie: admin,
      }),
    )) as Response
    expect(add.status).toBe(302)
    const [section] = await getDb()
      .select()
      .from(featuredSections)
      .where(eq(featuredSections.title, `Kit ${backend}`))
    const oldUrl = section!.icon
    expect(keyFromUrl(oldUrl)).toMatch(/^icons\/\d+-mic\.svg$/)
    expect(await stored(oldUrl)).toBe(true)

    const edit = (await call(
      featuredAction,
      makeRequest('/resources/admin/featured', {
        form: multipart({ intent: 'edit', id: section!.id, ...fields, isActive: 'on' }, { icon: icon('mic2.svg') }),
        cookie: admin,
      }),
    )) as Response
    expect(edit.status).toBe(302)
    const [after] = await getDb().select().from(featuredSections).where(eq(featuredSections.id, section!.id))
    expect(after!.icon).not.toBe(oldUrl)
    await runJobs()
    expect(await stored(oldUrl)).toBe(false)
    expect(await stored(after!.icon)).toBe(true)

    const del = (await call(
      featuredAction,
      makeRequest('/resources/admin/featured', { form: { intent: 'delete', id: section!.id, confirmed: '1' }, cookie: admin }),
    )) as Response
    expect(del.status).toBe(302)
    await runJobs()
    expect(await stored(after!.icon)).toBe(false)
  })

  it('a deletion job keeps an object another record has come to use', async () => {
    const object = await putObject({ key: storageKey('shared.webp'), body: await png(), contentType: 'image/webp' })
    const { cookie } = await signedInAs(`shared-${backend}@example.com`)
    await call(
      submissionAction,
      makeRequest('/premium/speaker-profile-submissions', {
        form: speakerForm({ name: `Shared ${backend}`, profileImageUrl: object.url }),
        cookie,
      }),
    )
    const { enqueueJob } = await import('~/jobs/queue.server')
    const id = await enqueueJob('storage.delete', { key: object.key })
    await runJobs()
    const [job] = await getDb().select().from(jobs).where(eq(jobs.id, id!))
    expect(job).toMatchObject({ status: 'done', result: { key: object.key, deleted: false, reason: 'referenced' } })
    expect(await stored(object.url)).toBe(true)
  })

  it('sweeps objects no record uses once they are a day old; a dry run only lists them', async () => {
    const orphan = await putObject({ key: storageKey('abandoned.webp'), body: await png(), contentType: 'image/webp' })
    const fresh = await putObject({ key: storageKey('just-chosen.webp'), body: await png(), contentType: 'image/webp' })
    const used = await putObject({ key: storageKey('in-use.webp'), body: await png(), contentType: 'image/webp' })
    const { cookie } = await signedInAs(`sweep-${backend}@example.com`)
    await call(
      submissionAction,
      makeRequest('/premium/speaker-profile-submissions', {
        form: speakerForm({ name: `Sweep ${backend}`, bio: `<p>x</p><img src="${used.url}" alt="">` }),
        cookie,
      }),
    )
    // Age the objects: a local file's mtime; for S3 (no way to backdate) look from two days ahead.
    let now = new Date()
    if (backend === 'local') {
      const old = new Date(Date.now() - 2 * DAY)
      for (const o of [orphan, used]) await utimes(path.join(localUploadsDir(), 'images', o.key), old, old)
    } else {
      // S3 objects cannot be backdated: look from two days ahead, where every object is old (the
      // freshness rule is covered by the local run).
      now = new Date(Date.now() + 2 * DAY)
    }

    const dry = await sweepOrphans({ delete: false, now })
    const listed = dry.orphans.map((o) => o.key)
    expect(listed).toContain(orphan.key)
    expect(listed).not.toContain(used.key)
    if (backend === 'local') expect(listed).not.toContain(fresh.key)
    expect(dry.deleted).toBe(0)
    expect(await stored(orphan.url)).toBe(true)

    const real = await sweepOrphans({ delete: true, now })
    expect(real.deleted).toBe(real.orphans.length)
    expect(await stored(orphan.url)).toBe(false)
    expect(await stored(used.url)).toBe(true)
    if (backend === 'local') expect(await stored(fresh.url)).toBe(true)
    const keys: string[] = []
    for await (const o of listObjects()) keys.push(o.key)
    expect(keys).toContain(used.key)
  })
})

function s3Env(dataDir: string, endpoint: string) {
  return {
    NODE_ENV: 'test' as const,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret',
    ADMIN_EMAILS: 'admin@example.com',
    APP_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    S3_BUCKET: 'images',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
}

// Without JavaScript the file rides with the form: a file over its limit answers 413 with the spec's
// message by its field, and the rest of what was typed comes back with it.
describe('oversized and wrong-type files sent with the form', () => {
  let admin = ''
  beforeAll(async () => {
    admin = (await signedInAs('admin@example.com', 'admin')).cookie
  })
  const big = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type })
  type Reply = {
    data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }
    init?: { status?: number }
  }

  it('speaker photo over 5 MB → 413, message by the photo, typed fields kept', async () => {
    const { cookie } = await signedInAs('big-photo@example.com')
    const form = multipart(speakerForm({ name: 'Big Photo' }), { profileImage: big('huge.png', 'image/png', 6 * 1024 * 1024) })
    const res = (await call(
      submissionAction,
      makeRequest('/premium/speaker-profile-submissions', { form, cookie }),
    )) as unknown as Reply
    expect(res.init?.status).toBe(413)
    expect(res.data.result.error?.profileImageUrl).toEqual(['Error uploading image: Images must be 5 MB or smaller.'])
    expect(res.data.result.initialValue).toMatchObject({ name: 'Big Photo', company: 'US Navy' })
  })

  it('speaker photo that is a PDF → 400 with the type message', async () => {
    const { cookie } = await signedInAs('pdf-photo@example.com')
    const form = multipart(speakerForm({ name: 'Pdf Photo' }), { profileImage: big('cv.pdf', 'application/pdf', 2048) })
    const res = (await call(
      submissionAction,
      makeRequest('/premium/speaker-profile-submissions', { form, cookie }),
    )) as unknown as Reply
    expect(res.init?.status).toBe(400)
    expect(res.data.result.error?.profileImageUrl).toEqual(['Error uploading image: Only image files are allowed.'])
  })

  it('post hero image over 5 MB → 413 by the hero field, title kept', async () => {
    const form = multipart(
      {
        intent: 'draft',
        title: 'Too big hero',
        type: 'resource',
        tags: '',
        content: 'Body',
        metaTitle: '',
        metaDescription: '',
        heroImageUrl: '',
      },
      { heroImage: big('hero.png', 'image/png', 6 * 1024 * 1024) },
    )
    const res = (await call(editorAction, makeRequest('/resources/admin/editor', { form, cookie: admin }))) as unknown as Reply
    expect(res.init?.status).toBe(413)
    expect(res.data.result.error?.heroImage).toEqual(['Error uploading image: Images must be 5 MB or smaller.'])
    expect(res.data.result.initialValue).toMatchObject({ title: 'Too big hero' })
  })

  it('featured icon of 1 MB or more → 413 with "File size must be less than 1MB"', async () => {
    const fields = {
      intent: 'add',
      title: 'Big icon',
      description: 'x',
      buttonLabel: 'Go',
      buttonLink: 'https://example.com',
      page: 'resources',
      sortOrder: '',
    }
    for (const bytes of [1024 * 1024, 3 * 1024 * 1024]) {
      const form = multipart(fields, { icon: big('icon.svg', 'image/svg+xml', bytes) })
      const res = (await call(
        featuredAction,
        makeRequest('/resources/admin/featured', { form, cookie: admin }),
      )) as unknown as Reply
      expect(res.init?.status).toBe(413)
      expect(res.data.result.error?.icon).toEqual(['File size must be less than 1MB'])
    }
  })
})
