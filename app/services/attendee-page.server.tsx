import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { HONEYPOT_FIELD } from '~/components/forms'
import { getConfig } from '~/config.server'
import { safeAccent, textOnAccent } from '~/lib/accent-color'
import { joinNames, recipientsLine, shareBoxText } from '~/lib/consent-text'
import { LEAD_FIELDS, LEAD_LIMITS, questionField, RATING_VALUES, type LeadFormErrors, type LeadFormValues } from '~/lib/lead-form'
import { countedUrl, SCAN_PARAM } from '~/lib/session-views'
import type { PublicSession } from '~/models/lead-capture.server'
import type { SessionQuestion } from '~/db/schema/talks'
import faviconSvg from '../../public/favicon.svg?raw'

// The attendee pages (/t/{code} and its thank-you, closed and erasure pages) are complete, small
// HTML documents rendered here with renderToStaticMarkup: no app bundle, no site stylesheet, inline
// CSS, one small inline script with the response's CSP nonce. The first view stays far under 14 KB
// compressed on a phone on venue Wi-Fi (issue 9 Deliver 4; docs/lead-capture.md has the figure).

export const PRIVACY_PATH = '/privacy-policy'

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f3f4f6}
main{max-width:34rem;margin:0 auto;padding:1rem;background:#fff;min-height:100vh;border-top:6px solid var(--a)}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
.who{display:flex;gap:.75rem;align-items:center;margin-bottom:.5rem}.who img{width:56px;height:56px;border-radius:50%;object-fit:cover;background:#e5e7eb}
.muted{color:#4b5563;font-size:.9375rem}.offer{border:1px solid #d1d5db;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.offer strong{display:block}label,legend{display:block;font-weight:600;margin:.75rem 0 .25rem}fieldset{border:0;margin:0;padding:0}
input[type=text],input[type=email],input[type=tel],input[type=url]{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.375rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.opt{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.25rem 0}.opt input{width:1.25rem;height:1.25rem;margin:0}
.rate{display:flex;gap:.5rem}.rate .opt{flex-direction:column;gap:0}
.err{color:#b91c1c;font-size:.9375rem;margin:.25rem 0 0}[aria-invalid=true]{border-color:#b91c1c!important}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;border-radius:.375rem;padding:.5rem .75rem}.alert p,.alert ul{margin:.25rem 0}.alert a{color:#7f1d1d}
.note{border:1px solid #2563eb;background:#eff6ff;border-radius:.375rem;padding:.5rem .75rem}
.btn{display:inline-block;width:100%;margin:1rem 0;padding:.75rem 1rem;font:inherit;font-weight:700;text-align:center;text-decoration:none;border:0;border-radius:.5rem;background:var(--a);color:var(--t);cursor:pointer}
.btn[disabled]{opacity:.6}.consent{font-size:.875rem;color:#374151}a{color:#1d4ed8}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}`

// Drops ?qr=1 from the address bar once counted, and queues a submission made offline: it is sent
// when the connection returns (the submission id makes a resend harmless). Without JavaScript the
// form posts as usual.
const SCRIPT = `(function(){var l=location,u=new URLSearchParams(l.search);if(u.get('${SCAN_PARAM}')==='1')history.replaceState(null,'',document.body.dataset.counted);
var f=document.getElementById('lead'),K='lectern-queue',s=document.getElementById('queued');if(!f)return;
function q(){try{return JSON.parse(localStorage.getItem(K)||'[]')}catch(e){return[]}}function w(a){try{localStorage.setItem(K,JSON.stringify(a))}catch(e){}}
function send(i,go){return fetch(i.a,{method:'POST',body:new URLSearchParams(i.b),headers:{'Content-Type':'application/x-www-form-urlencoded'}}).then(function(r){if(r.ok||r.status<500){w(q().filter(function(x){return x.b!==i.b}));if(go&&r.redirected)l.assign(r.url)}return r})}
function flush(){q().forEach(function(i){send(i,i.a===f.getAttribute('action')).catch(function(){})})}
f.addEventListener('submit',function(e){if(f.dataset.busy)return e.preventDefault();var i={a:f.getAttribute('action'),b:new URLSearchParams(new FormData(f)).toString()};
function park(){w(q().concat([i]));s.hidden=false;s.focus()}if(navigator.onLine===false){e.preventDefault();return park()}
e.preventDefault();f.dataset.busy=1;send(i,true).then(function(r){if(!r.redirected){delete f.dataset.busy;HTMLFormElement.prototype.submit.call(f)}},function(){delete f.dataset.busy;park()})});
addEventListener('online',flush);if(navigator.onLine!==false)flush()})()`

// The site's icon, inlined: phones show it without another request on venue Wi-Fi, and no longer
// ask for /favicon.ico (a 404 in the console before there was one).
const ICON = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`

export function html(node: ReactNode, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(`<!doctype html>${renderToStaticMarkup(node)}`, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...init.headers },
  })
}

function Document({
  title,
  accent,
  nonce,
  script,
  counted,
  robots = 'noindex',
  children,
}: {
  title: string
  accent?: string
  nonce?: string
  script?: boolean
  counted?: string
  robots?: string
  children: ReactNode
}) {
  const a = safeAccent(accent)
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content={robots} />
        <title>{title}</title>
        <link rel="icon" href={ICON} type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: `:root{--a:${a};--t:${textOnAccent(a)}}${CSS}` }} />
      </head>
      <body data-counted={counted}>
        <main>{children}</main>
        {script ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} /> : null}
      </body>
    </html>
  )
}

/** The speaker's photo only from our own storage: the page makes no third-party request. */
export function ownPhotoUrl(url: string | null | undefined): string | null {
  if (!url || url.includes('..')) return null
  const base = getConfig().storagePublicUrl
  return url.startsWith(`${base}/`) ? url : null
}

function Speaker({ session }: { session: PublicSession }) {
  const photo = ownPhotoUrl(session.speakerPhoto)
  const role = [session.speakerJobTitle, session.speakerCompany].filter(Boolean).join(', ')
  return (
    <div className="who">
      {photo ? <img src={photo} alt="" width={56} height={56} loading="lazy" decoding="async" /> : null}
      <div>
        <strong>{session.speakerName}</strong>
        {role ? <div className="muted">{role}</div> : null}
      </div>
    </div>
  )
}

type FieldProps = {
  name: string
  label: string
  type?: 'text' | 'email' | 'tel' | 'url'
  autoComplete?: string
  required?: boolean
  maxLength?: number
  values: LeadFormValues
  errors: LeadFormErrors
}

function TextField({ name, label, type = 'text', autoComplete, required, maxLength, values, errors }: FieldProps) {
  const error = errors[name]
  const value = values[name]
  return (
    <>
      <label htmlFor={`f-${name}`}>
        {label}
        {required ? null : <span className="muted"> (optional)</span>}
      </label>
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        defaultValue={typeof value === 'string' ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `e-${name}` : undefined}
      />
      {error ? (
        <p className="err" id={`e-${name}`}>
          {error}
        </p>
      ) : null}
    </>
  )
}

function Question({ question, values, errors }: { question: SessionQuestion; values: LeadFormValues; errors: LeadFormErrors }) {
  const name = questionField(question)
  const error = errors[name]
  const label = `${question.label}${question.required ? '' : ' (optional)'}`
  if (question.kind === 'text') {
    return (
      <TextField
        name={name}
        label={question.label}
        required={question.required}
        maxLength={LEAD_LIMITS.answer}
        values={values}
        errors={errors}
      />
    )
  }
  const posted = values[name]
  const chosen = Array.isArray(posted) ? posted : posted ? [posted] : []
  const options = question.kind === 'rating' ? RATING_VALUES.map(String) : question.options
  const type = question.kind === 'multi' ? 'checkbox' : 'radio'
  return (
    <fieldset aria-describedby={error ? `e-${name}` : undefined}>
      <legend>{question.kind === 'rating' ? `${label} — 1 (low) to 5 (high)` : label}</legend>
      <div className={question.kind === 'rating' ? 'rate' : undefined}>
        {options.map((option) => (
          <label className="opt" key={option}>
            <input type={type} name={name} value={option} defaultChecked={chosen.includes(option)} />
            {option}
          </label>
        ))}
      </div>
      {error ? (
        <p className="err" id={`e-${name}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Where an error summary link lands: the input, or the first option of a choice question. */
function fieldAnchor(name: string, session: PublicSession) {
  const question = session.questions.find((q) => questionField(q) === name)
  return question && question.kind !== 'text' ? `o-${name}-0` : `f-${name}`
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
      title={`${session.displayHeadline} · ${session.speakerName}`}
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
    <Document title={`Thank you · ${session.speakerName}`} accent={session.accentColor}>
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
