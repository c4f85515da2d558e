import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { loginWithReturn } from '~/auth/guard-rules'
import { getSessionUser, type SessionUser } from '~/auth/session.server'
import { currentWorkspaceCookie } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { claimedByOtherText, goneText, noSeatText, normalizeInviteEmail } from '~/lib/invitations'
import { ROLE_LABELS } from '~/lib/permissions'
import { SPEAKING_PATH } from '~/lib/workspace-nav'
import { formatUsLongDate } from '~/lib/text'
import { ownHeaders, TOKEN_FORM_REFERRER_POLICY } from '~/lib/route-headers'
import { acceptInvitation, getInvitationByToken, type InvitationView } from '~/models/invitation-accept.server'
import { getMembership } from '~/models/workspaces.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// The link of an invitation email (issue 21 Deliver 4). Public: a signed-out visitor sees what the
// invitation is and signs in (or up: the magic link creates the account) and comes back here. GET
// changes nothing; Accept is a POST. Only the invited address may accept; expired, revoked or used
// links answer 410 naming whom to ask.

const HEADERS = { 'Referrer-Policy': TOKEN_FORM_REFERRER_POLICY, 'Cache-Control': 'private, no-store' }
const NOT_FOUND_TEXT =
  'This invitation link is not valid. Check that you opened the whole link from the email, or ask whoever invited you to send a new one.'

type Summary = { workspaceName: string; inviterEmail: string; roleLabel: string; email: string; expires: string }

function summary(invitation: InvitationView): Summary {
  return {
    workspaceName: invitation.workspaceName,
    inviterEmail: invitation.inviterEmail,
    roleLabel: ROLE_LABELS[invitation.role],
    email: invitation.email,
    expires: `${formatUsLongDate(invitation.expiresAt)} (UTC)`,
  }
}

const invitePath = (token: string) => `/invite/${token}`

/** What the page shows to this visitor for this invitation, and its status. */
async function pageFor(token: string, user: SessionUser | null) {
  const invitation = await getInvitationByToken(token)
  if (!invitation) return { view: { kind: 'not-found' as const, message: NOT_FOUND_TEXT }, status: 404 }
  if (invitation.state !== 'pending') {
    const member = user ? await getMembership(user.id, invitation.workspaceId) : null
    return {
      view: {
        kind: 'gone' as const,
        message: goneText(invitation.state, invitation.inviterEmail),
        workspace: member ? { name: invitation.workspaceName } : null,
      },
      status: 410,
    }
  }
  if (invitation.speakerClaimedBy && invitation.speakerClaimedBy !== user?.id)
    return {
      view: {
        kind: 'gone' as const,
        message: claimedByOtherText(invitation.workspaceName, invitation.inviterEmail),
        workspace: null,
      },
      status: 409,
    }
  const invite = summary(invitation)
  if (!user) {
    const back = invitePath(token)
    return {
      view: {
        kind: 'signed-out' as const,
        invite,
        loginHref: loginWithReturn('/login', back),
        signupHref: loginWithReturn('/signup', back),
      },
      status: 200,
    }
  }
  if (normalizeInviteEmail(user.email) !== invitation.email) {
    return {
      view: {
        kind: 'wrong-account' as const,
        invite,
        signedInAs: user.email,
        switchTo: loginWithReturn('/login', invitePath(token)),
      },
      status: 200,
    }
  }
  return { view: { kind: 'ready' as const, invite, signedInAs: user.email }, status: 200 }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, status } = await pageFor(params.token ?? '', await getSessionUser(request))
  return data({ view, error: null }, { status, headers: HEADERS })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  await readForm(request)
  const user = await getSessionUser(request)
  if (!user) {
    const { view, status } = await pageFor(token, null)
    return data({ view, error: null }, { status: status === 200 ? 401 : status, headers: HEADERS })
  }
  const result = await acceptInvitation(token, user)
  if (result.ok) {
    const headers = { 'Set-Cookie': await currentWorkspaceCookie(result.workspaceId) }
    // A speaker lands on their own talks; someone already on the team who claimed a page stays on theirs.
    if (result.role === 'speaker')
      return redirectWithToast(
        SPEAKING_PATH,
        {
          type: 'success',
          description: `You claimed your speaker page at ${result.workspaceName}. Your talks, QR codes and leads are here.`,
        },
        { headers },
      )
    return redirectWithToast(
      '/app',
      {
        type: 'success',
        description: result.claimed
          ? `You claimed your speaker page at ${result.workspaceName}, and keep your role there.`
          : `You joined ${result.workspaceName}. Its talks, sessions and leads are in your workspace now.`,
      },
      { headers },
    )
  }
  const { view, status } = await pageFor(token, user)
  if (result.reason === 'no-seat')
    return data({ view, error: noSeatText(result.workspaceName, result.inviterEmail) }, { status: 409, headers: HEADERS })
  if (result.reason === 'claimed-by-other')
    return data({ view, error: claimedByOtherText(result.workspaceName, result.inviterEmail) }, { status: 409, headers: HEADERS })
  // Wrong account: nothing changed; the page says whom the invitation is for.
  return data({ view, error: null }, { status: result.reason === 'wrong-account' ? 403 : status, headers: HEADERS })
}

