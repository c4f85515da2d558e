import { useNavigation } from '@remix-run/react'
import { Spinner } from '~/components/forms'
import { AUTH_TEXT } from './magic-link-text'

// Spec 001 "Guarded-route wrapper": while access is being checked, a spinner with "Checking
// access..." shows. Guards run in loaders on the server, so the check is visible only during a
// client-side navigation to a guarded page; a full page load arrives already checked.

const GUARDED = /(^|\/)(admin|premium)(\/|$)/

export function isGuardedPath(pathname: string) {
  return GUARDED.test(pathname)
}

export function CheckingAccessIndicator() {
  const navigation = useNavigation()
  const target = navigation.location?.pathname
  if (navigation.state !== 'loading' || !target || !isGuardedPath(target)) return null
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center px-4">
      <p role="status" className="rounded-md border border-white/10 bg-ink-800 px-4 py-2 text-sm text-slate-100 shadow-lg">
        <Spinner label={AUTH_TEXT.checkingAccess} />
      </p>
    </div>
  )
}
