import { buttonClass } from '~/components/forms'
import { WorkspaceForm } from '~/components/workspace/workspace-form'

// The session page's "Live display for the projector" (issue 33 Deliver 6; docs/feedback.md): a
// revocable link for the AV desk, no account needed. The link is shown once, in the answer that made
// it (only a fingerprint is kept); whoever changes the session makes, renews or revokes it.

export type DisplayLinkView = { createdAt: string; createdByEmail: string | null } | null

export function DisplayLinkSection({
  link,
  shownOnce,
  canChange,
}: {
  link: DisplayLinkView
  shownOnce: { url: string; renewed: boolean } | null
  canChange: boolean
}) {
  return (
    <section aria-labelledby="display-title" className="mt-6 rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="display-title" className="text-lg font-semibold text-white">
        Live display for the projector
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        A full-screen page with the QR code, the short link in large type and the live count of sign-ups. Give the link to the AV
        desk: it needs no account, and works until you revoke or renew it.
      </p>
      {shownOnce ? (
        <div role="status" className="mt-4 rounded-lg border border-emerald-400/50 bg-emerald-950/40 p-4">
          <label htmlFor="display-url" className="block text-sm font-medium text-slate-200">
            Display link (shown only this once: copy it now)
          </label>
          <input
            id="display-url"
            readOnly
            value={shownOnce.url}
            spellCheck={false}
            autoComplete="off"
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 font-mono text-sm text-slate-100"
          />
          <p className="mt-2 text-sm">
            <a href={shownOnce.url} target="_blank" rel="noreferrer" className="text-brand-300 underline">
              Open the display
            </a>
            {shownOnce.renewed ? <span className="text-slate-300"> The previous link no longer works.</span> : null}
          </p>
        </div>
      ) : null}
      <p className="mt-4 text-sm text-slate-300">
        {link
          ? `A display link is active, made ${formatDay(link.createdAt)}${link.createdByEmail ? ` by ${link.createdByEmail}` : ''}.`
          : 'No display link yet.'}
        {link && !shownOnce ? ' Only a fingerprint of it is kept: renew it to get a link to copy (the old one stops).' : ''}
      </p>
      {canChange ? (
        <WorkspaceForm method="post" className="mt-4 flex flex-wrap gap-2">
          <button type="submit" name="intent" value="display-make" className={buttonClass.primary}>
            {link ? 'Renew display link' : 'Make display link'}
          </button>
          {link ? (
            <button type="submit" name="intent" value="display-revoke" className={buttonClass.secondary}>
              Revoke display link
            </button>
          ) : null}
        </WorkspaceForm>
      ) : null}
    </section>
  )
}

function formatDay(iso: string) {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'
}
