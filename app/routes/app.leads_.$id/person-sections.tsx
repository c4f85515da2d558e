import type { ReactNode } from 'react'
import { LANGUAGE_NAMES_IN_ENGLISH } from '~/lib/i18n/languages'
import type { ScoreBand } from '~/lib/lead-status'
import type { PersonView } from './view.server'

// The read-only parts of the lead detail page: who the person is and their score, every capture
// with every answer, and the consent records. Everything from the attendee is rendered as text. A
// capture's session links to its page when the viewer opens it (plain anchors: these parts render
// without a router too).

export const stamp = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

const BAND_CLASS: Record<ScoreBand, string> = {
  hot: 'border-rose-400/60 bg-rose-950/60 text-rose-100',
  warm: 'border-amber-400/60 bg-amber-950/60 text-amber-100',
  cold: 'border-sky-400/60 bg-sky-950/60 text-sky-100',
}

export function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
      <dt className="text-slate-400">{label}</dt>
      <dd className="break-words text-slate-100">{children ?? '–'}</dd>
    </div>
  )
}

export function PersonSummary({ view }: { view: PersonView }) {
  const { person } = view
  return (
    <Card title="Person" id="person-title">
      <dl className="mt-4 flex flex-col gap-2 text-sm">
        <Row label="Name">{person.name}</Row>
        <Row label="Email">
          <a className="text-brand-300 underline" href={`mailto:${person.email}`}>
            {person.email}
          </a>
        </Row>
        <Row label="Company">{person.company}</Row>
        <Row label="Job title">{person.jobTitle}</Row>
        <Row label="Phone">{person.phone}</Row>
        <Row label="LinkedIn">
          {person.linkedin && person.linkedinIsLink ? (
            <a className="text-brand-300 underline" href={person.linkedin} rel="noopener noreferrer nofollow" target="_blank">
              {person.linkedin}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            person.linkedin
          )}
        </Row>
      </dl>

      <h3 className="mt-6 font-semibold text-white">Seen at {view.seenAt === 1 ? '1 talk' : `${view.seenAt} talks`}</h3>
      <p className="mt-1 text-sm text-slate-300">
        Captures with the same email address are merged automatically into one person: every talk where they left their details is
        listed below, and they count once in your leads.
        {view.locked > 0
          ? ` ${view.locked === 1 ? '1 more capture is' : `${view.locked} more captures are`} locked by your plan and not shown.`
          : ''}
      </p>

      <h3 className="mt-6 font-semibold text-white">Score</h3>
      <p className="mt-2 flex items-center gap-3 text-sm text-slate-200">
        <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${BAND_CLASS[person.band]}`}>
          {person.bandLabel}
        </span>
        <span>{person.score === 1 ? '1 point' : `${person.score} points`}</span>
      </p>
      {person.reasons.length ? (
        <ul className="mt-2 list-disc pl-6 text-sm text-slate-300">
          {person.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-400">Nothing scored yet.</p>
      )}
    </Card>
  )
}

export function CapturesSection({ captures }: { captures: PersonView['captures'] }) {
  return (
    <Card title="Captures and answers" id="captures-title">
      <ol className="mt-4 flex flex-col gap-5">
        {captures.map((capture) => (
          <li key={capture.id} className="rounded-lg border border-white/10 p-4">
            <h3 className="font-semibold text-white">
              {capture.sessionHref ? (
                <a href={capture.sessionHref} className="underline underline-offset-2 hover:text-brand-200">
                  {capture.talkTitle} · {capture.eventName}
                </a>
              ) : (
                <>
                  {capture.talkTitle} · {capture.eventName}
                </>
              )}
            </h3>
            <p className="text-sm text-slate-400">
              {capture.when} · captured <time dateTime={capture.capturedAt}>{stamp(capture.capturedAt)}</time>
            </p>
            {capture.confirmationNote ? <p className="mt-1 text-sm text-amber-200">{capture.confirmationNote}</p> : null}
            {capture.booking ? (
              <section
                aria-label="Booking request"
                className="mt-3 rounded-md border border-amber-300/30 bg-amber-300/5 p-3 text-sm"
              >
                <h4 className="font-semibold text-amber-100">Booking request</h4>
                <p className="text-slate-400">
                  Asked for a booking at this session on <time dateTime={capture.booking.at}>{stamp(capture.booking.at)}</time>
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-slate-400">Organisation</dt>
                  <dd className="break-words text-slate-100">{capture.booking.organisation}</dd>
                  <dt className="text-slate-400">Role</dt>
                  <dd className="break-words text-slate-100">{capture.booking.role}</dd>
                  <dt className="text-slate-400">When</dt>
                  <dd className="break-words text-slate-100">{capture.booking.timing}</dd>
                </dl>
              </section>
            ) : null}
            <dl className="mt-3 flex flex-col gap-2 text-sm">
              {capture.answers.map((a) => (
                <div key={a.questionId}>
                  <dt className="text-slate-400">{a.label}</dt>
                  <dd className="whitespace-pre-wrap break-words text-slate-100">{a.value || 'Not answered'}</dd>
                </div>
              ))}
              <div>
                <dt className="text-slate-400">Marketing emails</dt>
                <dd className="text-slate-100">{capture.marketingConsent ? 'Yes' : 'No'}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </Card>
  )
}

export function ConsentSection({ consents }: { consents: PersonView['consents'] }) {
  return (
    <Card title="Consent records" id="consent-title">
      <p className="mt-1 text-sm text-slate-400">
        What the attendee saw and agreed to, word for word, each time they submitted. These records cannot be edited.
      </p>
      <ol className="mt-4 flex flex-col gap-4 text-sm">
        {consents.map((c) => (
          <li key={c.id} className="rounded-lg border border-white/10 p-4">
            <p className="text-slate-300">
              <time dateTime={c.at}>{stamp(c.at)}</time> · {c.session}
            </p>
            <p className="mt-2 text-slate-400">
              Notice shown in {LANGUAGE_NAMES_IN_ENGLISH[c.language]}{' '}
              <span className="font-mono text-xs" title="The version of these exact words (SHA-256)">
                {c.noticeHash.slice(0, 12)}
              </span>
            </p>
            <blockquote
              lang={c.language}
              className="mt-1 whitespace-pre-wrap break-words border-l-2 border-white/20 pl-3 text-slate-100"
            >
              {c.notice}
            </blockquote>
            <p className="mt-2 text-slate-100">
              Marketing consent: <strong>{c.marketingConsent ? 'Yes' : 'No'}</strong>
              {c.marketingText ? (
                <span className="text-slate-300">
                  {' '}
                  — “<span lang={c.language}>{c.marketingText}</span>”
                </span>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  )
}
