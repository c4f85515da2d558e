import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '~/lib/follow-up-links'
import { dictionary } from '~/lib/i18n/dictionaries'
import { LANGUAGE_PARAM, type Language } from '~/lib/i18n/languages'
import { ownHeaders } from '~/lib/route-headers'
import { findUnsubscribe, unsubscribeByToken } from '~/models/follow-up-links.server'
import { languageHeaders, requestLanguage } from '~/services/attendee-language.server'
import { readForm } from '~/services/request-body.server'

// /u/{token}: the unsubscribe link of every follow-up (issue 32 Deliver 4; docs/follow-up.md
// "Unsubscribes"). GET shows a confirmation page and changes nothing (mail scanners follow links).
// POST unsubscribes at once and answers 200 with a page, never a redirect: it is both the page's
// button and RFC 8058's one-click POST (`List-Unsubscribe=One-Click`), which mail providers send from
// their servers with no cookies and no Origin. The token is the whole authority: nothing here reads a
// session, and server/security.ts lets a POST to this path through without a same-origin check.
// In the attendee's language (issue 31's dictionaries and negotiation: ?lang=, the remembered
// cookie, Accept-Language), as the erasure pages are; the button's POST keeps the language shown.

const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' }

/** The page's words; "you are unsubscribed" only once it is true (a GET before says nothing of it). */
function texts(language: Language, senderName: string, unsubscribed: boolean) {
  const t = dictionary(language).unsubscribe
  return {
    language,
    title: t.title,
    description: t.description,
    ask: t.ask({ speaker: senderName }),
    button: t.button,
    done: unsubscribed ? t.done({ speaker: senderName }) : null,
  }
}

/** The 404 of an unknown token, in the visitor's language (JSON: the error boundary reads it as its data). */
function unknown(language: Language) {
  const t = dictionary(language).unsubscribe
  return new Response(JSON.stringify({ language, title: t.unknownTitle, message: t.unknown }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...PRIVATE, ...languageHeaders(language) },
  })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { language } = requestLanguage(request)
  const page = await findUnsubscribe(params.token ?? '')
  if (!page) throw unknown(language)
  return data(
    { ...page, token: params.token!, t: texts(language, page.senderName, page.unsubscribed) },
    { headers: { ...PRIVATE, ...languageHeaders(language) } },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { language } = requestLanguage(request)
  // RFC 8058's body (or the button's, which is the same); read through the body boundary, and not
  // required: the token alone decides, so a provider that sends another body still unsubscribes.
  await readForm(request)
  const page = await unsubscribeByToken(params.token ?? '')
  if (!page) throw unknown(language)
  return data(
    { done: true, senderName: page.senderName, message: dictionary(language).unsubscribe.done({ speaker: page.senderName }) },
    { headers: { ...PRIVATE, ...languageHeaders(language) } },
  )
}

export default function UnsubscribeFromFollowUps() {
  const { senderName, unsubscribed, token, t } = useLoaderData<typeof loader>()
  const done = useActionData<typeof action>()?.message ?? (unsubscribed ? t.done : null)
  return (
    <div lang={t.language} className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold text-white">{t.title}</h1>
      {done ? (
        <div className="mt-6" role="status">
          <FormMessage tone="success">{done}</FormMessage>
        </div>
      ) : (
        <Form method="post" action={`/u/${token}?${LANGUAGE_PARAM}=${t.language}`} className="mt-6">
          <p className="text-slate-300">
            <Emphasised sentence={t.ask} name={senderName} />
          </p>
          <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />
          <button type="submit" className={`${buttonClass.primary} mt-6`}>
            {t.button}
          </button>
        </Form>
      )}
    </div>
  )
}

/** The sentence with the sender's name in bold wherever the language puts it. */
function Emphasised({ sentence, name }: { sentence: string; name: string }) {
  const at = name ? sentence.indexOf(name) : -1
  if (at < 0) return <>{sentence}</>
  return (
    <>
      {sentence.slice(0, at)}
      <strong className="text-white">{name}</strong>
      {sentence.slice(at + name.length)}
    </>
  )
}

export const headers = ownHeaders

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  shellMeta(matches, page?.t.title ?? 'Unsubscribe', page?.t.description ?? 'Stop emails from this sender.', { noindex: true })

type Unknown = { language: Language; title: string; message: string }

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ error }) => <NotKnown {...(error.data as Unknown)} /> }} />
}

function NotKnown({ language, title, message }: Unknown) {
  return (
    <div lang={language} className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <p className="mt-4 text-slate-300">{message}</p>
    </div>
  )
}
