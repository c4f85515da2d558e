import type { SessionQuestion } from '~/db/schema/talks'
import { formatAnswer } from './lead-form'

// Every answer of one capture with its question's label resolved (issue 10 Deliver 2), for the lead
// detail page and the person's JSON export: the session's questions in order, a rating as "n/5",
// then any answer whose question was removed from the session since (labelled as such).

export type AnswerRow = { questionId: string; label: string; kind: SessionQuestion['kind'] | null; value: string }

export function answerRows(
  questions: readonly SessionQuestion[],
  answers: Record<string, string | string[] | number>,
): AnswerRow[] {
  const rows: AnswerRow[] = questions.map((q) => {
    const raw = answers[q.id]
    const value = raw === undefined || raw === '' ? '' : q.kind === 'rating' ? `${formatAnswer(raw)}/5` : formatAnswer(raw)
    return { questionId: q.id, label: q.label, kind: q.kind, value }
  })
  const known = new Set(questions.map((q) => q.id))
  for (const [id, raw] of Object.entries(answers)) {
    if (known.has(id)) continue
    rows.push({ questionId: id, label: 'A question since removed from the session', kind: null, value: formatAnswer(raw) })
  }
  return rows
}
