import { getDb } from '~/db/client.server'
import {
  IMPORT_ERRORS,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  decodeImportFile,
  parseSpeakerCsv,
  type ImportRow,
  type ProgrammeInput,
} from '~/lib/speaker-import'
import type { AuditActor } from '~/models/audit.server'
import { recordAudit } from '~/models/audit.server'
import { upsertProgrammeRow } from '~/models/event-programme.server'
import { programmeMatches, takeImport } from '~/models/event-speakers.server'
import { listRooms, purgeEventPages, type EventRow } from '~/models/events.server'
import { readForm, RequestBodyError } from './request-body.server'

// The speakers CSV of an event (issue 23 Deliver 2): the upload read and refused or kept, the
// preview of what each row will do, and the import of every valid row in one transaction through
// the one autogeneration (upsertProgrammeRow). The rules of the file are app/lib/speaker-import.ts.

const UPLOAD_BODY = { files: { maxFileBytes: IMPORT_MAX_BYTES } }

export type ImportEvent = Pick<EventRow, 'id' | 'workspaceId' | 'slug' | 'name' | 'timeZone' | 'city' | 'isOnline'>

/** The uploaded file as text, or the refusal to show next to the file field (with its status). */
export async function readImportUpload(
  request: Request,
): Promise<{ ok: true; fileName: string; text: string } | { ok: false; error: string; status: 400 | 413 }> {
  let form: FormData
  try {
    form = await readForm(request, UPLOAD_BODY)
  } catch (error) {
    if (error instanceof RequestBodyError && error.status === 413)
      return { ok: false, error: IMPORT_ERRORS.tooLarge, status: 413 }
    throw error
  }
  const file = form.get(IMPORT_FILE_FIELD)
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return { ok: false, error: IMPORT_ERRORS.noFile, status: 400 }
  const decoded = decodeImportFile(new Uint8Array(await file.arrayBuffer()))
  if (!decoded.ok) return { ok: false, error: decoded.error, status: 400 }
  return { ok: true, fileName: file.name.slice(0, 200) || 'speakers.csv', text: decoded.text }
}

export type PreviewRow = ImportRow & { speaker: 'new' | 'update' | null; session: 'new' | 'update' | null }
export type ImportPreview =
  { ok: true; rows: PreviewRow[]; ignoredColumns: string[]; valid: number } | { ok: false; error: string }

/** Every row with its problems and what importing it will do (a new or updated speaker and session); writes nothing. */
export async function previewImport(event: ImportEvent, text: string): Promise<ImportPreview> {
  const parsed = parseSpeakerCsv(text, { timeZone: event.timeZone, rooms: await listRooms(event.id) })
  if (!parsed.ok) return parsed
  const valid = parsed.rows.flatMap((r) => (r.value ? [r.value] : []))
  const known = await programmeMatches(
    event.workspaceId,
    event.id,
    valid.map((v) => v.email),
  )
  // Rows earlier in the file count as done: a second talk of a new speaker updates the speaker the first made.
  const speakers = new Map(known.speakers)
  const sessions = new Set(known.sessions)
  const rows = parsed.rows.map((row): PreviewRow => {
    if (!row.value) return { ...row, speaker: null, session: null }
    const id = speakers.get(row.value.email) ?? `new:${row.value.email}`
    const sessionKey = `${id}\n${row.value.talkTitle.toLowerCase()}`
    const preview: PreviewRow = {
      ...row,
      speaker: speakers.has(row.value.email) ? 'update' : 'new',
      session: sessions.has(sessionKey) ? 'update' : 'new',
    }
    speakers.set(row.value.email, id)
    sessions.add(sessionKey)
    return preview
  })
  return { ok: true, rows, ignoredColumns: parsed.ignoredColumns, valid: valid.length }
}

