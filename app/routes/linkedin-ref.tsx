import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { LINKEDIN_REFERRAL_EVENT } from '~/lib/analytics-events'
import { recordEvent } from '~/services/analytics.server'

// /linkedin-ref records the referral (spec 000 §2, spec 001 §7) and sends the visitor home.
export async function loader({ request }: LoaderFunctionArgs) {
  await recordEvent(LINKEDIN_REFERRAL_EVENT, { request, path: '/linkedin-ref', props: { source: 'linkedin' } })
  return redirect('/', { headers: { 'Cache-Control': 'no-store' } })
}
