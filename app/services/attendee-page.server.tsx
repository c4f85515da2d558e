import type { ReactNode } from 'react'
import { HONEYPOT_FIELD } from '~/components/forms'
import { getConfig } from '~/config.server'
import { CONTACT_LABEL, joinNames, recipientsLine, shareBoxText } from '~/lib/consent-text'
import { LEAD_FIELDS, LEAD_LIMITS, questionField, type LeadFormErrors, type LeadFormValues } from '~/lib/lead-form'
import { countedUrl } from '~/lib/session-views'
import type { PublicSession } from '~/models/lead-capture.server'
import { Document, html } from './attendee-document.server'
import { fieldAnchor, Question, TextField } from './attendee-form-fields.server'

// The attendee pages (/t/{code} and its thank-you, closed and erasure pages): what each one shows.
// Each is a complete, small HTML document in the frame of app/services/attendee-document.server.tsx.

export const PRIVACY_PATH = '/privacy-policy'

/** The speaker's photo only from our own storage: the page makes no third-party request. */
export function ownPhotoUrl(url: string | null | undefined): string | null {
  if (!url || url.includes('..')) return null
  const base = getConfig().storagePublicUrl
  return url.startsWith(`${base}/`) ? url : null
}

function Speaker({ session }: { session: PublicSession }) {
  const photo = ownPhotoUrl(session.speakerPhoto)
  const role = [session.speakerJobTitle, session.speakerCompany].filter(Boolean).join(', ')
  if (!photo && !role && !session.speakerNamed) return null
  return (
    <div className="who">
      {photo ? <img src={photo} alt="" width={56} height={56} loading="lazy" decoding="async" /> : null}
      <div>
        {session.speakerNamed ? <strong>{session.speakerName}</strong> : null}
        {role ? <div className="muted">{role}</div> : null}
      </div>
    </div>
  )
}

export type SessionPageProps = {
  session: PublicSession
  token: string
  nonce: string
  values?: LeadFormValues
  errors?: LeadFormErrors
  /** A message above the form (too many sign-ups, expired form). */
  formError?: string
  preview?: boolean
}