export type ImportCounts = {
  rows: number
  skipped: number
  speakersCreated: number
  speakersUpdated: number
  sessionsCreated: number
  sessionsUpdated: number
}
export type ImportResult = { ok: true; counts: ImportCounts } | { ok: false; error: string } | { ok: false; gone: true }

export const NOTHING_TO_IMPORT = 'No row of this file can be imported: fix the problems shown and upload it again.'

/**
 * Imports a speakers CSV (already decoded text) into an event: every valid row, in ONE transaction
 * through upsertProgrammeRow — a failure anywhere leaves nothing — with the 'speakers.imported' audit
 * row. Re-importing the same text updates what the first import made (speakers by email, sessions by
 * speaker and talk title). With `importId` the waiting preview is taken out in the same transaction
 * ('gone' when it was already confirmed or cancelled).
 */
export async function importSpeakersCsv(
  event: ImportEvent,
  actor: AuditActor,
  text: string,
  options: { importId?: string; fileName?: string } = {},
): Promise<ImportResult> {
  const parsed = parseSpeakerCsv(text, { timeZone: event.timeZone, rooms: await listRooms(event.id) })
  if (!parsed.ok) return parsed
  const valid = parsed.rows.flatMap((r) => (r.value ? [r.value] : []))
  if (valid.length === 0) return { ok: false, error: NOTHING_TO_IMPORT }
  const result = await getDb().transaction(async (tx) => {
    if (options.importId && !(await takeImport(tx, event.workspaceId, event.id, options.importId))) return null
    const counts: ImportCounts = {
      rows: valid.length,
      skipped: parsed.rows.length - valid.length,
      speakersCreated: 0,
      speakersUpdated: 0,
      sessionsCreated: 0,
      sessionsUpdated: 0,
    }
    for (const row of valid) {
      const outcome = await upsertProgrammeRow(tx, event, actor.id, row)
      counts[outcome.speaker === 'created' ? 'speakersCreated' : 'speakersUpdated']++
      counts[outcome.session === 'created' ? 'sessionsCreated' : 'sessionsUpdated']++
    }
    // The same email twice in one file is one speaker: "updated" by its second row is not news.
    counts.speakersUpdated = new Set(valid.map((v) => v.email)).size - counts.speakersCreated
    await recordAudit(
      {
        workspaceId: event.workspaceId,
        actor,
        kind: 'speakers.imported',
        subject: options.fileName ?? event.name,
        data: { event: event.name, ...counts },
      },
      tx,
    )
    return counts
  })
  if (!result) return { ok: false, gone: true }
  purgeEventPages(event.slug)
  return { ok: true, counts: result }
}

/** "Add a speaker": one row through the same autogeneration as an imported one. */
export async function addSpeaker(event: ImportEvent, actorUserId: string, row: ProgrammeInput) {
  const outcome = await getDb().transaction((tx) => upsertProgrammeRow(tx, event, actorUserId, row))
  purgeEventPages(event.slug)
  return outcome
}

/** "12 rows imported: 10 new speakers, 2 updated; 12 new sessions." — the toast after an import. */
export function importSummary(c: ImportCounts) {
  const plural = (n: number, word: string) => `${n.toLocaleString('en-GB')} ${word}${n === 1 ? '' : 's'}`
  const speakers = [
    c.speakersCreated && `${plural(c.speakersCreated, 'new speaker')}`,
    c.speakersUpdated && `${c.speakersUpdated} updated`,
  ]
  const sessions = [
    c.sessionsCreated && `${plural(c.sessionsCreated, 'new session')}`,
    c.sessionsUpdated && `${plural(c.sessionsUpdated, 'session')} updated`,
  ]
  const parts = [speakers.filter(Boolean).join(', '), sessions.filter(Boolean).join(', ')].filter(Boolean)
  const skipped = c.skipped ? ` ${plural(c.skipped, 'row')} with problems skipped.` : ''
  return `${plural(c.rows, 'row')} imported: ${parts.join('; ')}.${skipped}`
}
