import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import { DEFAULT_SESSION_MINUTES, IMPORT_MAX_ROWS } from './events'
import { normalizeInviteEmail } from './invitations'
import { isEmailAddress } from './public-name'
import { SPEAKER_PAGE_LIMITS } from './speaker-page'
import { TALK_LIMITS } from './talk-session'
import { utcToZonedLocal, zonedLocalToUtc } from './time-zone'

// The speakers CSV of an event (issue 23 Deliver 2, docs/organisers.md): which file is refused as a
// whole (nothing imported) and, for a readable one, each row's problems. Parsed by csv-parse (RFC
// 4180), never by hand. The "Add a speaker" form checks its fields with the same row rule.

export const IMPORT_COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'jobTitle', label: 'Job title' },
  { key: 'company', label: 'Company' },
  { key: 'bio', label: 'Bio' },
  { key: 'talkTitle', label: 'Talk title' },
  { key: 'talkDescription', label: 'Talk description' },
  { key: 'startTime', label: 'Start time' },
  { key: 'duration', label: 'Duration' },
  { key: 'room', label: 'Room' },
] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]['key']
export type ImportCells = Record<ImportColumn, string>
export const IMPORT_COLUMN_LABELS = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.label])) as Record<
  ImportColumn,
  string
>
const REQUIRED: readonly ImportColumn[] = ['name', 'email', 'talkTitle', 'startTime']

/** The upload form's file field. */
export const IMPORT_FILE_FIELD = 'file'
/** The upload's size limit: 500 full rows with long bios fit; a workbook or a video does not. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
/** How a start time is written in the file (and the template's example). */
export const IMPORT_TIME_FORMAT = 'YYYY-MM-DD HH:MM'
// The page fields' lengths are the roster's, which the claimed speaker's own form checks too.
export const IMPORT_LIMITS = { ...SPEAKER_PAGE_LIMITS, email: 254, maxMinutes: 24 * 60 } as const

const SAVE_AS_CSV = 'In your spreadsheet choose File → Save as (or Download) → "CSV UTF-8", and upload that file.'
const thousands = (n: number) => n.toLocaleString('en-GB')

export const IMPORT_ERRORS = {
  noFile: 'Choose a CSV file to upload.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files of at most ${IMPORT_MAX_ROWS} rows.`,
  workbook: `This is a spreadsheet workbook, not a CSV file. ${SAVE_AS_CSV}`,
  binary: `This is not a CSV file (it holds binary data). ${SAVE_AS_CSV}`,
  utf16: `The file is saved as UTF-16 text. ${SAVE_AS_CSV}`,
  notUtf8: `The file is not UTF-8 text (accents and other letters would come out wrong). ${SAVE_AS_CSV}`,
  unreadable: (line: number | undefined) =>
    `This is not a CSV file we can read: a quote mark is misplaced or never closed${line ? ` (line ${line})` : ''}. ${SAVE_AS_CSV}`,
  noHeader: `This is not a speakers CSV: its first row has none of the columns ${IMPORT_COLUMNS.map((c) => c.label).join(', ')}. Start from the template.`,
  missingColumns: (labels: string[]) =>
    `The first row has no ${labels.map((l) => `"${l}"`).join(', ')} column${labels.length > 1 ? 's' : ''}. Start from the template.`,
  repeatedColumn: (label: string) => `The column "${label}" appears twice in the first row.`,
  noRows: 'The file has a header row but no speakers under it.',
  tooManyRows: (rows: number) =>
    `The file has ${thousands(rows)} rows; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into files of ${IMPORT_MAX_ROWS} rows or fewer.`,
  formula: (row: number, column: string, first: string) =>
    `Row ${row}, column "${column}" starts with "${first === '\t' ? 'a tab' : first === '\r' ? 'a line break' : first}", which a spreadsheet would run as a formula. Remove that character and upload the file again.`,
} as const

