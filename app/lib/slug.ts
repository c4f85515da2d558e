// Slugs as spec 001 §3 defines them. The two rules differ on purpose and are kept apart:
//
// - Post slug: "each run of characters other than a-z and 0-9 becomes one hyphen". Read
//   literally, so after lower-casing only ASCII letters and digits survive: "Café Tips" →
//   "caf-tips", and a title with no ASCII letters or digits gives "" (callers must refuse an
//   empty slug).
// - Speaker slug: "each run of non-alphanumeric characters". Read literally too, so any Unicode
//   letter or digit counts as alphanumeric and is kept: "José Núñez" → "josé-núñez". The text is
//   NFC-normalised first so a decomposed "é" (e + combining accent) is one letter, not a letter
//   followed by a hyphen. Browsers percent-encode such slugs in URLs; Remix decodes the param.

const NOT_ASCII_ALNUM = /[^a-z0-9]+/g
const NOT_UNICODE_ALNUM = /[^\p{L}\p{N}]+/gu
const EDGE_HYPHENS = /^-+|-+$/g

export function postSlug(title: string): string {
  return title.toLowerCase().replace(NOT_ASCII_ALNUM, '-').replace(EDGE_HYPHENS, '')
}

export type SpeakerSlugFields = {
  name: string | null | undefined
  job_title: string | null | undefined
  company: string | null | undefined
  location: string | null | undefined
}

export function speakerSlug({ name, job_title, company, location }: SpeakerSlugFields): string {
  // Joined with a space so words of adjacent fields never fuse ("Acme" + "Paris" ≠ "acmeparis").
  return [name, job_title, company, location]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .normalize('NFC')
    .toLowerCase()
    .replace(NOT_UNICODE_ALNUM, '-')
    .replace(EDGE_HYPHENS, '')
}