export function renderSessionPage(props: SessionPageProps, status = 200, headers: Record<string, string> = {}) {
  const { session, token, nonce, values = {}, errors = {}, formError, preview } = props
  const brand = getConfig().BRAND_NAME
  const action = `/t/${session.code}`
  const order = [
    LEAD_FIELDS.firstName,
    LEAD_FIELDS.email,
    LEAD_FIELDS.company,
    LEAD_FIELDS.jobTitle,
    LEAD_FIELDS.phone,
    LEAD_FIELDS.linkedin,
    ...session.questions.map(questionField),
  ]
  const errorNames = order.filter((name) => errors[name])
  const field = { values, errors }
  const hasErrors = errorNames.length > 0
  return html(
    <Document
      title={session.speakerNamed ? `${session.displayHeadline} · ${session.speakerName}` : session.displayHeadline}
      accent={session.accentColor}
      nonce={nonce}
      script={!preview}
      counted={countedUrl(action)}
    >
      {preview ? (
        <p className="note">Preview: this session is a draft. Attendees get “not found” here until you make it live.</p>
      ) : null}
      <Speaker session={session} />
      <h1>{session.displayHeadline}</h1>
      <p className="muted">{session.eventName}</p>
      {session.hasOffer && (session.offerTitle || session.offerPromise) ? (
        <div className="offer">
          {session.offerTitle ? <strong>{session.offerTitle}</strong> : null}
          {session.offerPromise ? <span>{session.offerPromise}</span> : null}
        </div>
      ) : null}
      {hasErrors ? (
        <div className="alert" role="alert">
          <p>Please check the {errorNames.length === 1 ? 'field' : 'fields'} marked below:</p>
          <ul>
            {errorNames.map((name) => (
              <li key={name}>
                <a href={`#${fieldAnchor(name, session)}`}>{errors[name]}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {formError ? (
        <p className="alert" role="alert">
          {formError}
        </p>
      ) : null}
      <p id="queued" className="note" role="status" tabIndex={-1} hidden>
        You are offline. Your details are saved on this phone and will be sent as soon as you are back online: keep this page
        open.
      </p>
      <form id="lead" method="post" action={action} noValidate>
        <input type="hidden" name={LEAD_FIELDS.submission} value={token} />
        <TextField
          name={LEAD_FIELDS.firstName}
          label="First name"
          autoComplete="given-name"
          required
          maxLength={LEAD_LIMITS.firstName}
          {...field}
        />
        <TextField
          name={LEAD_FIELDS.email}
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={LEAD_LIMITS.email}
          {...field}
        />
        {session.fields.company ? (
          <TextField
            name={LEAD_FIELDS.company}
            label="Company"
            autoComplete="organization"
            maxLength={LEAD_LIMITS.company}
            {...field}
          />
        ) : null}
        {session.fields.jobTitle ? (
          <TextField
            name={LEAD_FIELDS.jobTitle}
            label="Job title"
            autoComplete="organization-title"
            maxLength={LEAD_LIMITS.jobTitle}
            {...field}
          />
        ) : null}
        {session.fields.phone ? (
          <TextField
            name={LEAD_FIELDS.phone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={LEAD_LIMITS.phone}
            {...field}
          />
        ) : null}
        {session.fields.linkedin ? (
          <TextField
            name={LEAD_FIELDS.linkedin}
            label="LinkedIn profile"
            type="url"
            autoComplete="url"
            maxLength={LEAD_LIMITS.linkedin}
            {...field}
          />
        ) : null}
        {session.questions.map((question) => (
          <Question key={question.id} question={question} {...field} />
        ))}
        <div className="hp" aria-hidden="true">
          <label htmlFor="f-hp">Leave this field empty</label>
          <input id="f-hp" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {session.marketingText.trim() ? (
          <label className="opt">
            <input
              type="checkbox"
              name={LEAD_FIELDS.marketing}
              value="yes"
              defaultChecked={values[LEAD_FIELDS.marketing] === 'yes'}
            />
            {session.marketingText}
          </label>
        ) : null}
        <div className="consent">
          {session.consentText.trim() ? <p>{session.consentText}</p> : null}
          <p>
            {recipientsLine({ speakerName: session.speakerName, brand, event: session.event })}{' '}
            {session.contactEmail ? (
              <>
                {CONTACT_LABEL}: <a href={`mailto:${session.contactEmail}`}>{session.contactEmail}</a>{' '}
              </>
            ) : null}
            <a href={PRIVACY_PATH}>Privacy notice</a>
          </p>
        </div>
        <ShareBox session={session} values={values} />
        <button className="btn" type="submit" disabled={preview}>
          Send my details
        </button>
      </form>
    </Document>,
    { status, headers },
  )
}

/**
 * The unticked box naming an event's speaker, below the notice that refers to it (issue 23): only
 * when both the organiser and the speaker may receive the details.
 */
function ShareBox({ session, values }: { session: PublicSession; values: LeadFormValues }) {
  const text = shareBoxText(session)
  if (!text) return null
  return (
    <label className="opt">
      <input type="checkbox" name={LEAD_FIELDS.share} value="yes" defaultChecked={values[LEAD_FIELDS.share] === 'yes'} />
      {text}
    </label>
  )
}

export function renderThanksPage({
  session,
  firstName,
  submissionId,
  receivedBy = [session.speakerName],
  confirmationSkipped = false,
}: {
  session: PublicSession
  firstName: string
  submissionId: string
  /** Who has the details, by name (app/lib/consent-text.ts receivedBy). */
  receivedBy?: string[]
  /** The confirmation email was held back by its limits (app/lib/confirmation-limits.ts): say so, not "we sent". */
  confirmationSkipped?: boolean
}) {
  const base = `/t/${session.code}`
  const offerHref = session.offerKind === 'file' ? `${base}/offer/${submissionId}` : session.offerUrl
  return html(
    <Document title={session.speakerNamed ? `Thank you · ${session.speakerName}` : 'Thank you'} accent={session.accentColor}>
      <Speaker session={session} />
      <h1>Thanks, {firstName}!</h1>
      <p>
        Your details are with {joinNames(receivedBy)}.{' '}
        {confirmationSkipped
          ? 'We did not send you a confirmation email: too many have gone to this address, or from this page, recently. Bookmark this page to keep the offer.'
          : 'We have also sent you an email with everything on this page.'}
      </p>
      {session.hasOffer && offerHref ? (
        <div className="offer">
          {session.offerTitle ? <strong>{session.offerTitle}</strong> : null}
          {session.offerPromise ? <span>{session.offerPromise}</span> : null}
          <a className="btn" href={offerHref} rel={session.offerKind === 'url' ? 'noopener noreferrer' : undefined}>
            {session.offerKind === 'file' ? `Download ${session.offerFileName ?? 'the file'}` : 'Open the offer'}
          </a>
        </div>
      ) : null}
      <h2>Keep in touch</h2>
      <p>
        <a href={`${base}/card/${submissionId}`}>Save {session.speakerName}’s contact card</a>
      </p>
      <p className="muted">
        {confirmationSkipped
          ? `Changed your mind? Ask ${session.speakerName} to erase your details.`
          : 'Changed your mind? The email we sent has a link to erase your details.'}{' '}
        <a href={PRIVACY_PATH}>Privacy notice</a>
      </p>
    </Document>,
  )
}

/** A short page with a heading and a sentence or two: ended, not found, erased, spam answers. */
export function renderMessagePage({
  title,
  lines,
  status,
  accent,
  children,
}: {
  title: string
  lines: string[]
  status: number
  accent?: string
  children?: ReactNode
}) {
  return html(
    <Document title={title} accent={accent}>
      <h1>{title}</h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {children}
    </Document>,
    { status },
  )
}

export function renderErasePage({
  session,
  code,
  token,
  firstName,
}: {
  session?: Pick<PublicSession, 'accentColor'>
  code: string
  token: string
  firstName: string
}) {
  return renderMessagePage({
    title: 'Erase your details',
    accent: session?.accentColor,
    status: 200,
    lines: [
      `${firstName}, this erases the details you left on this session page: the speaker will no longer have them, and they cannot be restored.`,
    ],
    children: (
      <form method="post" action={`/t/${code}/erase/${token}`}>
        <button className="btn" type="submit">
          Erase my details
        </button>
      </form>
    ),
  })
}