export const ROW_PROBLEMS = {
  missing: (column: ImportColumn) => `${IMPORT_COLUMN_LABELS[column]} is missing.`,
  invalidEmail: (value: string) => `"${value}" is not a valid email address.`,
  tooLong: (column: ImportColumn, max: number) => `${IMPORT_COLUMN_LABELS[column]} is longer than ${thousands(max)} characters.`,
  badTime: (value: string) =>
    `Start time "${value}" is not a time: write it as ${IMPORT_TIME_FORMAT}, for example 2027-03-10 09:30.`,
  noSuchTime: (value: string, zone: string) => `Start time "${value}" does not exist in ${zone}: the clocks go forward then.`,
  badDuration: (value: string) =>
    `Duration "${value}" is not a number of minutes: write a whole number from 1 to ${thousands(IMPORT_LIMITS.maxMinutes)}, or leave it empty for ${DEFAULT_SESSION_MINUTES}.`,
  unknownRoom: (value: string, rooms: string[]) =>
    rooms.length
      ? `Room "${value}" is not a room of this event (its rooms: ${rooms.join(', ')}).`
      : `Room "${value}" is not a room of this event (it has no rooms yet).`,
  duplicate: (row: number) => `Duplicate of row ${row}: the same email and talk title.`,
  // The event's pages and attendee pages show it as the speaker's name (issue 29 Deliver 7).
  nameIsAddress: (value: string) => `Name "${value}" is an email address: give the speaker's name.`,
} as const

/** What one valid row becomes: the programme upsert's input (app/models/event-programme.server.ts). */
export type ProgrammeInput = {
  email: string
  name: string
  jobTitle: string
  company: string
  bio: string
  talkTitle: string
  talkDescription: string
  startsAt: Date
  durationMinutes: number
  roomId: string | null
}
export type RowProblem = { column: ImportColumn | null; message: string }
export type ImportRow = {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number
  cells: ImportCells
  problems: RowProblem[]
  /** Set when the row has no problems. */
  value: ProgrammeInput | null
}
export type ImportContext = { timeZone: string; rooms: readonly { id: string; name: string; nameKey: string }[] }
export type ParsedImport = { ok: true; rows: ImportRow[]; ignoredColumns: string[] } | { ok: false; error: string }

// ── The file: bytes to text ─────────────────────────────────────────────────────────────────────

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b)

/** The uploaded bytes as text (UTF-8, a BOM allowed), or why the file is refused. */
export function decodeImportFile(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes.byteLength === 0) return { ok: false, error: IMPORT_ERRORS.empty }
  if (bytes.byteLength > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_ERRORS.tooLarge }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) || looksUtf16(bytes))
    return { ok: false, error: IMPORT_ERRORS.utf16 }
  // .xlsx / .ods are ZIP archives; .xls is an OLE compound file.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))
    return { ok: false, error: IMPORT_ERRORS.workbook }
  if (bytes.includes(0)) return { ok: false, error: IMPORT_ERRORS.binary }
  let text: string
  try {
    // fatal: a byte sequence that is not UTF-8 (a Windows "ANSI" export) refuses the file instead of
    // turning letters into U+FFFD; the BOM a spreadsheet writes is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { ok: false, error: IMPORT_ERRORS.notUtf8 }
  }
  // eslint-disable-next-line no-control-regex -- control characters are what marks a binary file
  if (/[\u0001-\u0008\u000e-\u001a\u001c-\u001f]/.test(text)) return { ok: false, error: IMPORT_ERRORS.binary }
  if (text.trim() === '') return { ok: false, error: IMPORT_ERRORS.empty }
  return { ok: true, text }
}

/** UTF-16 without a BOM: ASCII text then has a NUL in every other byte. */
function looksUtf16(bytes: Uint8Array) {
  const sample = bytes.subarray(0, 400)
  if (sample.byteLength < 4) return false
  let even = 0
  let odd = 0
  for (let i = 0; i < sample.byteLength; i++) {
    if (sample[i] !== 0) continue
    if (i % 2) odd++
    else even++
  }
  const half = sample.byteLength / 2
  return even > half * 0.6 || odd > half * 0.6
}

// ── The header ──────────────────────────────────────────────────────────────────────────────────