export default function Invitation() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const { view, error } = posted ?? loaded
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-white">
        {view.kind === 'not-found' || view.kind === 'gone'
          ? 'This invitation no longer works'
          : `Join ${view.invite.workspaceName}`}
      </h1>
      {view.kind === 'not-found' || view.kind === 'gone' ? (
        <>
          <p className="mt-4 text-slate-300">{view.message}</p>
          {view.kind === 'gone' && view.workspace ? (
            <Link to="/app" className={`${buttonClass.primary} mt-6`}>
              You are a member of {view.workspace.name}: open the workspace
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <InvitationSummary invite={view.invite} />
          {error ? (
            <div className="mt-6">
              <FormMessage>{error}</FormMessage>
            </div>
          ) : null}
          {view.kind === 'signed-out' ? (
            <SignedOut invite={view.invite} loginHref={view.loginHref} signupHref={view.signupHref} />
          ) : view.kind === 'wrong-account' ? (
            <WrongAccount invite={view.invite} signedInAs={view.signedInAs} switchTo={view.switchTo} />
          ) : (
            <Form method="post" className="mt-6">
              <p className="text-slate-300">You are signed in as {view.signedInAs}.</p>
              <button type="submit" className={`${buttonClass.primary} mt-4`}>
                Accept the invitation
              </button>
            </Form>
          )}
        </>
      )}
    </div>
  )
}

function InvitationSummary({ invite }: { invite: Summary }) {
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-white/10 bg-ink-900/60 p-6 text-slate-300">
      <dt className="font-medium text-slate-100">Workspace</dt>
      <dd>{invite.workspaceName}</dd>
      <dt className="font-medium text-slate-100">Invited by</dt>
      <dd className="break-all">{invite.inviterEmail}</dd>
      <dt className="font-medium text-slate-100">Role</dt>
      <dd>{invite.roleLabel}</dd>
      <dt className="font-medium text-slate-100">For</dt>
      <dd className="break-all">{invite.email}</dd>
      <dt className="font-medium text-slate-100">Expires</dt>
      <dd>{invite.expires}</dd>
    </dl>
  )
}

function SignedOut({ invite, loginHref, signupHref }: { invite: Summary; loginHref: string; signupHref: string }) {
  return (
    <div className="mt-6 text-slate-300">
      <p>
        To accept, sign in as {invite.email}. New here? Signing up with that address creates your account, then brings you back to
        this page.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={loginHref} className={buttonClass.primary}>
          Sign in to accept
        </Link>
        <Link to={signupHref} className={buttonClass.secondary}>
          Sign up with {invite.email}
        </Link>
      </div>
    </div>
  )
}

function WrongAccount({ invite, signedInAs, switchTo }: { invite: Summary; signedInAs: string; switchTo: string }) {
  return (
    <div className="mt-6 text-slate-300">
      <FormMessage>
        This invitation is for {invite.email}, but you are signed in as {signedInAs}. Nothing has changed.
      </FormMessage>
      <p className="mt-4">To accept it, log out, then sign in as {invite.email}; you will come back to this page.</p>
      <Form method="post" action="/logout" className="mt-4">
        <input type="hidden" name="redirectTo" value={switchTo} />
        <button type="submit" className={buttonClass.primary}>
          Log out and sign in as {invite.email}
        </button>
      </Form>
    </div>
  )
}

export const headers = ownHeaders

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Invitation', 'Join a workspace you were invited to.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
