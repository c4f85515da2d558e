import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { CURRENCIES } from '~/lib/constants'
import { safeReturnTo } from '~/lib/url'
import { preferredCurrencyCookie } from '~/services/currency.server'
import { readForm } from '~/services/request-body.server'

// POST /currency: remember the visitor's currency (decision 9: a valid stored choice wins over
// the browser language) and go back to the page the switch was on. No JavaScript needed.

const CurrencySchema = z.object({ currency: z.enum(CURRENCIES), redirectTo: z.string().optional() })

export async function loader() {
  return redirect('/pricing')
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = CurrencySchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) {
    throw new Response('Choose USD, GBP or EUR.', { status: 400 })
  }
  const to = safeReturnTo(parsed.data.redirectTo, '/pricing')
  return redirect(to, { headers: { 'Set-Cookie': preferredCurrencyCookie(parsed.data.currency) } })
}
