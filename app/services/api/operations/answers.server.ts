import { z } from 'zod'
import type { KeysetResult } from '~/models/keyset.server'
import { ApiError } from '../operation.server'

// What the resources' operations answer alike (issue 30): the path's id, a page of a list, and the
// refusals for an id that names nothing the key may see.

/** `{id}` of a path: anything that is not a uuid names nothing (the wrapper answers 404). */
export const IdParams = z.object({ id: z.guid().meta({ description: 'The object’s id.' }) })

/** The 404 of an id another workspace owns, that was erased, or that the key may not see: one answer for all. */
export function notFound(what: string) {
  return new ApiError('not_found', `No ${what} with this id in this workspace.`)
}

/** A list's answer from a keyset page; a cursor that names none of the list's objects is a 400 naming it. */
export function pageAnswer<T, U>(result: KeysetResult<T>, what: string, toApi: (row: T) => U) {
  if (!result.ok) {
    throw new ApiError(
      'bad_request',
      `starting_after is not the id of a ${what} of this workspace (it may have been deleted since): start the list again without it.`,
      'starting_after',
    )
  }
  return { data: result.rows.map(toApi), has_more: result.hasMore }
}

/** An ISO 8601 instant with its offset (Z or ±hh:mm), as a Date. */
export const Instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v))

/**
 * Text of a query parameter, trimmed: control characters are a 400 naming it (the server refuses
 * them in the address before the app, and Postgres refuses NUL; this keeps the rule for any caller).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/

export function queryText(max: number) {
  return z.string().trim().min(1).max(max).regex(NO_CONTROL_CHARACTERS, 'Control characters are not allowed')
}
