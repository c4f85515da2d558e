// A session's accent colour on the attendee page: only #rrggbb is accepted (it is written into
// inline CSS), and the button text is white or near-black, whichever reads better (WCAG contrast).

export const DEFAULT_ACCENT = '#4f46e5'
const HEX = /^#[0-9a-f]{6}$/i

export function safeAccent(value: string | null | undefined): string {
  return value && HEX.test(value) ? value.toLowerCase() : DEFAULT_ACCENT
}

function luminance(hex: string) {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

export function contrastRatio(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export const DARK_TEXT = '#111827'

/** The text colour for a button filled with the accent. */
export function textOnAccent(accent: string): '#ffffff' | typeof DARK_TEXT {
  return contrastRatio(accent, '#ffffff') >= contrastRatio(accent, DARK_TEXT) ? '#ffffff' : DARK_TEXT
}

// The speaker's form refuses a colour on which neither text colour reads well (issue 9 §2).
export const ACCENT_MIN_CONTRAST = 4.5

export function isHexColor(value: string) {
  return HEX.test(value)
}

/** Does the button text (white or dark, whichever textOnAccent picks) keep a 4.5:1 contrast? */
export function accentKeepsTextReadable(hex: string) {
  return isHexColor(hex) && contrastRatio(hex, textOnAccent(hex)) >= ACCENT_MIN_CONTRAST
}
