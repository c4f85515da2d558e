import type { ReactNode } from 'react'
import { HONEYPOT_FIELD } from '~/components/forms'
import { getConfig } from '~/config.server'
import { joinNames, recipientsLine, shareBoxText } from '~/lib/consent-text'
import { dictionary } from '~/lib/i18n/dictionaries'
import { LANGUAGE_NAMES, LANGUAGE_PARAM, type Language } from '~/lib/i18n/languages'
import { localSessionTexts, type LocalSessionTexts, type Worded } from '~/lib/i18n/session-language'
import { LEAD_FIELDS, LEAD_LIMITS, questionField, type LeadFormErrors, type LeadFormValues } from '~/lib/lead-form'
import { COUNTED_PARAM, countedUrl, LANGUAGE_SWITCH } from '~/lib/session-views'
import type { PublicSession } from '~/models/lead-capture.server'
import { languageHeaders } from './attendee-language.server'
import { Document, html } from './attendee-document.server'
import { FEEDBACK_FIELD_ORDER, FeedbackSection, takesFeedback, type FeedbackView } from './attendee-feedback.server'
import { fieldAnchor, Question, TextField } from './attendee-form-fields.server'

// The attendee pages (/t/{code} and its thank-you, closed and erasure pages): what each one shows.
// Each is a complete, small HTML document in the frame of app/services/attendee-document.server.tsx,
// in the language negotiated for it (issue 31; app/services/attendee-language.server.ts): Lectern's
// words from that language's dictionary, the speaker's as given for it (app/lib/i18n/session-language.ts).

/** The form field that carries the language the form was shown in, and whether the attendee chose it. */
export const LANGUAGE_FIELD = 'lang'
export const LANGUAGE_CHOSEN_FIELD = 'lang_chosen'

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

/** A speaker's text, marked with its own language when the page is in another (WCAG 3.1.2). */
function Own({ worded, page, as: Tag = 'span' }: { worded: Worded; page: Language; as?: 'span' | 'strong' }) {
  return <Tag lang={worded.lang === page ? undefined : worded.lang}>{worded.text}</Tag>
}

