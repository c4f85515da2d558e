import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LegalPage } from '~/components/layout/legal-page'
import { shellMeta } from '~/components/layout/meta'
import { getConfig } from '~/config.server'
import { cookiesInUse, cookiesPolicy, subProcessors } from '~/content/legal'
import { legalOptions } from '~/services/shell.server'

export async function loader() {
  return {
    doc: cookiesPolicy(getConfig().BRAND_NAME, legalOptions()),
    cookies: cookiesInUse,
    subProcessors,
  }
}

export default function CookiePolicyPage() {
  const { doc, cookies, subProcessors } = useLoaderData<typeof loader>()
  return (
    <LegalPage doc={doc}>
      <section className="mt-10" aria-labelledby="cookie-table">
        <h2 id="cookie-table" className="text-lg font-semibold text-white">
          Cookies in use
        </h2>
        <div className="mt-3">
          <table className="w-full text-left text-sm text-slate-300 [overflow-wrap:anywhere]">
            <thead className="border-b border-white/15 text-slate-200">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Category
                </th>
                <th scope="col" className="py-2 pr-4">
                  Purpose
                </th>
                <th scope="col" className="py-2">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {cookies.map((c) => (
                <tr key={c.name} className="border-b border-white/10 align-top">
                  <td className="py-2 pr-4 font-medium text-white">{c.name}</td>
                  <td className="py-2 pr-4">{c.category}</td>
                  <td className="py-2 pr-4">{c.purpose}</td>
                  <td className="py-2">{c.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mt-10" aria-labelledby="sub-processors">
        <h2 id="sub-processors" className="text-lg font-semibold text-white">
          Sub-processor list
        </h2>
        <div className="mt-3">
          <table className="w-full text-left text-sm text-slate-300 [overflow-wrap:anywhere]">
            <thead className="border-b border-white/15 text-slate-200">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Sub-processor
                </th>
                <th scope="col" className="py-2 pr-4">
                  Purpose
                </th>
                <th scope="col" className="py-2">
                  Location
                </th>
              </tr>
            </thead>
            <tbody>
              {subProcessors.map((p) => (
                <tr key={p.name} className="border-b border-white/10 align-top">
                  <td className="py-2 pr-4 font-medium text-white">{p.name}</td>
                  <td className="py-2 pr-4">{p.purpose}</td>
                  <td className="py-2">{p.location}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <p className="mt-8">
        <Link to="/cookie-settings" className="font-semibold text-brand-300 underline hover:text-white">
          Change your cookie settings
        </Link>
      </p>
    </LegalPage>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(
    matches,
    'Cookie Policy',
    'The cookies we set, why, for how long, and the sub-processors that handle personal data for us.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
