import type { SubmissionResult } from '@conform-to/react'

// Which submission result a Conform form is told about (issue 20 item 5: the page never
// contradicts itself). Conform applies a result only when one arrives. A submission that succeeds
// ends in a redirect (post/redirect/get, usually back to the same page with a flash toast), and
// that answer carries no result — so Conform kept the errors of the earlier, refused attempt
// beside the new toast. Without JavaScript the page is rendered afresh and shows none. The rule
// gives the same outcome with JavaScript: a response without a result replaces the earlier
// result with one that has no errors and no validated fields (as on a fresh page), while the
// values typed stay where they are (nothing is reset). A fresh 400 is passed on as it comes.

export type ResultState<FormError> = {
  /** The result the last response carried (undefined: none, e.g. after a redirect). */
  received: SubmissionResult<FormError> | undefined
  /** The result given to Conform; stays the same object until the next response. */
  shown: SubmissionResult<FormError> | undefined
}

export function nextResultState<FormError>(
  state: ResultState<FormError>,
  incoming: SubmissionResult<FormError> | null | undefined,
): ResultState<FormError> {
  const received = incoming ?? undefined
  if (received === state.received) return state
  if (received) return { received, shown: received }
  // Nothing shown came from a response: there is nothing to take back.
  if (!state.received) return { received, shown: state.shown }
  return { received, shown: clearedResult(state.received) }
}

/** A result without errors that also forgets which fields the earlier one had validated. */
function clearedResult<FormError>(earlier: SubmissionResult<FormError>): SubmissionResult<FormError> {
  const names = new Set([
    ...(earlier.fields ?? []),
    ...Object.keys(earlier.error ?? {}),
    ...Object.keys(earlier.state?.validated ?? {}),
  ])
  return { error: {}, state: { validated: Object.fromEntries([...names].map((name) => [name, false])) } }
}
