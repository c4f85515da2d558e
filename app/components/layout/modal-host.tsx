import { Form, Link, useLocation } from '@remix-run/react'
import { ContactForm } from '~/components/contact-form'
import { buttonClass } from '~/components/forms'
import { Modal } from '~/components/modal'
import type { LegalDoc } from '~/content/legal'
import { LegalDocument } from './legal-document'

export type ShellModalData = { name: string; legal?: LegalDoc } | null

// Full pages of the legal texts that have one.
const FULL_PAGES: Record<string, { to: string; label: string }[]> = {
  privacy: [{ to: '/privacy-policy', label: 'Open the Privacy Policy page' }],
  terms: [{ to: '/terms-of-service', label: 'Open the Terms of Service page' }],
  cookies: [
    { to: '/cookie-settings', label: 'Cookie settings' },
    { to: '/cookie-policy', label: 'Cookie policy and sub-processors' },
  ],
}

/**
 * Renders the modal the URL names (?modal=contact|privacy|terms|dpa|trust|cookies|demo|affiliate) on
 * any page. Unknown names and unconfigured widgets render nothing.
 */
export function ModalHost({
  modal,
  demoVideoEmbed,
  demoVideoUrl,
  affiliateUrl,
  widgetsAllowed,
}: {
  modal: ShellModalData
  demoVideoEmbed: string | null
  demoVideoUrl: string | null
  affiliateUrl: string | null
  widgetsAllowed: boolean
}) {
  if (!modal) return null
  if (modal.name === 'contact') {
    return (
      <Modal title="Contact Us">
        <p className="mb-4 text-sm text-slate-300">Send us a message and we&apos;ll reply by email.</p>
        <ContactForm mode="fetcher" />
      </Modal>
    )
  }
  if (modal.legal) {
    return (
      <Modal title={modal.legal.title} size="lg">
        <LegalDocument doc={modal.legal} level="modal" />
        {FULL_PAGES[modal.name] ? (
          <ul className="mt-6 flex flex-wrap gap-4 border-t border-white/10 pt-4">
            {FULL_PAGES[modal.name]!.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="text-sm text-brand-300 underline hover:text-white">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Modal>
    )
  }
  if (modal.name === 'demo' && demoVideoEmbed) {
    return (
      <Modal title="Watch Demo" size="xl">
        {widgetsAllowed ? (
          <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
            <iframe
              src={demoVideoEmbed}
              title="Product demo video"
              className="h-full w-full"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              loading="lazy"
            />
          </div>
        ) : (
          <ConsentGate what="The demo video" provider={hostOf(demoVideoEmbed)} directUrl={demoVideoUrl} />
        )}
      </Modal>
    )
  }
  if (modal.name === 'affiliate' && affiliateUrl) {
    return (
      <Modal title="Affiliate Program" size="lg">
        {widgetsAllowed ? (
          <iframe
            src={affiliateUrl}
            title="Affiliate programme sign-up"
            className="h-[60vh] w-full rounded-lg bg-white"
            loading="lazy"
          />
        ) : (
          <ConsentGate what="The affiliate programme sign-up" provider={hostOf(affiliateUrl)} directUrl={affiliateUrl} />
        )}
      </Modal>
    )
  }
  return null
}

/** Third-party embeds wait for consent; one click here gives it (and works without JavaScript). */
function ConsentGate({ what, provider, directUrl }: { what: string; provider: string; directUrl: string | null }) {
  const location = useLocation()
  return (
    <div className="rounded-lg border border-white/10 bg-ink-800 p-5 text-slate-300">
      <p>
        {what} is provided by {provider}, a third-party service that may set its own cookies. We load it only if you allow
        optional widgets.
      </p>
      <Form method="post" action="/cookie-settings" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="widgets" value="on" />
        <input type="hidden" name="return_to" value={`${location.pathname}${location.search}`} />
        <button type="submit" className={buttonClass.primary}>
          Allow optional widgets and continue
        </button>
        {directUrl ? (
          <a
            href={directUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm text-brand-300 underline hover:text-white"
          >
            Open it on {provider} instead<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </Form>
      <p className="mt-3 text-sm">
        You can change this any time in{' '}
        <Link to="/cookie-settings" className="text-brand-300 underline hover:text-white">
          cookie settings
        </Link>
        .
      </p>
    </div>
  )
}

function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return 'another website'
  }
}
