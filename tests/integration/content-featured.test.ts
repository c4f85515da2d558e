import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { getConfig } from '~/config.server'
import { listAllSections } from '~/models/featured-sections.server'
import { action, loader } from '~/routes/resources.admin.featured/route'
import { answer, errorsOf } from './content-utils'
import { call, makeRequest, signedInAs } from './utils'

let admin = ''
let speaker = ''

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><circle cx="12" cy="12" r="10"/><use href="https://evil.example/a.svg#x"/></svg>'
const svgFile = (body: string = ICON, type = 'image/svg+xml', name = 'icon.svg') => new File([body], name, { type })

function form(fields: Record<string, string>, icon?: File) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  if (icon) f.append('icon', icon)
  return f
}
const addFields = (o: Record<string, string> = {}) => ({
  intent: 'add',
  title: 'Playbook',
  description: 'Line 1\nLine 2',
  buttonLabel: 'Download',
  buttonLink: 'https://example.com/playbook',
  page: 'resources',
  sortOrder: '',
  ...o,
})
const post = (body: FormData, cookie = admin) => call(action, makeRequest('/resources/admin/featured', { form: body, cookie }))

describe('featured sections', () => {
  beforeAll(async () => {
    admin = (await signedInAs('admin@example.com', 'admin')).cookie
    speaker = (await signedInAs('speaker@example.com', 'speaker')).cookie
  })

  it('is admin-only, for the page and for every action', async () => {
    const denied = (await call(loader, makeRequest('/resources/admin/featured', { cookie: speaker }))) as Response
    expect(denied.headers.get('Location')).toBe('/premium/speaker-profile-submissions')
    const res = (await post(form(addFields(), svgFile()), speaker)) as Response
    expect(res.headers.get('Location')).toBe('/premium/speaker-profile-submissions')
    const anon = (await call(
      action,
      makeRequest('/resources/admin/featured', { form: form(addFields(), svgFile()) }),
    )) as Response
    expect(anon.headers.get('Location')).toContain('/resources/admin/login')
    expect(await listAllSections()).toHaveLength(0)
  })

  it('add: all four fields, an icon and a valid link are required', async () => {
    for (const missing of ['title', 'description', 'buttonLabel', 'buttonLink']) {
      const res = await post(form(addFields({ [missing]: '  ' }), svgFile()))
      expect(answer(res).status).toBe(400)
      expect(errorsOf(res)['']).toEqual(['All fields are required'])
    }
    const noIcon = await post(form(addFields()))
    expect(errorsOf(noIcon).icon).toEqual(['Please upload an icon'])
    const badLink = await post(form(addFields({ buttonLink: 'not a url' }), svgFile()))
    expect(errorsOf(badLink).buttonLink).toEqual(['Please enter a valid URL for the button link.'])
    const jsLink = await post(form(addFields({ buttonLink: 'javascript:alert(1)' }), svgFile()))
    expect(errorsOf(jsLink).buttonLink).toEqual(['Please enter a valid URL for the button link.'])
  })

  it('applies the SVG upload rules', async () => {
    expect(errorsOf(await post(form(addFields(), svgFile('<svg/>', 'image/png', 'x.png')))).icon).toEqual([
      'Only SVG files are allowed',
    ])
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(1024 * 1024)}--></svg>`
    expect(errorsOf(await post(form(addFields(), svgFile(big)))).icon).toEqual(['File size must be less than 1MB'])
    expect(errorsOf(await post(form(addFields(), svgFile('just text')))).icon).toEqual(['Please upload a valid SVG file'])
    const doctype =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&e;</svg>'
    expect(errorsOf(await post(form(addFields(), svgFile(doctype)))).icon).toEqual(['Please upload a valid SVG file'])
    expect(await listAllSections()).toHaveLength(0)
  })

  it('adds a section active, order 0, with the icon sanitized and stored under icons/', async () => {
    const res = (await post(form(addFields(), svgFile()))) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/resources/admin/featured')
    const [section] = await listAllSections()
    expect(section).toMatchObject({
      title: 'Playbook',
      isActive: true,
      sortOrder: 0,
      page: 'resources',
      description: 'Line 1\nLine 2',
    })
    expect(section!.icon).toMatch(/^\/uploads\/images\/icons\/\d+-icon\.svg$/)
    const stored = await readFile(path.join(getConfig().dataDir, 'uploads', section!.icon.replace(/^\/uploads\//, '')), 'utf8')
    expect(stored).toContain('<circle')
    expect(stored).not.toMatch(/script|onload|evil\.example/)
  })

  it('edit: a message per field; keeps the icon when none is sent', async () => {
    const [section] = await listAllSections()
    const empty = await post(
      form({
        intent: 'edit',
        id: section!.id,
        title: '',
        description: '',
        buttonLabel: '',
        buttonLink: '',
        page: 'news',
        sortOrder: '3',
      }),
    )
    expect(answer(empty).status).toBe(400)
    expect(errorsOf(empty)).toMatchObject({
      title: ['Title is required'],
      description: ['Description is required'],
      buttonLabel: ['Button label is required'],
      buttonLink: ['Button link is required'],
    })
    const badLink = await post(
      form({
        intent: 'edit',
        id: section!.id,
        title: 'T',
        description: 'D',
        buttonLabel: 'L',
        buttonLink: 'ftp//x',
        page: 'news',
        sortOrder: '3',
      }),
    )
    expect(errorsOf(badLink).buttonLink).toEqual(['Please enter a valid URL for the button link.'])
    const ok = (await post(
      form({
        intent: 'edit',
        id: section!.id,
        title: 'Renamed',
        description: 'D',
        buttonLabel: 'L',
        buttonLink: 'https://example.org',
        page: 'news',
        sortOrder: '3',
      }),
    )) as Response
    expect(ok.status).toBe(302)
    const [updated] = await listAllSections()
    expect(updated).toMatchObject({ title: 'Renamed', page: 'news', sortOrder: 3, icon: section!.icon })
    const badIcon = await post(
      form(
        {
          intent: 'edit',
          id: section!.id,
          title: 'T',
          description: 'D',
          buttonLabel: 'L',
          buttonLink: 'https://example.org',
          page: 'news',
          sortOrder: '3',
        },
        svgFile('x', 'text/plain'),
      ),
    )
    expect(errorsOf(badIcon).icon).toEqual(['Only SVG files are allowed'])
  })

  it('deletes only after confirmation', async () => {
    const [section] = await listAllSections()
    const ask = (await post(form({ intent: 'delete', id: section!.id }))) as Response
    expect(ask.headers.get('Location')).toBe(`/resources/admin/featured?modal=delete&id=${section!.id}`)
    expect(await listAllSections()).toHaveLength(1)
    const done = (await post(form({ intent: 'delete', id: section!.id, confirmed: '1' }))) as Response
    expect(done.status).toBe(302)
    expect(await listAllSections()).toHaveLength(0)
  })
})
