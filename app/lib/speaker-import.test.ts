import { describe, expect, it } from 'vitest'
import { toCsv } from './csv'
import { DEFAULT_SESSION_MINUTES } from './events'
import {
  decodeImportFile,
  formatStartTime,
  headerColumn,
  IMPORT_COLUMNS,
  IMPORT_ERRORS,
  IMPORT_MAX_BYTES,
  parseSpeakerCsv,
  ROW_PROBLEMS,
  type ImportContext,
} from './speaker-import'

// The speakers CSV rules of issue 23 Deliver 2 as a table: each file or row, and what the import
// says about it. Files go through the real parser (csv-parse) exactly as an upload does.

const context: ImportContext = {
  timeZone: 'Europe/London',
  rooms: [
    { id: 'room-main', name: 'Main Hall', nameKey: 'main hall' },
    { id: 'room-b', name: 'Room B', nameKey: 'room b' },
  ],
}
const HEADER = 'Name,Email,Job title,Company,Bio,Talk title,Talk description,Start time,Duration,Room'
const GOOD = 'Ada Lovelace,ada@example.com,Engineer,Engines,Writes programs,Notes,How it computes,2027-03-10 09:00,45,Main Hall'
const file = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n'
const bytes = (text: string) => new TextEncoder().encode(text)

