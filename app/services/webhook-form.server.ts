import { parseWithZod } from '@conform-to/zod/v4'
import { webhookEndpointSchema } from '~/lib/webhooks'
import { urlProblem } from './safe-fetch.server'

/** The endpoint form as the server checks it: the shared schema plus the address rules of the SSRF guard. */
export function parseWebhookEndpointForm(formData: FormData) {
  return parseWithZod(formData, { schema: webhookEndpointSchema((url) => urlProblem(url)) })
}
