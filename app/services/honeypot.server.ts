import { HONEYPOT_FIELD } from '~/components/forms'

/** True when a bot filled the hidden field; the caller answers as if all went well and stores nothing. */
export function isSpam(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}
