import { describe, expect, it } from 'vitest'
import { firstRunNameSchema } from './first-run'
import { NAME_NOT_ADDRESS } from './public-name'
import { NAME_NEEDED } from './speaker-name'

const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))

describe('firstRunNameSchema', () => {
  it('asks for the name; the workspace name beside it is optional', () => {
    const both = firstRunNameSchema({ name: true, workspace: true })
    expect(errors(both.safeParse({}))).toEqual({ displayName: NAME_NEEDED })
    expect(both.safeParse({ displayName: ' Ada Okafor ' }).data).toEqual({ displayName: 'Ada Okafor' })
    expect(both.safeParse({ displayName: 'Ada', workspaceName: '  Okafor   Talks ' }).data).toEqual({
      displayName: 'Ada',
      workspaceName: 'Okafor Talks',
    })
  })

  it('refuses an email address in either field', () => {
    const both = firstRunNameSchema({ name: true, workspace: true })
    expect(errors(both.safeParse({ displayName: 'tour-1@example.org', workspaceName: 'tour-1@example.org' }))).toEqual({
      displayName: NAME_NOT_ADDRESS,
      workspaceName: NAME_NOT_ADDRESS,
    })
  })

  it('asked alone, the workspace name is needed', () => {
    const workspace = firstRunNameSchema({ name: false, workspace: true })
    expect(errors(workspace.safeParse({}))).toEqual({ workspaceName: 'Enter a name for the workspace' })
    expect(workspace.safeParse({ workspaceName: 'Okafor Talks' }).success).toBe(true)
  })
})
