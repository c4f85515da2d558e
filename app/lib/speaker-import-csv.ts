import { toCsv } from './csv'
import { IMPORT_COLUMNS, type ImportCells } from './speaker-import'

// The speakers CSV written out (the template and the export): the import's own columns and labels,
// through toCsv, which quotes and neutralises formula-like cells (the import undoes the latter).

export type SpeakersCsvRow = Omit<ImportCells, 'duration'> & { duration: number | string }

export function speakersCsv(rows: SpeakersCsvRow[]) {
  return toCsv(
    rows,
    IMPORT_COLUMNS.map((c) => ({ key: c.key, label: c.label })),
  )
}

export function speakersCsvResponse(body: string, fileName: string) {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '-')}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
