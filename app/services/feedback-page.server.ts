import { canEditFeedback, FEEDBACK_EDIT_MS, feedbackState, feedbackWindowSentence } from '~/lib/feedback'
import type { Language } from '~/lib/i18n/languages'
import { getBrowserFeedback } from '~/models/feedback.server'
import type { PublicSession } from '~/models/lead-capture.server'
import type { FeedbackView } from './attendee-feedback.server'
import { browserKeyHash, readBrowserId } from './feedback-cookie.server'

// What one request to /t/{code} knows about feedback (issue 33 Deliver 1): the window now, its
// sentence, and the answer this browser gave (by its cookie), with until when it can change.

export async function loadFeedbackView(
  request: Request,
  session: PublicSession,
  now = new Date(),
  language: Language = 'en',
): Promise<FeedbackView | undefined> {
  if (!session.feedbackEnabled) return undefined
  const state = feedbackState(session, now)
  const sentence = feedbackWindowSentence(state, session.timeZone, language)
  const id = state.state === 'open' ? await readBrowserId(request) : null
  const answer = id ? await getBrowserFeedback(session.id, browserKeyHash(session.id, id)) : null
  const editableUntil =
    answer && canEditFeedback(answer.createdAt, now) ? new Date(answer.createdAt.getTime() + FEEDBACK_EDIT_MS) : null
  return { state, sentence, answer, editableUntil }
}