const ALIASES: Record<ImportColumn, string[]> = {
  name: ['name', 'full name', 'speaker', 'speaker name'],
  email: ['email', 'e mail', 'email address', 'speaker email'],
  jobTitle: ['job title', 'jobtitle', 'job', 'position'],
  company: ['company', 'organisation', 'organization'],
  bio: ['bio', 'biography', 'speaker bio'],
  talkTitle: ['talk title', 'talktitle', 'talk', 'session title'],
  talkDescription: ['talk description', 'talkdescription', 'description', 'abstract', 'talk abstract'],
  startTime: ['start time', 'starttime', 'start', 'starts at', 'start date'],
  duration: ['duration', 'duration minutes', 'duration mins', 'length', 'minutes'],
  room: ['room', 'room name'],
}

/** "Job_Title ", "job-title", "JOB TITLE", "Duration (minutes)" → the column they name, or null. */
export function headerColumn(header: string): ImportColumn | null {
  const key = header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/\(([^)]*)\)/g, ' $1 ')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
  for (const column of IMPORT_COLUMNS) if (ALIASES[column.key].includes(key)) return column.key
  return null
}

// ── Parsing ─────────────────────────────────────────────────────────────────────────────────────

const FORMULA_START = /^[=+\-@\t\r]/
// What app/lib/csv.ts's export puts before such a cell: undone, so an export imports back as it was.
const NEUTRALISED = /^'(?=[=+\-@\t\r])/

function readRecords(text: string, delimiter: string): string[][] {
  return parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][]
}

/** The delimiter whose first row names the most columns (spreadsheets in some languages write ";"). */
function pickDelimiter(text: string) {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  let best = ','
  let bestCount = -1
  for (const delimiter of [',', ';', '\t']) {
    const count = firstLine.split(delimiter).filter((h) => headerColumn(h.replace(/^"|"$/g, '')) !== null).length
    if (count > bestCount) {
      best = delimiter
      bestCount = count
    }
  }
  return best
}

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '')

/** The whole file checked: a file-level refusal, or every row with its problems (nothing is written here). */
export function parseSpeakerCsv(text: string, context: ImportContext): ParsedImport {
  let records: string[][]
  try {
    records = readRecords(text, pickDelimiter(text))
  } catch (error) {
    return { ok: false, error: IMPORT_ERRORS.unreadable((error as { lines?: number }).lines) }
  }
  const headerIndex = records.findIndex((r) => !isBlank(r))
  if (headerIndex === -1) return { ok: false, error: IMPORT_ERRORS.empty }
  const header = records[headerIndex]!
  const positions = new Map<ImportColumn, number>()
  const ignoredColumns: string[] = []
  for (const [index, cell] of header.entries()) {
    const column = headerColumn(cell)
    if (!column) {
      if (cell.trim()) ignoredColumns.push(cell.trim())
      continue
    }
    if (positions.has(column)) return { ok: false, error: IMPORT_ERRORS.repeatedColumn(IMPORT_COLUMN_LABELS[column]) }
    positions.set(column, index)
  }
  if (positions.size === 0) return { ok: false, error: IMPORT_ERRORS.noHeader }
  const missing = REQUIRED.filter((c) => !positions.has(c))
  if (missing.length) return { ok: false, error: IMPORT_ERRORS.missingColumns(missing.map((c) => IMPORT_COLUMN_LABELS[c])) }

  const data = records
    .map((record, index) => ({ record, row: index + 1 }))
    .slice(headerIndex + 1)
    .filter(({ record }) => !isBlank(record))
  if (data.length === 0) return { ok: false, error: IMPORT_ERRORS.noRows }
  if (data.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_ERRORS.tooManyRows(data.length) }

  for (const { record, row } of [{ record: header, row: headerIndex + 1 }, ...data]) {
    for (const [index, cell] of record.entries()) {
      if (!FORMULA_START.test(cell)) continue
      const column = header[index]?.trim() || `column ${index + 1}`
      return { ok: false, error: IMPORT_ERRORS.formula(row, column, cell[0]!) }
    }
  }

  const seen = new Map<string, number>()
  const rows = data.map(({ record, row }) => {
    const cells = Object.fromEntries(
      IMPORT_COLUMNS.map(({ key }) => {
        const at = positions.get(key)
        return [key, at === undefined ? '' : (record[at] ?? '').replace(NEUTRALISED, '').trim()]
      }),
    ) as ImportCells
    const checked = checkProgrammeCells(cells, context)
    if (checked.value) {
      const key = `${checked.value.email}\n${checked.value.talkTitle.toLowerCase()}`
      const first = seen.get(key)
      if (first !== undefined)
        return { row, cells, problems: [{ column: null, message: ROW_PROBLEMS.duplicate(first) }], value: null }
      seen.set(key, row)
    }
    return { row, cells, ...checked }
  })
  return { ok: true, rows, ignoredColumns }
}

