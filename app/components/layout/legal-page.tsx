import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { LegalDoc } from '~/content/legal'
import { LegalDocument } from './legal-document'

/** A full-page legal text. No close button: a plain link back to the home page ends the reading. */
export function LegalPage({ doc, children }: { doc: LegalDoc; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <Link to="/" className="text-sm text-brand-300 underline hover:text-white">
        ← Back to home
      </Link>
      <div className="mt-6">
        <LegalDocument doc={doc} level="page" />
      </div>
      {children}
      <p className="mt-12 border-t border-white/10 pt-6">
        <Link to="/" className="text-sm text-brand-300 underline hover:text-white">
          Back to home
        </Link>
      </p>
    </div>
  )
}
