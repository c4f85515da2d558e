import { describe, expect, it } from 'vitest'
import { afterSignInPath, guardDecision, submissionScreenRedirect, type RouteAccess, type Viewer } from './guard-rules'

const visitor: Viewer = null
const speaker: Viewer = { role: 'speaker' }
const admin: Viewer = { role: 'admin' }
const roleless: Viewer = { role: null }

const decide = (path: string, access: RouteAccess, viewer: Viewer) => guardDecision({ path, access, viewer })

describe('guard rules (spec 001 §6)', () => {
  it('admin-only routes without a session go to the admin login, coming back afterwards', () => {
    expect(decide('/resources/admin?page=2', { kind: 'admin-list' }, visitor)).toEqual({
      allow: false,
      redirectTo: '/resources/admin/login?return_to=%2Fresources%2Fadmin%3Fpage%3D2',
    })
    expect(decide('/admin/other', { kind: 'admin' }, visitor)).toEqual({
      allow: false,
      redirectTo: '/resources/admin/login?return_to=%2Fadmin%2Fother',
    })
  })

  it('a signed-in non-admin on an admin route goes to the admin login; on a list or editor to the submissions', () => {
    expect(decide('/admin/other', { kind: 'admin' }, speaker)).toEqual({ allow: false, redirectTo: '/resources/admin/login' })
    for (const path of [
      '/resources/admin',
      '/resources/admin/editor?id=1',
      '/resources/admin/featured',
      '/speakers/admin',
      '/speakers/admin/editor',
    ]) {
      expect(decide(path, { kind: 'admin-list' }, speaker)).toEqual({
        allow: false,
        redirectTo: '/premium/speaker-profile-submissions',
      })
    }
  })

  it('admins pass admin routes', () => {
    expect(decide('/resources/admin', { kind: 'admin-list' }, admin)).toEqual({ allow: true })
    expect(decide('/admin/other', { kind: 'admin' }, admin)).toEqual({ allow: true })
  })

  it('on other role-restricted routes a speaker goes to the submissions and anyone else to the fallback', () => {
    expect(decide('/only-admins-and-x', { kind: 'roles', roles: ['admin'] }, speaker)).toEqual({
      allow: false,
      redirectTo: '/premium/speaker-profile-submissions',
    })
    expect(decide('/only-speakers', { kind: 'roles', roles: ['speaker'] }, admin)).toEqual({ allow: false, redirectTo: '/' })
    expect(decide('/only-speakers', { kind: 'roles', roles: ['speaker'] }, speaker)).toEqual({ allow: true })
    expect(decide('/only-speakers', { kind: 'roles', roles: ['speaker'] }, visitor)).toEqual({
      allow: false,
      redirectTo: '/login?return_to=%2Fonly-speakers',
    })
  })

  it('a missing role goes to the fallback path', () => {
    expect(decide('/resources/admin', { kind: 'admin-list' }, roleless)).toEqual({ allow: false, redirectTo: '/' })
    expect(decide('/x', { kind: 'roles', roles: ['speaker', 'admin'] }, roleless)).toEqual({ allow: false, redirectTo: '/' })
  })

  it('paths containing speaker-profile-submissions and public routes always pass', () => {
    for (const viewer of [visitor, speaker, admin, roleless]) {
      expect(decide('/premium/speaker-profile-submissions?id=3', { kind: 'roles', roles: ['admin', 'speaker'] }, viewer)).toEqual(
        { allow: true },
      )
      expect(decide('/x/speaker-profile-submissions', { kind: 'admin' }, viewer)).toEqual({ allow: true })
      expect(decide('/pricing', { kind: 'public' }, viewer)).toEqual({ allow: true })
    }
  })

  it('an admin opening the submission screen goes to the admin area', () => {
    expect(submissionScreenRedirect(admin)).toBe('/resources/admin')
    expect(submissionScreenRedirect(speaker)).toBeNull()
    expect(submissionScreenRedirect(visitor)).toBeNull()
  })
})

describe('after sign-in (spec 001 §2, §4)', () => {
  it('sends admins to the admin area whatever they asked for', () => {
    expect(afterSignInPath({ role: 'admin' }, { intent: 'login', returnTo: '/speakers' })).toBe('/resources/admin')
    expect(afterSignInPath({ role: 'admin' }, null)).toBe('/resources/admin')
  })

  it('sends a non-admin who used the admin login back to it, where Access denied shows', () => {
    expect(afterSignInPath({ role: 'speaker' }, { intent: 'admin', returnTo: null })).toBe('/resources/admin/login')
  })

  it('sends everyone else to a same-site return_to (the submission screen keeps its own), by default the workspace /app', () => {
    expect(afterSignInPath({ role: 'speaker' }, { intent: 'login', returnTo: '/premium/speaker-profile-submissions?id=4' })).toBe(
      '/premium/speaker-profile-submissions?id=4',
    )
    expect(afterSignInPath({ role: 'speaker' }, { intent: 'signup', returnTo: '/premium/speaker-profile-submissions' })).toBe(
      '/premium/speaker-profile-submissions',
    )
    expect(afterSignInPath({ role: 'speaker' }, { intent: 'signup', returnTo: '//evil.example' })).toBe('/app')
    expect(afterSignInPath({ role: 'speaker' }, { intent: 'login', returnTo: null })).toBe('/app')
    expect(afterSignInPath({ role: 'speaker' }, null)).toBe('/app')
  })
})