// ── One row (a CSV row, or the "Add a speaker" form) ────────────────────────────────────────────

const EmailSchema = z.email()
const TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})$/

/** A start time as written (YYYY-MM-DD HH:MM, or a datetime-local value) in the event's zone. */
export function parseStartTime(value: string, timeZone: string): { at: Date } | { problem: string } {
  const m = TIME.exec(value)
  const local = m ? `${m[1]}T${m[2]!.padStart(2, '0')}:${m[3]}` : null
  const at = local ? zonedLocalToUtc(local, timeZone) : null
  if (!local || !at) return { problem: ROW_PROBLEMS.badTime(value) }
  // zonedLocalToUtc moves a wall time the clocks skip; in a programme that is a typo, not a time.
  if (utcToZonedLocal(at, timeZone) !== local) return { problem: ROW_PROBLEMS.noSuchTime(value, timeZone) }
  return { at }
}

/** A row's cells (trimmed) checked: its problems by column, or the programme row they make. */
export function checkProgrammeCells(
  cells: ImportCells,
  context: ImportContext,
): { problems: RowProblem[]; value: ProgrammeInput | null } {
  const problems: RowProblem[] = []
  const add = (column: ImportColumn, message: string) => problems.push({ column, message })
  for (const column of REQUIRED) if (!cells[column]) add(column, ROW_PROBLEMS.missing(column))

  const email = normalizeInviteEmail(cells.email)
  if (email && (email.length > IMPORT_LIMITS.email || !EmailSchema.safeParse(email).success))
    add('email', ROW_PROBLEMS.invalidEmail(cells.email))
  const limits: [ImportColumn, number][] = [
    ['name', IMPORT_LIMITS.name],
    ['jobTitle', IMPORT_LIMITS.jobTitle],
    ['company', IMPORT_LIMITS.company],
    ['bio', IMPORT_LIMITS.bio],
    ['talkTitle', TALK_LIMITS.title],
    ['talkDescription', TALK_LIMITS.abstract],
  ]
  for (const [column, max] of limits) if (cells[column].length > max) add(column, ROW_PROBLEMS.tooLong(column, max))
  if (cells.name && isEmailAddress(cells.name)) add('name', ROW_PROBLEMS.nameIsAddress(cells.name))

  let startsAt: Date | null = null
  if (cells.startTime) {
    const time = parseStartTime(cells.startTime, context.timeZone)
    if ('problem' in time) add('startTime', time.problem)
    else startsAt = time.at
  }
  let durationMinutes = DEFAULT_SESSION_MINUTES
  if (cells.duration) {
    const minutes = /^\d{1,4}$/.test(cells.duration) ? Number(cells.duration) : NaN
    if (!(minutes >= 1 && minutes <= IMPORT_LIMITS.maxMinutes)) add('duration', ROW_PROBLEMS.badDuration(cells.duration))
    else durationMinutes = minutes
  }
  let roomId: string | null = null
  if (cells.room) {
    const room = context.rooms.find((r) => r.nameKey === cells.room.toLowerCase())
    if (!room)
      add(
        'room',
        ROW_PROBLEMS.unknownRoom(
          cells.room,
          context.rooms.map((r) => r.name),
        ),
      )
    else roomId = room.id
  }
  if (problems.length || !startsAt) return { problems, value: null }
  return {
    problems,
    value: {
      email,
      name: cells.name,
      jobTitle: cells.jobTitle,
      company: cells.company,
      bio: cells.bio,
      talkTitle: cells.talkTitle,
      talkDescription: cells.talkDescription,
      startsAt,
      durationMinutes,
      roomId,
    },
  }
}

/** A start time as the file writes it (the export and the template), in the event's zone. */
export function formatStartTime(instant: Date, timeZone: string) {
  return utcToZonedLocal(instant, timeZone).replace('T', ' ')
}
