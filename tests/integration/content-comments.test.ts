import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { accounts } from '~/db/schema/accounts'
import { speakers } from '~/db/schema/directory'
import { listComments } from '~/models/comments.server'
import { action, loader } from '~/routes/resources.$slug'
import { answer, errorsOf, seedPost } from './content-utils'
import { call, makeRequest, signedInAs } from './utils'

let postId = ''
let reader = ''
let admin = ''
const path = '/resources/comment-target'
const send = (form: Record<string, string>, cookie?: string, slug = 'comment-target') =>
  call(action, makeRequest(`/resources/${slug}`, { form, cookie }), { slug })

describe('comments', () => {
  beforeAll(async () => {
    postId = (await seedPost({ title: 'Comment target' })).id
    await seedPost({ title: 'Hidden draft', isPublished: false })
    reader = (await signedInAs('jane.reader@example.com', 'speaker')).cookie
    admin = (await signedInAs('admin@example.com', 'admin')).cookie
  })

  it('needs a session: "Please sign in to comment"', async () => {
    const res = await send({ intent: 'comment', content: 'Hi' })
    expect(answer(res).status).toBe(401)
    expect(errorsOf(res)['']).toEqual(['Please sign in to comment'])
    expect(await listComments(postId)).toHaveLength(0)
  })

  it('needs text', async () => {
    const res = await send({ intent: 'comment', content: '   ' }, reader)
    expect(answer(res).status).toBe(400)
    expect(errorsOf(res).content).toEqual(['Please write a comment.'])
  })

  it('posts, then lists newest first; an author without a name is "Member", never any part of their address', async () => {
    const first = (await send({ intent: 'comment', content: 'First!' }, reader)) as Response
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe(`${path}#comments`)
    await new Promise((r) => setTimeout(r, 5))
    await send({ intent: 'comment', content: 'Second' }, reader)
    const page = (await call(loader, makeRequest(path, { cookie: reader }), { slug: 'comment-target' })) as Awaited<
      ReturnType<typeof loader>
    >
    expect(page.comments.map((c) => c.content)).toEqual(['Second', 'First!'])
    expect(page.comments[0]!.author).toBe('Member')
    expect(JSON.stringify(page)).not.toContain('jane.reader')
    expect(page.user).toEqual({ isAdmin: false })
  })

  it('refuses comments on drafts', async () => {
    await expect(send({ intent: 'comment', content: 'x' }, reader, 'hidden-draft')).rejects.toMatchObject({
      init: { status: 404 },
    })
  })

  it('lets only admins delete comments', async () => {
    const [comment] = await listComments(postId)
    const denied = await send({ intent: 'delete-comment', commentId: comment!.id }, reader)
    expect(answer(denied).status).toBe(403)
    expect(await listComments(postId)).toHaveLength(2)
    const ok = (await send({ intent: 'delete-comment', commentId: comment!.id }, admin)) as Response
    expect(ok.status).toBe(302)
    expect((await listComments(postId)).map((c) => c.content)).toEqual(['First!'])
  })

  it('rate-limits a fast commenter', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await send({ intent: 'comment', content: `spam ${i}` }, admin)
      statuses.push(res instanceof Response ? res.status : answer(res).status)
    }
    expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302])
    expect(statuses[5]).toBe(429)
  })
})

// Issue 29 Deliver 7's rule for every name shown in public (app/lib/public-name.ts): the author is
// named by the name they gave (Settings → Your name), else their directory profile's, never by an
// address or its local part.
describe('comment authors', () => {
  const authorsOn = async (cookie: string) =>
    ((await call(loader, makeRequest(path, { cookie }), { slug: 'comment-target' })) as Awaited<ReturnType<typeof loader>>)
      .comments
  const postAs = async (email: string, content: string) => {
    const { user, cookie } = await signedInAs(email, 'speaker')
    expect(((await send({ intent: 'comment', content }, cookie)) as Response).status).toBe(302)
    return { user, cookie }
  }

  it('the name given in Settings, else the profile’s; an address given as a name is not a name', async () => {
    const named = await postAs('ada.named@example.com', 'By Ada')
    await getDb().insert(accounts).values({ userId: named.user.id, displayName: 'Ada Okafor' })
    const profiled = await postAs('grace.profiled@example.com', 'By Grace')
    await getDb()
      .insert(speakers)
      .values({
        slug: `grace-${named.user.id.slice(0, 8)}`,
        name: 'Grace Hopper',
        jobTitle: 'Rear Admiral',
        company: 'Navy',
        location: 'Arlington',
        email: 'grace@speakers.example',
        bio: '<p>Hi</p>',
        userId: profiled.user.id,
      })
    const addressed = await postAs('lin.addressed@example.com', 'By Lin')
    await getDb().insert(accounts).values({ userId: addressed.user.id, displayName: 'lin.addressed@example.com' })

    const byContent = Object.fromEntries((await authorsOn(named.cookie)).map((c) => [c.content, c.author]))
    expect(byContent).toMatchObject({ 'By Ada': 'Ada Okafor', 'By Grace': 'Grace Hopper', 'By Lin': 'Member' })
    const page = JSON.stringify(await authorsOn(named.cookie))
    for (const part of ['ada.named', 'grace.profiled', 'lin.addressed', '@example.com']) expect(page).not.toContain(part)
  })
})
