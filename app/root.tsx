import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CheckingAccessIndicator } from '~/auth/checking-access'
import { getSessionUser } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { usePageLanguage } from '~/components/layout/page-language'
import { SiteLayout } from '~/components/layout/site-layout'
import { useNonce } from '~/components/nonce'
import { useRequestId } from '~/components/request-id'
import { Toaster } from '~/components/toaster'
import { getConfig } from '~/config.server'
import { readConsent } from '~/services/consent.server'
import { demoVideoEmbed, legalOptions, shellModal } from '~/services/shell.server'
import { getToast } from '~/services/toast.server'
import tailwind from '~/tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwind },
  // The ICO for browsers without SVG icons; the SVG, listed last, wins where it is understood.
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const config = getConfig()
  const [user, { toast, headers }] = await Promise.all([getSessionUser(request), getToast(request)])
  return data(
    {
      user: user ? { email: user.email, role: user.role } : null,
      toast,
      brand: config.BRAND_NAME,
      appUrl: config.appUrl,
      // The site shell: the modal named by ?modal= (legal texts only while open), widget consent, demo player.
      modal: shellModal(request),
      consent: readConsent(request),
      demoVideoEmbed: demoVideoEmbed(),
      contactEmail: legalOptions().contactEmail ?? null,
      // Optional third-party URLs: unset → the element that uses one is hidden.
      links: {
        demoVideo: config.DEMO_VIDEO_URL ?? null,
        chatWidget: config.CHAT_WIDGET_URL ?? null,
        affiliateWidget: config.AFFILIATE_WIDGET_URL ?? null,
        calendar: config.CALENDAR_URL ?? null,
        feedbackBoard: config.FEEDBACK_BOARD_URL ?? null,
        knowledgeBase: config.KNOWLEDGE_BASE_URL ?? null,
        roiCalculator: config.ROI_CALCULATOR_URL ?? null,
        mailingList: config.MAILING_LIST_URL ?? null,
        youtube: config.SOCIAL_YOUTUBE_URL ?? null,
        instagram: config.SOCIAL_INSTAGRAM_URL ?? null,
        linkedin: config.SOCIAL_LINKEDIN_URL ?? null,
        tiktok: config.SOCIAL_TIKTOK_URL ?? null,
      },
    },
    { headers },
  )
}

export type RootData = Awaited<ReturnType<typeof loader>>['data']

/** Root loader data from anywhere (undefined inside the root error boundary before data loads). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const requestId = useRequestId()
  const lang = usePageLanguage()
  return (
    <html lang={lang} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-ink-950 font-sans text-slate-100 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const root = useLoaderData<typeof loader>()
  const { toast } = root
  return (
    <SiteLayout root={root}>
      <CheckingAccessIndicator />
      <Outlet />
      <Toaster toast={toast} />
    </SiteLayout>
  )
}

export function ErrorBoundary() {
  return (
    <SiteLayout root={useRootData()}>
      <GeneralErrorBoundary />
    </SiteLayout>
  )
}
