import type { FollowUpSource } from '~/lib/follow-ups'
import type { Scope } from '~/lib/permissions'
import { createFollowUpDraft, updateFollowUpDraft, type FollowUpDraftInput } from '~/models/follow-ups.server'
import { sanitizeBioHtml } from './sanitize.server'

// A follow-up's body is user HTML: sanitised when saved (ARCHITECTURE rules), with the same
// sanitiser as the bio the editor also writes, before the model stores it. Routes save drafts through
// these two functions, never through the model directly.

function sanitised<T extends FollowUpDraftInput>(input: T): T {
  return { ...input, bodyHtml: sanitizeBioHtml(input.bodyHtml) }
}

export function saveNewFollowUp(
  scope: Scope,
  input: FollowUpDraftInput & { source: FollowUpSource; sourceId: string; automatic?: { delayHours: number } },
) {
  return createFollowUpDraft(scope, sanitised(input))
}

export function saveFollowUpDraft(scope: Scope, id: string, input: FollowUpDraftInput & { delayHours?: number }) {
  return updateFollowUpDraft(scope, id, sanitised(input))
}
