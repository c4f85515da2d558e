import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { signedCookie } from '~/platform/signed-cookie.server'

// Flash messages ride on redirects (post/redirect/get) and are read once by the root loader.
const ToastSchema = z.object({
  type: z.enum(['success', 'error', 'info']).default('success'),
  title: z.string().optional(),
  description: z.string(),
})
export type Toast = z.infer<typeof ToastSchema>

const toastCookie = signedCookie('lectern_toast')

export async function toastHeader(toast: z.input<typeof ToastSchema>) {
  return toastCookie().serialize(ToastSchema.parse(toast))
}

export async function redirectWithToast(url: string, toast: z.input<typeof ToastSchema>, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { ...init, headers })
}

/** The pending toast (if any) and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers?: HeadersInit }> {
  const raw = await toastCookie().parse(request.headers.get('Cookie'))
  if (!raw) return { toast: null }
  const parsed = ToastSchema.safeParse(raw)
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { 'Set-Cookie': await toastCookie().serialize('', { maxAge: 0, expires: new Date(0) }) },
  }
}
