import { Form, Link } from '@remix-run/react'
import { buttonClass } from '~/components/forms'
import { GroupedBarChart } from '~/components/workspace/roi-charts'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import type { BarChartModel } from '~/lib/charts.server'

// The feedback of a session or a talk as the speaker sees it (issue 33 Deliver 4): the figures with
// the rating distribution as an SVG chart and the same numbers in a table beside it, the comments
// (newest first, a GET search form), the testimonials waiting for approval (approve / hide: plain
// POST forms) and the booking leads. Everything reads without JavaScript.

type Figures = {
  responses: number
  rate: string
  rateHint: string
  visitors: number
  mean: string
  distribution: Array<{ rating: number; label: string; count: number; percent: number }>
  chart: BarChartModel
  parts: Array<{ label: string; text: string }>
}

export function FeedbackFiguresView({ figures, headingLevel = 2 }: { figures: Figures; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby="fb-figures-title" className="mt-6">
      <H id="fb-figures-title" className="text-lg font-semibold text-white">
        Responses
      </H>
      <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4">
        <FigureStat label="Responses" value={String(figures.responses)} />
        <FigureStat label="Response rate" value={figures.rate} hint={figures.rateHint} />
        <FigureStat label="Unique visitors" value={String(figures.visitors)} />
        <FigureStat label="Rating" value={figures.mean} />
      </dl>
      <div className="mt-6 grid gap-6 md:grid-cols-[2fr_1fr]">
        <div className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
          <GroupedBarChart
            model={figures.chart}
            title="Rating distribution"
            description={figures.distribution.map((d) => `${d.label}: ${d.count}`).join(', ')}
          />
        </div>
        <table className="w-full text-left text-sm text-slate-200">
          <caption className="text-left font-semibold text-white">Ratings</caption>
          <thead>
            <tr className="border-b border-white/10">
              <th scope="col" className="py-2">
                Rating
              </th>
              <th scope="col" className="py-2 text-right">
                Answers
              </th>
              <th scope="col" className="py-2 text-right">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.distribution.map((d) => (
              <tr key={d.rating} className="border-b border-white/5">
                <th scope="row" className="py-2 font-normal">
                  {d.label}
                </th>
                <td className="py-2 text-right">{d.count}</td>
                <td className="py-2 text-right">{d.percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <H className="mt-6 text-base font-semibold text-white">Content, delivery and slides</H>
      <dl className="mt-3 grid gap-4 md:grid-cols-3">
        {figures.parts.map((p) => (
          <FigureStat key={p.label} label={p.label} value={p.text} />
        ))}
      </dl>
    </section>
  )
}

function FigureStat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-white">{value}</dd>
      {hint ? <dd className="text-xs text-slate-400">{hint}</dd> : null}
    </div>
  )
}

type Comment = { id: string; rating: number; comment: string; createdAt: string; eventName: string }

export function FeedbackComments({ comments, q, showEvent }: { comments: Comment[]; q: string; showEvent: boolean }) {
  return (
    <section aria-labelledby="fb-comments-title" className="mt-8">
      <h2 id="fb-comments-title" className="text-lg font-semibold text-white">
        Comments
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2" role="search">
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          Search the comments
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            className="rounded-md border border-white/20 bg-ink-950 px-3 py-2 text-white"
          />
        </label>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
        {q ? (
          <Link to="?" className="text-sm text-brand-300 underline">
            Show all
          </Link>
        ) : null}
      </Form>
      {comments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-300">{q ? `No comment contains “${q}”.` : 'No comments yet.'}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {comments.map((c) => (
            <li key={c.id} className="rounded-lg border border-white/10 bg-ink-900/60 p-4">
              <p className="whitespace-pre-line text-slate-100">{c.comment}</p>
              <p className="mt-2 text-xs text-slate-400">
                Rated {c.rating} of 5 · {c.createdAt}
                {showEvent ? ` · ${c.eventName}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

type Testimonial = {
  id: string
  quote: string
  author: string
  approval: 'pending' | 'approved' | 'hidden'
  createdAt: string
  eventName: string
}

const APPROVAL_WORDS = {
  pending: 'Waiting for your approval',
  approved: 'Shown on your profile and the event page',
  hidden: 'Hidden',
}

/** Approve / hide each testimonial; `action` is the route that takes the POST (intent approve|hide). */
export function TestimonialApprovals({
  testimonials,
  canChange,
  action,
}: {
  testimonials: Testimonial[]
  canChange: boolean
  action?: string
}) {
  const waiting = testimonials.filter((t) => t.approval === 'pending').length
  return (
    <section aria-labelledby="fb-testimonials-title" className="mt-8">
      <h2 id="fb-testimonials-title" className="text-lg font-semibold text-white">
        Testimonials
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        {testimonials.length === 0
          ? 'No one has let you quote them yet.'
          : `${waiting} waiting for approval. Only what you approve appears on your profile and the event page, with the parts of the name its author permitted.`}
      </p>
      <ul className="mt-4 space-y-3">
        {testimonials.map((t) => (
          <li key={t.id} className="rounded-lg border border-white/10 bg-ink-900/60 p-4">
            <blockquote className="whitespace-pre-line text-slate-100">“{t.quote}”</blockquote>
            <p className="mt-2 text-sm text-slate-300">
              — {t.author} · {t.eventName} · {t.createdAt}
            </p>
            <p className="mt-1 text-xs text-slate-400">{APPROVAL_WORDS[t.approval]}</p>
            {canChange ? (
              <WorkspaceForm method="post" action={action} className="mt-3 flex gap-2">
                <input type="hidden" name="responseId" value={t.id} />
                {t.approval !== 'approved' ? (
                  <button type="submit" name="intent" value="approve" className={buttonClass.primary}>
                    Approve<span className="sr-only"> the quote of {t.author}</span>
                  </button>
                ) : null}
                {t.approval !== 'hidden' ? (
                  <button type="submit" name="intent" value="hide" className={buttonClass.secondary}>
                    Hide<span className="sr-only"> the quote of {t.author}</span>
                  </button>
                ) : null}
              </WorkspaceForm>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

type Booking = {
  id: string
  contactId: string
  organisation: string
  role: string
  timing: string
  firstName: string
  email: string
  createdAt: string
  eventName: string
}

export function BookingLeadsList({ bookings }: { bookings: Booking[] }) {
  return (
    <section aria-labelledby="fb-bookings-title" className="mt-8">
      <h2 id="fb-bookings-title" className="text-lg font-semibold text-white">
        Booking leads
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-1 text-sm text-slate-300">No one has asked you to speak at their company or event yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm text-slate-200">
          <thead>
            <tr className="border-b border-white/10">
              <th scope="col" className="py-2">
                Person
              </th>
              <th scope="col" className="py-2">
                Company or event
              </th>
              <th scope="col" className="py-2">
                Role
              </th>
              <th scope="col" className="py-2">
                When
              </th>
              <th scope="col" className="py-2">
                Asked
              </th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((b) => (
              <tr key={b.id} className="border-b border-white/5">
                <td className="py-2">
                  <Link to={`/app/leads/${b.contactId}`} className="text-brand-300 underline">
                    {b.firstName}
                  </Link>{' '}
                  <span className="text-slate-400">{b.email}</span>
                </td>
                <td className="py-2">{b.organisation}</td>
                <td className="py-2">{b.role}</td>
                <td className="py-2">{b.timing}</td>
                <td className="py-2">{b.createdAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
