import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { UnlockButton } from '~/components/billing/unlock-button'
import { requireWorkspace, sessionsScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CollapsingTable, UtcMinute, type CollapsingColumn } from '~/components/leads/collapsing-table'
import { marketingMeta } from '~/components/marketing/meta'
import { buttonClass } from '~/components/forms'
import { composeLink } from '~/lib/follow-up-compose'
import { formatAnswer } from '~/lib/lead-form'
import { can } from '~/lib/permissions'
import { PLAN_LIMITS } from '~/lib/plans'
import { listSessionLeads } from '~/models/leads.server'
import { unlockOffer } from '~/services/checkout.server'

// /app/sessions/{id}/leads: the leads of one of the workspace's sessions, as its plan allows (the
// model withholds locked leads; the page only says how many). Another workspace's session, or for a
// member one they do not run while "Members see every lead" is off, is a 404. It changes nothing, so
// a member with the setting on reads a colleague's session's leads here too (issue 29). The links in
// new-lead emails and digests point here with ?switch= (the guard opens that workspace).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const result = await listSessionLeads(sessionsScope(scope, 'read'), params.id ?? '')
  if (!result) throw new Response('Not Found', { status: 404 })
  const { session, leads, total, locked } = result
  // The buy button (or who can buy, or that payments are not set up): our tables only, never Stripe.
  const unlock = await unlockOffer(request, scope)
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
    canFollowUp: can(scope.role, 'followUps.send'),
    visibleLimit: PLAN_LIMITS[session.plan].visibleLeadsPerSession,
    unlockPrice: unlock.price,
    unlock,
  }
}

export default function SessionLeads() {
  const { session, leads, total, locked, visibleLimit, unlock, canFollowUp } = useLoaderData<typeof loader>()
  return (
    <div>
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
      {canFollowUp && total > 0 ? (
        <p className="mt-3">
          <Link to={composeLink('session', session.id)} className={buttonClass.secondary}>
            Write a follow-up
          </Link>
        </p>
      ) : null}

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
        <div className="mt-6">
          <SessionLeadsTable
            leads={leads}
            questions={session.questions}
            caption={`Leads of ${session.talkTitle}, earliest first`}
          />
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
          <UnlockButton offer={unlock} sessionId={session.id} formClassName="mt-4">
            Unlock all {total} leads for {unlock.price}
          </UnlockButton>
        </div>
      ) : null}
    </div>
  )
}

type LeadRow = ReturnType<typeof useLoaderData<typeof loader>>['leads'][number]
type Question = ReturnType<typeof useLoaderData<typeof loader>>['session']['questions'][number]

/**
 * Name and email first; company, when and marketing consent as columns where the table has room;
 * phone, LinkedIn, the session's own questions and the consent record in each row's details.
 */
function SessionLeadsTable({ leads, questions, caption }: { leads: LeadRow[]; questions: Question[]; caption: string }) {
  const columns: CollapsingColumn<LeadRow>[] = [
    {
      id: 'company',
      label: 'Company',
      from: '@xl',
      breakAnywhere: true,
      hasValue: (lead) => Boolean(lead.company || lead.jobTitle),
      cell: (lead) => (
        <>
          {lead.company}
          {lead.jobTitle ? <div className="text-slate-400">{lead.jobTitle}</div> : null}
        </>
      ),
    },
    {
      id: 'captured',
      label: 'Captured',
      from: '@2xl',
      cell: (lead) => <UtcMinute iso={lead.createdAt} />,
    },
    { id: 'marketing', label: 'Marketing emails', from: '@3xl', cell: (lead) => (lead.marketingConsent ? 'Yes' : 'No') },
    { id: 'phone', label: 'Phone', from: '@4xl', hasValue: (lead) => Boolean(lead.phone), cell: (lead) => lead.phone },
    {
      id: 'linkedin',
      hasValue: (lead) => Boolean(lead.linkedinUrl),
      label: 'LinkedIn',
      from: '@5xl',
      cell: (lead) =>
        lead.linkedinUrl ? (
          <a className="text-brand-300 underline" href={lead.linkedinUrl} rel="noopener noreferrer nofollow" target="_blank">
            Profile<span className="sr-only"> of {lead.firstName} on LinkedIn (opens in a new tab)</span>
          </a>
        ) : null,
    },
    ...questions.map((q): CollapsingColumn<LeadRow> => ({
      id: `q-${q.id}`,
      label: q.label,
      from: 'details',
      breakAnywhere: true,
      hasValue: (lead) => formatAnswer(lead.answers[q.id]) !== '',
      cell: (lead) => <span className="whitespace-pre-wrap">{formatAnswer(lead.answers[q.id])}</span>,
    })),
    {
      id: 'consent',
      label: 'Consent',
      from: 'details',
      hasValue: (lead) => lead.consent !== null,
      cell: (lead) =>
        lead.consent ? (
          <>
            <UtcMinute iso={lead.consent.at} />{' '}
            <span className="text-slate-400">(notice {lead.consent.noticeHash.slice(0, 8)})</span>
          </>
        ) : null,
    },
  ]
  return (
    <CollapsingTable
      label="Leads table"
      caption={caption}
      rows={leads}
      rowKey={(lead) => lead.id}
      rowName={(lead) => lead.firstName}
      primary={{
        label: 'Person',
        className: '@3xl:w-1/3',
        cell: (lead) => (
          <>
            <span className="block font-semibold text-white">{lead.firstName}</span>
            <a className="text-brand-300 underline" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
          </>
        ),
      }}
      // A phone or LinkedIn column only when someone on this page gave one (most sessions ask neither).
      columns={columns.filter((c) => !c.hasValue || c.from === 'details' || leads.some(c.hasValue))}
    />
  )
}

export const meta: MetaFunction = ({ matches }) => [
  ...marketingMeta(matches, 'Leads', 'The leads of one of your sessions.'),
  { name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
