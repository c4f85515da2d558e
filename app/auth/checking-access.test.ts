import { describe, expect, it } from 'vitest'
import { isGuardedPath } from './checking-access'

describe('isGuardedPath', () => {
  it('matches admin and premium pages only', () => {
    for (const path of [
      '/resources/admin',
      '/resources/admin/editor',
      '/speakers/admin',
      '/admin/inbox',
      '/premium/speaker-profile-submissions',
    ]) {
      expect(isGuardedPath(path)).toBe(true)
    }
    for (const path of ['/', '/resources', '/resources/administration-tips', '/speakers/adminton', '/pricing']) {
      expect(isGuardedPath(path)).toBe(false)
    }
  })
})
