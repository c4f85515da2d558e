import type { ReactNode } from 'react'
import { API_ERRORS, errorAnchor, type ApiErrorCode } from '~/lib/api-errors'
import type { FieldRow, ReferenceOperation, ReferenceSchema, ReferenceWebhook } from '~/services/api/reference.server'

// /docs/api's tables (issue 30 Deliver 5): errors, limits, operations and schemas, rendered from the
// OpenAPI document on the server; plain HTML with anchors, no script needed.

const TABLE = 'mt-3 w-full border-collapse text-left text-sm'
const TH = 'border-b border-white/15 py-2 pr-4 font-semibold text-slate-200'
const TD = 'border-b border-white/5 py-2 pr-4 align-top text-slate-300'

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // A wide table scrolls within its frame on a phone; the frame takes focus so a keyboard can scroll it.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={TH}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

export function ErrorTable() {
  return (
    <Table caption="Error codes" head={['Status', 'Code', 'Meaning']}>
      {(Object.keys(API_ERRORS) as ApiErrorCode[]).map((code) => (
        <tr key={code} id={errorAnchor(code)} className="scroll-mt-24 target:bg-brand-500/10">
          <td className={TD}>{API_ERRORS[code].status}</td>
          <td className={`${TD} font-mono text-slate-100`}>{code}</td>
          <td className={TD}>{API_ERRORS[code].meaning}</td>
        </tr>
      ))}
    </Table>
  )
}

export function LimitTable({ limits }: { limits: Array<{ plan: string; perMinute: number | null }> }) {
  return (
    <Table caption="Requests a minute per key, by plan" head={['Plan', 'Requests a minute, per key']}>
      {limits.map((l) => (
        <tr key={l.plan}>
          <td className={TD}>{l.plan}</td>
          <td className={TD}>{l.perMinute === null ? 'No API' : l.perMinute.toLocaleString('en-US')}</td>
        </tr>
      ))}
    </Table>
  )
}

function Fields({ caption, rows, withIn }: { caption: string; rows: Array<FieldRow & { in?: string }>; withIn?: boolean }) {
  return (
    <Table
      caption={caption}
      head={withIn ? ['Name', 'In', 'Type', 'Required', 'Description'] : ['Field', 'Type', 'Always there', 'Description']}
    >
      {rows.map((r) => (
        <tr key={`${r.in ?? ''}${r.name}`}>
          <td className={`${TD} font-mono text-slate-100`}>{r.name}</td>
          {withIn ? <td className={TD}>{r.in}</td> : null}
          <td className={`${TD} font-mono`}>{r.type}</td>
          <td className={TD}>{r.required ? 'yes' : 'no'}</td>
          <td className={TD}>{r.description}</td>
        </tr>
      ))}
    </Table>
  )
}

const schemaLink = (name: string | null, schemas: Set<string>) =>
  name && schemas.has(name) ? (
    <a href={`#schema-${name}`} className="font-mono text-brand-300 underline">
      {name}
    </a>
  ) : (
    <span className="font-mono">{name ?? '—'}</span>
  )

export function OperationEntry({ operation, schemas }: { operation: ReferenceOperation; schemas: Set<string> }) {
  return (
    <article
      id={`op-${operation.id}`}
      aria-labelledby={`op-${operation.id}-title`}
      className="mt-8 scroll-mt-24 rounded-xl border border-white/10 bg-ink-900/60 p-6"
    >
      <h3 id={`op-${operation.id}-title`} className="font-mono text-lg text-white">
        <span className="mr-2 rounded bg-brand-500/20 px-2 py-0.5 text-brand-200">{operation.method}</span>
        {operation.path}
      </h3>
      <p className="mt-2 font-semibold text-slate-100">{operation.summary}</p>
      {operation.description ? <p className="mt-1 text-slate-300">{operation.description}</p> : null}
      <p className="mt-2 text-sm text-slate-300">
        Scope:{' '}
        {operation.scope ? (
          <>
            <code className="font-mono text-slate-100">{operation.scope.name}</code> ({operation.scope.label.toLowerCase()})
          </>
        ) : (
          'any working key'
        )}
      </p>
      {operation.parameters.length ? (
        <Fields caption={`Parameters of ${operation.method} ${operation.path}`} rows={operation.parameters} withIn />
      ) : null}
      {operation.body ? <p className="mt-3 text-sm text-slate-300">Body: {schemaLink(operation.body, schemas)} (JSON)</p> : null}
      <Table caption={`Answers of ${operation.method} ${operation.path}`} head={['Status', 'Body', 'When']}>
        {operation.answers.map((a) => (
          <tr key={a.status}>
            <td className={TD}>{a.status}</td>
            <td className={TD}>{schemaLink(a.schema, schemas)}</td>
            <td className={TD}>{a.description}</td>
          </tr>
        ))}
      </Table>
    </article>
  )
}

export function WebhookEntry({ webhook, schemas }: { webhook: ReferenceWebhook; schemas: Set<string> }) {
  const id = `webhook-${webhook.type.replace(/\./g, '-')}`
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-8 scroll-mt-24 rounded-xl border border-white/10 bg-ink-900/60 p-6"
    >
      <h3 id={`${id}-title`} className="font-mono text-lg text-white">
        <span className="mr-2 rounded bg-brand-500/20 px-2 py-0.5 text-brand-200">POST</span>
        {webhook.type}
      </h3>
      <p className="mt-2 font-semibold text-slate-100">{webhook.summary}</p>
      {webhook.description ? <p className="mt-1 text-slate-300">{webhook.description}</p> : null}
      <p className="mt-3 text-sm text-slate-300">Body: {schemaLink(webhook.body, schemas)} (JSON)</p>
      <Fields caption={`Headers of ${webhook.type}`} rows={webhook.headers} withIn />
    </article>
  )
}

export function SchemaEntry({ schema }: { schema: ReferenceSchema }) {
  return (
    <section id={`schema-${schema.name}`} aria-labelledby={`schema-${schema.name}-title`} className="mt-6 scroll-mt-24">
      <h3 id={`schema-${schema.name}-title`} className="font-mono text-lg text-white">
        {schema.name}
      </h3>
      {schema.description ? <p className="mt-1 text-slate-300">{schema.description}</p> : null}
      <Fields caption={`Fields of ${schema.name}`} rows={schema.fields} />
    </section>
  )
}
