import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { AuthCard } from '~/auth/auth-card'
import { MagicLinkForm } from '~/auth/magic-link-form'
import { AUTH_TEXT, type AccountSignInIntent } from '~/auth/magic-link-text'
import { authMeta } from '~/auth/page-meta'
import { FormMessage } from '~/components/forms'
import type { loadAccountSignIn } from './account-sign-in.server'

// /login and /signup (decision 10) are one page: the magic-link form, the stale-session notice and a
// link to the other one (keeping return_to). Only the words and the intent differ.

const PAGES: Record<
  AccountSignInIntent,
  { title: string; intro: string; description: string; other: { prompt: string; label: string; path: string } }
> = {
  login: {
    title: 'Log In',
    intro: "Enter your email and we'll send you a magic link to sign in. No password needed.",
    description: 'Sign in with a magic link sent to your email.',
    other: { prompt: 'New here?', label: 'Create your free account', path: '/signup' },
  },
  signup: {
    title: 'Create your free account',
    intro: "Enter your email and we'll send you a magic link. Your account is created when you click it — no password, no card.",
    description: 'Create your free speaker page with a magic link sent to your email.',
    other: { prompt: 'Already have an account?', label: 'Log In', path: '/login' },
  },
}

type PageData = Awaited<ReturnType<typeof loadAccountSignIn>>

export function AccountSignInPage({ intent, data }: { intent: AccountSignInIntent; data: PageData }) {
  const { magicLink, returnTo, roleUnknown } = data
  const page = PAGES[intent]
  return (
    <AuthCard title={page.title} intro={page.intro}>
      {roleUnknown && magicLink.stage === 'form' ? (
        <div className="mb-4">
          <FormMessage>{AUTH_TEXT.roleUnknown}</FormMessage>
        </div>
      ) : null}
      <MagicLinkForm view={magicLink} />
      {magicLink.stage === 'form' ? (
        <p className="mt-6 text-sm text-slate-300">
          {page.other.prompt}{' '}
          <Link
            to={returnTo ? `${page.other.path}?return_to=${encodeURIComponent(returnTo)}` : page.other.path}
            className="text-brand-300 underline"
          >
            {page.other.label}
          </Link>
        </p>
      ) : null}
    </AuthCard>
  )
}

export function accountSignInMeta(intent: AccountSignInIntent): MetaFunction {
  return ({ matches }) => authMeta(matches, PAGES[intent].title, PAGES[intent].description)
}