/** The plain list of links to the page in each language it is offered in (no script, no form). */
function LanguageLinks({ code, language, offered }: { code: string; language: Language; offered: readonly Language[] }) {
  if (offered.length < 2) return null
  return (
    <nav aria-label={dictionary(language).languages.label} className="langs">
      <ul>
        {offered.map((l) => (
          <li key={l}>
            <a
              href={`/t/${code}?${LANGUAGE_PARAM}=${l}&${COUNTED_PARAM}=${LANGUAGE_SWITCH}`}
              hrefLang={l}
              lang={l}
              aria-current={l === language ? 'true' : undefined}
            >
              {LANGUAGE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export type SessionPageProps = {
  session: PublicSession
  token: string
  nonce: string
  /** The language the page is shown in, the languages the session offers, and whether the attendee chose it. */
  language: Language
  offered: readonly Language[]
  chosen?: boolean
  values?: LeadFormValues
  errors?: LeadFormErrors
  /** A message above the form (too many sign-ups, expired form). */
  formError?: string
  preview?: boolean
  /** Feedback in the room (issue 33): the window and this browser's answer; absent when the speaker has it off. */
  feedback?: FeedbackView
}

export function renderSessionPage(props: SessionPageProps, status = 200, headers: Record<string, string> = {}) {
  const { session, token, nonce, values = {}, errors = {}, formError, preview, language, offered, chosen, feedback } = props
  // While feedback is taken, the details are optional: feedback goes without them.
  const feedbackOpen = takesFeedback(feedback)
  const brand = getConfig().BRAND_NAME
  const local = localSessionTexts(session, language)
  const { t, speaker } = local
  const action = `/t/${session.code}`
  const order = [
    ...(feedbackOpen ? FEEDBACK_FIELD_ORDER : []),
    LEAD_FIELDS.firstName,
    LEAD_FIELDS.email,
    LEAD_FIELDS.company,
    LEAD_FIELDS.jobTitle,
    LEAD_FIELDS.phone,
    LEAD_FIELDS.linkedin,
    ...session.questions.map(questionField),
  ]
  const errorNames = order.filter((name) => errors[name])
  const field = { values, errors, t }
  const hasErrors = errorNames.length > 0
  const notice = { speakerName: speaker, brand, event: session.event, language }
  return html(
    <Document
      title={session.speakerNamed ? `${session.displayHeadline} · ${session.speakerName}` : session.displayHeadline}
      accent={session.accentColor}
      nonce={nonce}
      script={!preview}
      counted={countedUrl(action)}
      lang={language}
    >
      {preview ? <p className="note">{t.page.preview}</p> : null}
      <LanguageLinks code={session.code} language={language} offered={offered} />
      <Speaker session={session} />
      <h1>{session.displayHeadline}</h1>
      <p className="muted">{session.eventName}</p>
      {session.hasOffer && (session.offerTitle || session.offerPromise) ? <Offer local={local} /> : null}
      {hasErrors ? (
        <div className="alert" role="alert">
          <p>{t.page.checkFields({ count: errorNames.length })}</p>
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
        {t.page.offline}
      </p>
      <form id="lead" method="post" action={action} noValidate>
        <input type="hidden" name={LEAD_FIELDS.submission} value={token} />
        <input type="hidden" name={LANGUAGE_FIELD} value={language} />
        {chosen ? <input type="hidden" name={LANGUAGE_CHOSEN_FIELD} value="1" /> : null}
        {feedback ? <FeedbackSection session={session} {...feedback} language={language} speaker={speaker} {...field} /> : null}
        {feedbackOpen ? (
          <>
            <h2>{t.feedback.details}</h2>
            <p className="muted">{t.feedback.detailsHint}</p>
          </>
        ) : null}
        <TextField
          name={LEAD_FIELDS.firstName}
          label={t.fields.firstName}
          autoComplete="given-name"
          required={!feedbackOpen}
          maxLength={LEAD_LIMITS.firstName}
          {...field}
        />
        <TextField
          name={LEAD_FIELDS.email}
          label={t.fields.email}
          type="email"
          autoComplete="email"
          required={!feedbackOpen}
          maxLength={LEAD_LIMITS.email}
          {...field}
        />
        {session.fields.company ? (
          <TextField
            name={LEAD_FIELDS.company}
            label={t.fields.company}
            autoComplete="organization"
            maxLength={LEAD_LIMITS.company}
            {...field}
          />
        ) : null}
        {session.fields.jobTitle ? (
          <TextField
            name={LEAD_FIELDS.jobTitle}
            label={t.fields.jobTitle}
            autoComplete="organization-title"
            maxLength={LEAD_LIMITS.jobTitle}
            {...field}
          />
        ) : null}
        {session.fields.phone ? (
          <TextField
            name={LEAD_FIELDS.phone}
            label={t.fields.phone}
            type="tel"
            autoComplete="tel"
            maxLength={LEAD_LIMITS.phone}
            {...field}
          />
        ) : null}
        {session.fields.linkedin ? (
          <TextField
            name={LEAD_FIELDS.linkedin}
            label={t.fields.linkedin}
            type="url"
            autoComplete="url"
            maxLength={LEAD_LIMITS.linkedin}
            {...field}
          />
        ) : null}
        {local.questions.map((question) => (
          <Question key={question.id} question={question} language={language} {...field} />
        ))}
        <div className="hp" aria-hidden="true">
          <label htmlFor="f-hp">{t.page.honeypot}</label>
          <input id="f-hp" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {local.marketingText.trim() ? (
          <label className="opt">
            <input
              type="checkbox"
              name={LEAD_FIELDS.marketing}
              value="yes"
              defaultChecked={values[LEAD_FIELDS.marketing] === 'yes'}
            />
            {local.marketingText}
          </label>
        ) : null}
        <div className="consent">
          {local.consentText.trim() ? <p>{local.consentText}</p> : null}
          <p>
            {recipientsLine(notice)}{' '}
            {session.contactEmail ? (
              <>
                {t.page.contact}: <a href={`mailto:${session.contactEmail}`}>{session.contactEmail}</a>{' '}
              </>
            ) : null}
            <a href={PRIVACY_PATH}>{t.page.privacyNotice}</a>
          </p>
        </div>
        <ShareBox text={shareBoxText(notice)} values={values} />
        <button className="btn" type="submit" disabled={preview}>
          {feedbackOpen ? t.feedback.submit : t.page.submit}
        </button>
      </form>
    </Document>,
    { status, headers: { ...languageHeaders(language), ...headers } },
  )
}

function Offer({ local }: { local: LocalSessionTexts }) {
  return (
    <div className="offer">
      {local.offerTitle.text ? <Own worded={local.offerTitle} page={local.language} as="strong" /> : null}
      {local.offerPromise.text ? <Own worded={local.offerPromise} page={local.language} /> : null}
    </div>
  )
}

/**
 * The unticked box naming an event's speaker, below the notice that refers to it (issue 23): only
 * when both the organiser and the speaker may receive the details.
 */
function ShareBox({ text, values }: { text: string | null; values: LeadFormValues }) {
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
  language,
  receivedBy,
  confirmationSkipped = false,
}: {
  session: PublicSession
  firstName: string
  submissionId: string
  /** The language the attendee signed up in (the ledger's). */
  language: Language
  /** Who has the details, by name in the language (app/lib/consent-text.ts receivedBy); the speaker when absent. */
  receivedBy?: string[]
  /** The confirmation email was held back by its limits (app/lib/confirmation-limits.ts): say so, not "we sent". */
  confirmationSkipped?: boolean
}) {
  const local = localSessionTexts(session, language)
  const { t, speaker } = local
  const base = `/t/${session.code}`
  const offerHref = session.offerKind === 'file' ? `${base}/offer/${submissionId}` : session.offerUrl
  return html(
    <Document
      title={session.speakerNamed ? `${t.thanks.title} · ${session.speakerName}` : t.thanks.title}
      accent={session.accentColor}
      lang={language}
    >
      <Speaker session={session} />
      <h1>{t.thanks.heading({ firstName })}</h1>
      {local.thanksMessage.text ? (
        <p className="said">
          <Own worded={local.thanksMessage} page={language} />
        </p>
      ) : null}
      <p>
        {t.thanks.detailsWith({ names: joinNames(receivedBy ?? [speaker], language) })}{' '}
        {confirmationSkipped ? t.thanks.emailSkipped : t.thanks.emailSent}
      </p>
      {session.hasOffer && offerHref ? (
        <div className="offer">
          {local.offerTitle.text ? <Own worded={local.offerTitle} page={language} as="strong" /> : null}
          {local.offerPromise.text ? <Own worded={local.offerPromise} page={language} /> : null}
          <a className="btn" href={offerHref} rel={session.offerKind === 'url' ? 'noopener noreferrer' : undefined}>
            {session.offerKind === 'file'
              ? session.offerFileName
                ? t.thanks.download({ file: session.offerFileName })
                : t.thanks.downloadFile
              : t.thanks.openOffer}
          </a>
        </div>
      ) : null}
      <h2>{t.thanks.keepInTouch}</h2>
      <p>
        <a href={`${base}/card/${submissionId}`}>{t.thanks.saveCard({ speaker })}</a>
      </p>
      <p className="muted">
        {confirmationSkipped ? t.thanks.changedMindAsk({ speaker }) : t.thanks.changedMindEmail}{' '}
        <a href={PRIVACY_PATH}>{t.page.privacyNotice}</a>
      </p>
    </Document>,
    { headers: languageHeaders(language) },
  )
}

/** A short page with a heading and a sentence or two: ended, not found, erased, spam answers. */
export function renderMessagePage({
  title,
  lines,
  status,
  accent,
  language,
  children,
}: {
  title: string
  lines: string[]
  status: number
  accent?: string
  language: Language
  children?: ReactNode
}) {
  return html(
    <Document title={title} accent={accent} lang={language}>
      <h1>{title}</h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {children}
    </Document>,
    { status, headers: languageHeaders(language) },
  )
}

export function renderErasePage({
  session,
  code,
  token,
  firstName,
  language,
  quote = false,
}: {
  session?: Pick<PublicSession, 'accentColor'>
  code: string
  token: string
  firstName: string
  language: Language
  /** The capture carries a testimonial the author may withdraw alone (issue 33 Deliver 2). */
  quote?: boolean
}) {
  const t = dictionary(language)
  return renderMessagePage({
    title: t.erase.title,
    accent: session?.accentColor,
    status: 200,
    language,
    lines: [t.erase.explain({ firstName })],
    children: (
      <form method="post" action={`/t/${code}/erase/${token}?${LANGUAGE_PARAM}=${language}`}>
        <button className="btn" type="submit">
          {t.erase.button}
        </button>
        {quote ? (
          <>
            <p>{t.erase.quoteOr}</p>
            <button className="btn" type="submit" name="intent" value="withdraw-quote">
              {t.erase.quoteButton}
            </button>
          </>
        ) : null}
      </form>
    ),
  })
}
