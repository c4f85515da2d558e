import { describe, expect, it } from 'vitest'
import { buildVCard, escapeVCardText, foldLine, splitName, vcardFilename } from './vcard'

describe('vCard text escaping (RFC 2426 §4)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['a\\b', 'a\\\\b'],
    ['line1\nline2', 'line1\\nline2'],
    ['line1\r\nline2', 'line1\\nline2'],
    ['\\n literally', '\\\\n literally'],
    ['bell\u0007', 'bell'],
    ['END:VCARD\nBEGIN:VCARD', 'END:VCARD\\nBEGIN:VCARD'],
  ])('%j → %j', (input, output) => {
    expect(escapeVCardText(input)).toBe(output)
  })
})

describe('line folding', () => {
  it('leaves a short line alone', () => {
    expect(foldLine('FN:Ada')).toBe('FN:Ada')
  })
  it('folds at 75 octets with CRLF + space', () => {
    const folded = foldLine(`NOTE:${'x'.repeat(200)}`)
    const lines = folded.split('\r\n')
    expect(lines[0]).toHaveLength(75)
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true)
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`NOTE:${'x'.repeat(200)}`)
  })
  it('never splits a multi-byte character', () => {
    const folded = foldLine(`NOTE:${'é'.repeat(100)}`)
    for (const line of folded.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
      expect(line).not.toContain('\uFFFD')
    }
  })
})

describe('buildVCard', () => {
  it.each([
    ['Ada Lovelace', { family: 'Lovelace', given: 'Ada' }],
    ['Ada King Lovelace', { family: 'Lovelace', given: 'Ada King' }],
    ['Cher', { family: '', given: 'Cher' }],
  ])('splitName(%j)', (name, parts) => {
    expect(splitName(name)).toEqual(parts)
  })

  it('writes a complete 3.0 card with CRLF line ends', () => {
    const card = buildVCard({
      name: 'Ada Lovelace',
      jobTitle: 'CTO, Engines',
      company: 'Analytical; Engines',
      email: 'ada@example.com',
      urls: ['https://ada.example', 'javascript:alert(1)', '', null],
      note: 'Met at DevConf',
    })
    expect(card).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Lovelace;Ada;;;',
        'FN:Ada Lovelace',
        'ORG:Analytical\\; Engines',
        'TITLE:CTO\\, Engines',
        'EMAIL;TYPE=INTERNET:ada@example.com',
        'URL:https://ada.example',
        'NOTE:Met at DevConf',
        'END:VCARD',
        '',
      ].join('\r\n'),
    )
  })

  it('cannot be made to start a new property through a name', () => {
    const card = buildVCard({ name: 'Eve\nEMAIL:evil@example.com' })
    expect(card.split('\r\n').filter((l) => l.startsWith('EMAIL'))).toEqual([])
  })

  it('writes a phone number as an escaped TEL value that cannot start a new property', () => {
    expect(buildVCard({ name: 'Grace', phone: '+44 20 7946 0000' })).toContain('\r\nTEL;TYPE=VOICE:+44 20 7946 0000\r\n')
    const card = buildVCard({ name: 'Eve', phone: '1\nEMAIL:evil@example.com;x' })
    expect(card).toContain('TEL;TYPE=VOICE:1\\nEMAIL:evil@example.com\\;x')
    expect(card.split('\r\n').filter((l) => l.startsWith('EMAIL'))).toEqual([])
  })

  it('drops an email with spaces or separators', () => {
    expect(buildVCard({ name: 'Eve', email: 'a@b.co;x' })).not.toContain('EMAIL')
  })

  it.each([
    ['Ada Lovelace', 'ada-lovelace.vcf'],
    ['Zoë Ñúñez', 'zoe-nunez.vcf'],
    ['"; rm -rf', 'rm-rf.vcf'],
    ['中文', 'contact.vcf'],
  ])('vcardFilename(%j) = %s', (name, file) => {
    expect(vcardFilename(name)).toBe(file)
  })
})
