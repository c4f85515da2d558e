import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guards.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { marketingMeta } from '~/components/marketing/meta'
import { UNLOCK_FEE } from '~/lib/constants'
import { formatAnswer } from '~/lib/lead-form'
import { PLAN_LIMITS } from '~/lib/plans'
import { formatPrice } from '~/lib/pricing'
import { listSessionLeads } from '~/models/leads.server'
import { getCurrency } from '~/services/currency.server'

// /app/sessions/{id}/leads: the leads of one of the speaker's sessions, as their plan allows (the
// model withholds locked leads; the page only says how many). Someone else's session is a 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const result = await listSessionLeads({ ownerId: user.id, sessionId: params.id ?? '' })
  if (!result) throw new Response('Not Found', { status: 404 })
  const { session, leads, total, locked } = result
  return {
    session: {
      id: session.id,
      code: session.code,
      status: session.status,
      eventName: session.eventName,
      talkTitle: session.talkTitle,
      questions: session.questions,
    },
    leads: leads.map((lead) => ({
      ...lead,
      createdAt: lead.createdAt.toISOString(),
      consent: lead.consent ? { ...lead.consent, at: lead.consent.at.toISOString() } : null,
    })),
    total,
    locked,
    visibleLimit: PLAN_LIMITS[session.plan].visibleLeadsPerSession,
    unlockPrice: formatPrice(UNLOCK_FEE, getCurrency(request)),
  }
}

export default function SessionLeads() {
  const { session, leads, total, locked, visibleLimit, unlockPrice } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p>
        <Link to={`/app/sessions/${session.id}`} className="text-sm text-brand-300 hover:text-brand-200">
          ← Back to the session
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-white">Leads</h1>
      <p className="mt-1 text-slate-300">
        {session.talkTitle} · {session.eventName}
      </p>
      <p className="mt-4 text-slate-200">
        {total === 1 ? '1 lead' : `${total} leads`}
        {locked > 0 ? ` — ${leads.length} shown, ${locked} locked` : ''}
      </p>

      {total === 0 ? (
        <div className="mt-6 rounded-lg border border-white/10 bg-ink-900/60 p-6 text-slate-300">
          <h2 className="text-lg font-semibold text-white">No leads yet</h2>
          <p className="mt-2">
            Show the QR code on your first and last slide, or share the page{' '}
            <a className="text-brand-300 underline" href={`/t/${session.code}`}>
              /t/{session.code}
            </a>
            . Attendees who leave their details appear here at once.
          </p>
        </div>
      ) : (
        <div
          className="mt-6 overflow-x-auto rounded-xl border border-white/10"
          role="region"
          aria-label="Leads table"
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Leads of {session.talkTitle}, earliest first</caption>
            <thead className="bg-ink-900 text-slate-300">
              <tr>
                {[
                  'Name',
                  'Email',
                  'Company',
                  'Job title',
                  'Phone',
                  'LinkedIn',
                  ...session.questions.map((q) => q.label),
                  'Marketing emails',
                  'Consent',
                  'Captured',
                ].map((label, i) => (
                  <th key={`${i}-${label}`} scope="col" className="whitespace-nowrap px-3 py-2">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10 text-slate-200">
              {leads.map((lead) => (
                <tr key={lead.id} className="align-top">
                  <td className="px-3 py-2">{lead.firstName}</td>
                  <td className="px-3 py-2">
                    <a className="text-brand-300 underline" href={`mailto:${lead.email}`}>
                      {lead.email}
                    </a>
                  </td>
                  <td className="px-3 py-2">{lead.company}</td>
                  <td className="px-3 py-2">{lead.jobTitle}</td>
                  <td className="px-3 py-2">{lead.phone}</td>
                  <td className="px-3 py-2">
                    {lead.linkedinUrl ? (
                      <a
                        className="text-brand-300 underline"
                        href={lead.linkedinUrl}
                        rel="noopener noreferrer nofollow"
                        target="_blank"
                      >
                        Profile<span className="sr-only"> of {lead.firstName} on LinkedIn (opens in a new tab)</span>
                      </a>
                    ) : null}
                  </td>
                  {session.questions.map((q) => (
                    <td key={q.id} className="max-w-xs whitespace-pre-wrap break-words px-3 py-2">
                      {formatAnswer(lead.answers[q.id])}
                    </td>
                  ))}
                  <td className="px-3 py-2">{lead.marketingConsent ? 'Yes' : 'No'}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {lead.consent ? (
                      <>
                        <time dateTime={lead.consent.at}>{lead.consent.at.slice(0, 16).replace('T', ' ')} UTC</time>
                        <br />
                        <span className="text-slate-400">notice {lead.consent.noticeHash.slice(0, 8)}</span>
                      </>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={lead.createdAt}>{lead.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {locked > 0 ? (
        <div className="mt-6 rounded-xl border border-brand-400/40 bg-brand-500/10 p-6">
          <h2 className="text-lg font-semibold text-white">
            {locked === 1 ? '1 more lead is locked' : `${locked} more leads are locked`}
          </h2>
          <p className="mt-2 text-slate-200">
            The free plan shows the first {visibleLimit} leads captured in each session; deleted ones keep their place. Their
            details stay safe until you unlock them.
          </p>
          <Link to="/pricing" className={`${buttonClass.primary} mt-4`}>
            Unlock all {total} leads for {unlockPrice}
          </Link>
        </div>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => [
  ...marketingMeta(matches, 'Leads', 'The leads of one of your sessions.'),
  { name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