/** The problems of a one-row file whose row is GOOD with some cells replaced. */
function problemsOf(change: Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string>>) {
  const cells = GOOD.split(',')
  for (const [key, value] of Object.entries(change)) cells[IMPORT_COLUMNS.findIndex((c) => c.key === key)] = value
  const parsed = parseSpeakerCsv(file(cells.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')), context)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.rows[0]!.problems.map((p) => [p.column, p.message])
}

describe('speakers CSV: a row', () => {
  it('reads a good row into the programme row', () => {
    const parsed = parseSpeakerCsv(file(GOOD), context)
    expect(parsed).toMatchObject({ ok: true, ignoredColumns: [] })
    if (!parsed.ok) return
    expect(parsed.rows).toEqual([
      {
        row: 2,
        cells: expect.objectContaining({ email: 'ada@example.com', room: 'Main Hall' }),
        problems: [],
        value: {
          email: 'ada@example.com',
          name: 'Ada Lovelace',
          jobTitle: 'Engineer',
          company: 'Engines',
          bio: 'Writes programs',
          talkTitle: 'Notes',
          talkDescription: 'How it computes',
          // 09:00 in London in March (GMT) is 09:00 UTC.
          startsAt: new Date('2027-03-10T09:00:00Z'),
          durationMinutes: 45,
          roomId: 'room-main',
        },
      },
    ])
  })

  it.each([
    ['missing email', { email: '' }, [['email', ROW_PROBLEMS.missing('email')]]],
    ['invalid email', { email: 'ada at example' }, [['email', ROW_PROBLEMS.invalidEmail('ada at example')]]],
    ['missing name', { name: '  ' }, [['name', ROW_PROBLEMS.missing('name')]]],
    // The event's pages show it as the speaker's name (issue 29 Deliver 7).
    ['an address as the name', { name: 'ada@example.com' }, [['name', ROW_PROBLEMS.nameIsAddress('ada@example.com')]]],
    ['missing talk title', { talkTitle: '' }, [['talkTitle', ROW_PROBLEMS.missing('talkTitle')]]],
    ['missing time', { startTime: '' }, [['startTime', ROW_PROBLEMS.missing('startTime')]]],
    ['bad time: a US date', { startTime: '03/10/2027 09:00' }, [['startTime', ROW_PROBLEMS.badTime('03/10/2027 09:00')]]],
    ['bad time: no such day', { startTime: '2027-02-30 09:00' }, [['startTime', ROW_PROBLEMS.badTime('2027-02-30 09:00')]]],
    ['bad time: 25 o’clock', { startTime: '2027-03-10 25:00' }, [['startTime', ROW_PROBLEMS.badTime('2027-03-10 25:00')]]],
    // London springs forward at 01:00 on 28 March 2027: 01:30 never shows on its clocks.
    [
      'a time the zone skips',
      { startTime: '2027-03-28 01:30' },
      [['startTime', ROW_PROBLEMS.noSuchTime('2027-03-28 01:30', 'Europe/London')]],
    ],
    ['bad duration: words', { duration: 'an hour' }, [['duration', ROW_PROBLEMS.badDuration('an hour')]]],
    ['bad duration: zero', { duration: '0' }, [['duration', ROW_PROBLEMS.badDuration('0')]]],
    ['bad duration: a fraction', { duration: '12.5' }, [['duration', ROW_PROBLEMS.badDuration('12.5')]]],
    ['bad duration: over a day', { duration: '1441' }, [['duration', ROW_PROBLEMS.badDuration('1441')]]],
    ['unknown room', { room: 'Attic' }, [['room', ROW_PROBLEMS.unknownRoom('Attic', ['Main Hall', 'Room B'])]]],
    ['a bio too long', { bio: 'x'.repeat(5001) }, [['bio', ROW_PROBLEMS.tooLong('bio', 5000)]]],
    [
      'several problems at once',
      { email: '', startTime: 'soon' },
      [
        ['email', ROW_PROBLEMS.missing('email')],
        ['startTime', ROW_PROBLEMS.badTime('soon')],
      ],
    ],
  ] as const)('%s', (_name, change, problems) => {
    expect(problemsOf(change)).toEqual(problems)
  })

  it.each([
    ['room in another case', { room: 'MAIN hall' }, { roomId: 'room-main' }],
    ['no room', { room: '' }, { roomId: null }],
    ['empty duration → the default', { duration: '' }, { durationMinutes: DEFAULT_SESSION_MINUTES }],
    ['email in capitals', { email: ' Ada@Example.COM ' }, { email: 'ada@example.com' }],
    ['an hour without its zero', { startTime: '2027-07-10 9:05' }, { startsAt: new Date('2027-07-10T08:05:00Z') }],
    ['a datetime-local value', { startTime: '2027-07-10T09:05' }, { startsAt: new Date('2027-07-10T08:05:00Z') }],
    // The repeated hour when the clocks go back (31 October 2027) is a real time: the first one.
    ['a repeated hour', { startTime: '2027-10-31 01:30' }, { startsAt: new Date('2027-10-31T00:30:00Z') }],
  ] as const)('accepts %s', (_name, change, expected) => {
    const cells = GOOD.split(',')
    for (const [key, value] of Object.entries(change)) cells[IMPORT_COLUMNS.findIndex((c) => c.key === key)] = value
    const parsed = parseSpeakerCsv(file(cells.join(',')), context)
    expect(parsed.ok && parsed.rows[0]!.value).toMatchObject(expected)
  })

  it('marks a second row with the same email and talk title (any case) as a duplicate of the first', () => {
    const again = GOOD.replace('ada@example.com', 'ADA@example.com').replace(',Notes,', ',NOTES,')
    const other = GOOD.replace(',Notes,', ',Another talk,')
    const parsed = parseSpeakerCsv(file(GOOD, other, again), context)
    expect(parsed.ok && parsed.rows.map((r) => [r.row, r.problems.map((p) => p.message)])).toEqual([
      [2, []],
      [3, []],
      [4, [ROW_PROBLEMS.duplicate(2)]],
    ])
  })

  it('numbers rows as a spreadsheet does, skipping blank ones, and quoted cells may hold commas and line breaks', () => {
    const quoted = 'Grace,grace@example.com,,,"Line one\nline two, with a comma",Compilers,"She said ""hi""",2027-03-10 10:00,,'
    const parsed = parseSpeakerCsv(file(GOOD, ',,,,,,,,,', quoted), context)
    expect(parsed.ok && parsed.rows.map((r) => r.row)).toEqual([2, 4])
    expect(parsed.ok && parsed.rows[1]!.value).toMatchObject({
      bio: 'Line one\nline two, with a comma',
      talkDescription: 'She said "hi"',
    })
  })
})

describe('speakers CSV: the header', () => {
  it.each([
    ['Email', 'email'],
    [' EMAIL ', 'email'],
    ['Job Title', 'jobTitle'],
    ['job_title', 'jobTitle'],
    ['jobTitle', 'jobTitle'],
    ['TALK-TITLE', 'talkTitle'],
    ['Start time', 'startTime'],
    ['start_time', 'startTime'],
    ['Duration (minutes)', 'duration'],
    ['\uFEFFName', 'name'],
    ['Notes', null],
  ] as const)('%j names %s', (header, column) => expect(headerColumn(header)).toBe(column))

  it('takes the columns in any order and case, ignoring columns it does not know (and says which)', () => {
    const text = 'ROOM,talk_title, start time ,EMAIL,name,Shoe size\r\nroom b,Notes,2027-03-10 09:00,ada@example.com,Ada,44\r\n'
    const parsed = parseSpeakerCsv(text, context)
    expect(parsed).toMatchObject({ ok: true, ignoredColumns: ['Shoe size'] })
    expect(parsed.ok && parsed.rows[0]!.value).toMatchObject({ roomId: 'room-b', name: 'Ada', jobTitle: '', durationMinutes: 30 })
  })

  it('reads a file saved with semicolons (spreadsheets in many languages)', () => {
    const parsed = parseSpeakerCsv(
      'Name;Email;Talk title;Start time\r\nAda;ada@example.com;Notes, part 1;2027-03-10 09:00\r\n',
      context,
    )
    expect(parsed.ok && parsed.rows[0]!.value).toMatchObject({ talkTitle: 'Notes, part 1' })
  })
})

describe('speakers CSV: files refused as a whole', () => {
  const refusedText = (text: string) => {
    const parsed = parseSpeakerCsv(text, context)
    return parsed.ok ? null : parsed.error
  }
  it.each([
    ['no recognisable header', 'foo,bar\r\n1,2\r\n', IMPORT_ERRORS.noHeader],
    [
      'a header without the email column',
      'Name,Talk title,Start time\r\nAda,Notes,2027-03-10 09:00\r\n',
      IMPORT_ERRORS.missingColumns(['Email']),
    ],
    ['a column twice', 'Name,Email,E-mail,Talk title,Start time\r\n', IMPORT_ERRORS.repeatedColumn('Email')],
    ['a header and nothing else', `${HEADER}\r\n\r\n`, IMPORT_ERRORS.noRows],
    [
      '501 rows',
      file(...Array.from({ length: 501 }, (_, i) => GOOD.replace('Notes', `Talk ${i}`))),
      IMPORT_ERRORS.tooManyRows(501),
    ],
    ['5,000 rows', file(...Array.from({ length: 5000 }, () => GOOD)), IMPORT_ERRORS.tooManyRows(5000)],
    ['a formula (=)', file(GOOD, GOOD.replace('Writes programs', '"=HYPERLINK(""x"")"').replace('Notes', 'Other')), null],
    ['a formula (+) in the company', file(GOOD.replace('Engines', '+1+2')), IMPORT_ERRORS.formula(2, 'Company', '+')],
    ['a formula (-) in the duration', file(GOOD.replace(',45,', ',-45,')), IMPORT_ERRORS.formula(2, 'Duration', '-')],
    ['a formula (@)', file(GOOD.replace('Ada Lovelace', '@SUM(A1)')), IMPORT_ERRORS.formula(2, 'Name', '@')],
    ['a cell starting with a tab', file(GOOD.replace('Engineer', '"\tEngineer"')), IMPORT_ERRORS.formula(2, 'Job title', '\t')],
    [
      'a cell starting with a carriage return',
      file(GOOD.replace('Engineer', '"\rEngineer"')),
      IMPORT_ERRORS.formula(2, 'Job title', '\r'),
    ],
  ])('%s', (_name, text, error) => {
    if (error === null) expect(refusedText(text)).toMatch(/^Row 3, column "Bio" starts with "="/)
    else expect(refusedText(text)).toBe(error)
  })

  it('refuses a file whose quotes do not pair up (csv-parse cannot read it)', () => {
    expect(refusedText(file(GOOD, 'Grace,"grace@example.com'))).toMatch(
      /^This is not a CSV file we can read: a quote mark is misplaced or never closed \(line \d+\)/,
    )
    expect(refusedText(file(GOOD, 'Grace,gr"ace@example.com,x'))).toMatch(/^This is not a CSV file we can read/)
  })

  it('names the row of a formula as a spreadsheet numbers it, and says how many rows a big file has', () => {
    expect(IMPORT_ERRORS.tooManyRows(5000)).toContain('5,000 rows')
    expect(IMPORT_ERRORS.formula(7, 'Bio', '=')).toBe(
      'Row 7, column "Bio" starts with "=", which a spreadsheet would run as a formula. Remove that character and upload the file again.',
    )
  })

  it.each([
    ['empty', new Uint8Array(0), IMPORT_ERRORS.empty],
    ['only blank lines', bytes('\r\n\r\n  \r\n'), IMPORT_ERRORS.empty],
    ['over the size limit', new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61), IMPORT_ERRORS.tooLarge],
    [
      'Windows-1252 (é as 0xE9)',
      Uint8Array.from([...bytes('Name,Email\r\nRen'), 0xe9, ...bytes(',r@example.com\r\n')]),
      IMPORT_ERRORS.notUtf8,
    ],
    [
      'UTF-16 with its BOM',
      Uint8Array.from([0xff, 0xfe, ...[...'Name,Email'].flatMap((c) => [c.charCodeAt(0), 0])]),
      IMPORT_ERRORS.utf16,
    ],
    ['UTF-16 without a BOM', Uint8Array.from([...`${HEADER}\r\n`].flatMap((c) => [c.charCodeAt(0), 0])), IMPORT_ERRORS.utf16],
    ['an Excel workbook (.xlsx is a ZIP)', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), IMPORT_ERRORS.workbook],
    [
      'a PNG image',
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
      IMPORT_ERRORS.binary,
    ],
    ['text with a NUL byte', bytes(`${HEADER}\r\nAda\u0000,ada@example.com\r\n`), IMPORT_ERRORS.binary],
  ])('decoding refuses %s', (_name, input, error) => {
    expect(decodeImportFile(input)).toEqual({ ok: false, error })
  })

  it('decodes UTF-8 with or without the BOM a spreadsheet writes', () => {
    const text = `${HEADER}\r\nRenée,renee@example.com\r\n`
    expect(decodeImportFile(bytes(text))).toEqual({ ok: true, text })
    expect(decodeImportFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes(text)]))).toEqual({ ok: true, text })
  })

  it('says to save as "CSV UTF-8" for each encoding refusal', () => {
    for (const error of [IMPORT_ERRORS.utf16, IMPORT_ERRORS.notUtf8, IMPORT_ERRORS.workbook])
      expect(error).toContain('"CSV UTF-8"')
  })
})

describe('speakers CSV: the export imports back as it was', () => {
  it('reads toCsv output (BOM, CRLF, quotes, formula neutralising) back to the same cells', () => {
    const row = {
      name: 'Ada, Countess',
      email: 'ada@example.com',
      jobTitle: '-',
      company: '=Engines',
      bio: 'Two\nlines "quoted"',
      talkTitle: 'Notes',
      talkDescription: '@mention',
      startTime: formatStartTime(new Date('2027-03-10T09:00:00Z'), 'Europe/London'),
      duration: 45,
      room: 'Room B',
    }
    const csv = toCsv(
      [row],
      IMPORT_COLUMNS.map((c) => ({ key: c.key, label: c.label })),
    )
    const parsed = parseSpeakerCsv(`\uFEFF${csv}`, context)
    expect(parsed.ok && parsed.rows[0]).toMatchObject({
      problems: [],
      cells: { ...row, duration: '45', startTime: '2027-03-10 09:00' },
    })
  })
})
