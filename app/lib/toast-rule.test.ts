import { describe, expect, it } from 'vitest'
import { nextToast, type FlashToast } from './toast-rule'

const saved: FlashToast = { type: 'success', description: 'Follow-up saved.' }
const draft: FlashToast = { type: 'success', description: 'Session created as a draft. Check its page, then go live.' }
const failed: FlashToast = { type: 'error', description: 'Could not go live.' }

describe('nextToast', () => {
  it('shows the flash a response carried, and a newer flash replaces it', () => {
    const first = nextToast(null, { kind: 'arrived', toast: draft })
    expect(first).toBe(draft)
    expect(nextToast(first, { kind: 'arrived', toast: failed })).toBe(failed)
  })

  it('a revalidation without a flash keeps the message on screen', () => {
    expect(nextToast(saved, { kind: 'arrived', toast: null })).toBe(saved)
  })

  it('a new submission ends the earlier message, so its error (a 400, no flash) stands alone', () => {
    let shown = nextToast(null, { kind: 'arrived', toast: saved })
    shown = nextToast(shown, { kind: 'submitted' })
    expect(shown).toBeNull()
    // The 400 answer revalidates without a flash: the old success does not come back.
    expect(nextToast(shown, { kind: 'arrived', toast: null })).toBeNull()
  })

  it('a new submission that succeeds shows its own flash', () => {
    const shown = nextToast(nextToast(saved, { kind: 'submitted' }), { kind: 'arrived', toast: { ...saved } })
    expect(shown).toEqual(saved)
  })

  it('the timer and the Dismiss button hide it', () => {
    expect(nextToast(saved, { kind: 'expired' })).toBeNull()
    expect(nextToast(saved, { kind: 'dismissed' })).toBeNull()
  })
})
