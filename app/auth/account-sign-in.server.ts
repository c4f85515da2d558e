import { getMagicLinkView, handleMagicLinkAction, redirectIfSignedIn, returnToParam } from '~/auth/magic-link-form.server'
import { hasStaleSession } from '~/auth/session.server'
import { readForm } from '~/services/request-body.server'
import type { AccountSignInIntent } from './magic-link-text'

// The loader and action of /login and /signup (decision 10): one magic-link page, told apart by intent.

export async function loadAccountSignIn(request: Request, intent: AccountSignInIntent) {
  await redirectIfSignedIn(request, intent)
  return {
    magicLink: await getMagicLinkView(request, intent),
    returnTo: returnToParam(request),
    // A revoked or expired session: say so rather than silently showing the form.
    roleUnknown: await hasStaleSession(request),
  }
}

export async function accountSignInAction(request: Request, intent: AccountSignInIntent) {
  const formData = await readForm(request)
  return handleMagicLinkAction({ request, formData, intent, returnTo: returnToParam(request) })
}
