// The speaker's contact card offered on the thank-you page: vCard 3.0 (RFC 2426), which every
// phone's contacts app imports. Text values are escaped (RFC 2426 §4: backslash, comma, semicolon,
// newline) and lines are folded at 75 octets without splitting a UTF-8 character.

export type VCardInput = {
  name: string
  jobTitle?: string | null
  company?: string | null
  email?: string | null
  phone?: string | null
  urls?: Array<string | null | undefined>
  note?: string | null
}

/** Escapes one text value (or one component of a structured value). */
export function escapeVCardText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/\r\n|\r|\n/g, '\\n')
      .replace(/,/g, '\\,')
      .replace(/;/g, '\\;')
  )
}

/** Folds a content line: at most 75 octets per line, continuation lines start with one space. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let bytes = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    // The first line holds 75 octets; continuation lines hold 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74
    if (bytes + size > limit) {
      parts.push(current)
      current = ''
      bytes = 0
    }
    current += char
    bytes += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** "Ada King Lovelace" → family "Lovelace", given "Ada King"; one word → given name only. */
export function splitName(name: string): { family: string; given: string } {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length <= 1) return { family: '', given: words[0] ?? '' }
  return { family: words.at(-1)!, given: words.slice(0, -1).join(' ') }
}

const isHttpUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value)

export function buildVCard(input: VCardInput): string {
  const { family, given } = splitName(input.name)
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeVCardText(family)};${escapeVCardText(given)};;;`,
    `FN:${escapeVCardText(input.name.trim())}`,
  ]
  if (input.company?.trim()) lines.push(`ORG:${escapeVCardText(input.company.trim())}`)
  if (input.jobTitle?.trim()) lines.push(`TITLE:${escapeVCardText(input.jobTitle.trim())}`)
  if (input.email?.trim() && !/[\s,;]/.test(input.email.trim())) lines.push(`EMAIL;TYPE=INTERNET:${input.email.trim()}`)
  if (input.phone?.trim()) lines.push(`TEL;TYPE=VOICE:${escapeVCardText(input.phone.trim())}`)
  // URLs are URI values, not text: only well-formed http(s) addresses, never escaped into something else.
  for (const url of input.urls ?? []) if (url && isHttpUrl(url.trim())) lines.push(`URL:${url.trim()}`)
  if (input.note?.trim()) lines.push(`NOTE:${escapeVCardText(input.note.trim())}`)
  lines.push('END:VCARD')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

/** A file name for the card: ASCII letters, digits and hyphens only. */
export function vcardFilename(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
  return `${base || 'contact'}.vcf`
}
