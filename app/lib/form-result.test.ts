import type { SubmissionResult } from '@conform-to/react'
import { describe, expect, it } from 'vitest'
import { nextResultState, type ResultState } from './form-result'

// Issue 20 item 5: the form shows what the latest response says. The sequence from the lead page:
// "won" without a deal value is refused (400 with a field error), then saved (redirect, no result).

const refused: SubmissionResult<string[]> = {
  status: 'error',
  initialValue: { intent: 'pipeline', status: 'won', dealValue: '' },
  error: { dealValue: ['Enter the deal value to mark this person as won.'] },
  fields: ['intent', 'status', 'dealValue', 'dealCurrency'],
}
const empty: ResultState<string[]> = { received: undefined, shown: undefined }

describe('nextResultState', () => {
  it('passes a fresh result on as it came', () => {
    expect(nextResultState(empty, refused)).toEqual({ received: refused, shown: refused })
  })

  it('after the redirect of a successful save, shows no errors and forgets what was validated', () => {
    const afterError = nextResultState(empty, refused)
    const afterSave = nextResultState(afterError, undefined)
    expect(afterSave.received).toBeUndefined()
    expect(afterSave.shown).toEqual({
      error: {},
      state: { validated: { intent: false, status: false, dealValue: false, dealCurrency: false } },
    })
    // No initialValue: Conform keeps the values in the fields (nothing typed is reset).
    expect(afterSave.shown).not.toHaveProperty('initialValue')
  })

  it('keeps the same objects while nothing new arrives, so Conform reports nothing twice', () => {
    const afterError = nextResultState(empty, refused)
    expect(nextResultState(afterError, refused)).toBe(afterError)
    const afterSave = nextResultState(afterError, undefined)
    expect(nextResultState(afterSave, undefined)).toBe(afterSave)
    expect(nextResultState(afterSave, null)).toBe(afterSave)
  })

  it('tells Conform nothing when no response had a result', () => {
    expect(nextResultState(empty, undefined)).toBe(empty)
    expect(nextResultState(empty, null)).toBe(empty)
  })

  it('shows a second refusal after a save, even one with the same errors', () => {
    const afterSave = nextResultState(nextResultState(empty, refused), undefined)
    const again = { ...refused }
    expect(nextResultState(afterSave, again)).toEqual({ received: again, shown: again })
  })

  it('also forgets fields validated by the earlier result’s state and its form-level error', () => {
    const withState: SubmissionResult<string[]> = {
      status: 'error',
      error: { '': ['Something went wrong.'] },
      state: { validated: { email: true } },
    }
    const cleared = nextResultState(nextResultState(empty, withState), undefined).shown
    expect(cleared?.state?.validated).toEqual({ '': false, email: false })
  })
})
