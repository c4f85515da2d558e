import { utcToZonedLocal } from './time-zone'

// The entry names of an event's QR ZIP (issue 23 Deliver 8), for the event's printer: a folder per
// room, then each session as "2027-03-10 0900 Ada Lovelace - Notes on the engine" (its start in the
// event's time zone, the speaker, the talk), with its QR code as .svg and .png and its slide as
// " - slide.png". Names must unpack the same on Windows, macOS and Linux: no characters a file
// system refuses, no reserved Windows names, no trailing dots or spaces, short enough for Windows'
// 260-character paths, and unique without regard to case (two sessions never overwrite each other).

export type QrZipSession = { roomName: string | null; startsAt: Date; speakerName: string | null; talkTitle: string }

/** The files of one session, by the name's ending. */
export const QR_ZIP_FILES = [
  { format: 'svg', suffix: '.svg' },
  { format: 'png-1024', suffix: '.png' },
  { format: 'slide', suffix: ' - slide.png' },
] as const

const ROOM_MAX = 60
const BASE_MAX = 120
// Windows refuses these names whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i
// Characters Windows refuses in a name, the path separators, and control characters.
// eslint-disable-next-line no-control-regex
const REFUSED = /[<>:"/\\|?*\u0000-\u001f\u007f]/g

/** One path component: refused characters become spaces, runs of spaces one, at most `max` characters. */
export function safeFileName(text: string, max: number, fallback: string): string {
  const cleaned = text.normalize('NFC').replace(REFUSED, ' ').replace(/\s+/g, ' ').trim()
  const cut = Array.from(cleaned).slice(0, max).join('')
  // Windows drops trailing dots and spaces, so "Q&A..." and "Q&A" would be the same file.
  const trimmed = cut.replace(/[. ]+$/, '').replace(/^[. ]+/, '')
  if (!trimmed) return fallback
  return RESERVED.test(trimmed) ? `_${trimmed}` : trimmed
}

/** "2027-03-10 0900": the session's start on the event's wall clock. */
export function zipTime(startsAt: Date, timeZone: string): string {
  const local = utcToZonedLocal(startsAt, timeZone)
  return `${local.slice(0, 10)} ${local.slice(11, 13)}${local.slice(14, 16)}`
}

/**
 * The base path (without the endings of QR_ZIP_FILES) of each session, in the given order: sessions
 * with a room in that room's folder, the others at the top. A name already taken (by case, or by one
 * of another session's files) gets " (2)", " (3)"…
 */
export function qrZipBaseNames(sessions: readonly QrZipSession[], timeZone: string): string[] {
  const used = new Set<string>()
  return sessions.map((s) => {
    const who = s.speakerName?.trim() ? `${s.speakerName.trim()} - ` : ''
    const name = safeFileName(`${zipTime(s.startsAt, timeZone)} ${who}${s.talkTitle}`, BASE_MAX, 'Session')
    const folder = s.roomName?.trim() ? `${safeFileName(s.roomName, ROOM_MAX, 'Room')}/` : ''
    for (let n = 1; ; n++) {
      const base = `${folder}${n === 1 ? name : `${name} (${n})`}`
      const files = QR_ZIP_FILES.map((f) => `${base}${f.suffix}`.toLowerCase())
      if (files.some((f) => used.has(f))) continue
      for (const f of files) used.add(f)
      return base
    }
  })
}
