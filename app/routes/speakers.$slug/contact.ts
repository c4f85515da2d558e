// Contact Speaker (spec 000 §2, §5): texts and limits the page shows. The schema is server-only
// (contact.server.ts): the page gets its constraints from the loader and ships no zod.
export const CONTACT_MODAL = 'contact-speaker'
export const CONTACT_FAILED = 'Failed to send message. Please try again.'
export const CONTACT_MAX_MESSAGE = 5_000

export function sentText(name: string) {
  return `Your message has been sent to ${name}. They'll get back to you soon.`
}
