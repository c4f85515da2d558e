import { API_SCOPE_LABELS, isApiScope } from '~/lib/api-keys'
import { apiDocument } from './document.server'

// /docs/api's reference part (issue 30 Deliver 5): the OpenAPI document flattened into what the page
// shows — each operation with its parameters, body and answers, and each named schema as a table of
// fields. Read from the served document, so the page cannot say something the document does not.

type Json = Record<string, unknown>

export type FieldRow = { name: string; type: string; required: boolean; description: string }
export type ParameterRow = FieldRow & { in: string }
export type ReferenceOperation = {
  id: string
  method: string
  path: string
  summary: string
  description: string
  tag: string
  scope: { name: string; label: string } | null
  parameters: ParameterRow[]
  body: string | null
  answers: Array<{ status: string; description: string; schema: string | null }>
}
export type ReferenceSchema = { name: string; description: string; fields: FieldRow[] }
/** A message a webhook subscription receives (the document's `webhooks`). */
export type ReferenceWebhook = {
  type: string
  summary: string
  description: string
  headers: ParameterRow[]
  body: string | null
}

const refName = (ref: string) => ref.split('/').at(-1)!

function resolve(document: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node
  return node.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((n, part) => (n as Json)[part], document) as Json
}

/** A schema's type in a few words: `string (uuid)`, `array of Lead`, `"new" | "won"`. */
export function typeLabel(schema: Json | undefined): string {
  if (!schema) return 'any'
  if (typeof schema.$ref === 'string') return refName(schema.$ref)
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if ('const' in schema) return JSON.stringify(schema.const)
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return (schema[key] as Json[]).map(typeLabel).join(' or ')
  }
  if (schema.type === 'array') return `array of ${typeLabel(schema.items as Json | undefined)}`
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any')
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : ''
  const bounds = [
    schema.minimum !== undefined ? `≥ ${String(schema.minimum)}` : '',
    schema.maximum !== undefined ? `≤ ${String(schema.maximum)}` : '',
    schema.maxLength !== undefined ? `≤ ${String(schema.maxLength)} characters` : '',
  ].filter(Boolean)
  return `${type}${format}${bounds.length ? `, ${bounds.join(', ')}` : ''}`
}

/** An object's fields, nested objects with dotted names (a named schema stays a link, not inlined). */
export function fieldRows(schema: Json, prefix = ''): FieldRow[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).flatMap(([name, property]) => {
    const row: FieldRow = {
      name: `${prefix}${name}`,
      type: property.type === 'object' && !property.$ref ? 'object' : typeLabel(property),
      required: required.has(name),
      description: typeof property.description === 'string' ? property.description : '',
    }
    return property.type === 'object' && property.properties ? [row, ...fieldRows(property, `${prefix}${name}.`)] : [row]
  })
}

function schemaName(document: Json, content: unknown) {
  const schema = (content as { 'application/json'?: { schema?: Json } } | undefined)?.['application/json']?.schema
  if (!schema) return null
  return typeof schema.$ref === 'string' ? refName(schema.$ref) : typeLabel(resolve(document, schema))
}

function parameterRows(operation: Json): ParameterRow[] {
  return ((operation.parameters ?? []) as Json[]).map((p) => ({
    name: String(p.name),
    in: String(p.in),
    type: typeLabel(p.schema as Json | undefined),
    required: p.required === true,
    description: String(p.description ?? ''),
  }))
}

function webhookEntries(document: Json): ReferenceWebhook[] {
  return Object.entries((document.webhooks ?? {}) as Record<string, { post: Json }>).map(([type, { post }]) => ({
    type,
    summary: String(post.summary ?? ''),
    description: String(post.description ?? ''),
    headers: parameterRows(post),
    body: schemaName(document, (post.requestBody as Json | undefined)?.content),
  }))
}

export function apiReference() {
  const document = apiDocument() as unknown as Json
  const operations: ReferenceOperation[] = []
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const scope = (operation.security as Array<Record<string, string[]>> | undefined)?.[0] ?? {}
      const scopeName = Object.values(scope)[0]?.[0]
      operations.push({
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ''),
        description: String(operation.description ?? ''),
        tag: ((operation.tags as string[] | undefined) ?? ['Other'])[0]!,
        scope: scopeName && isApiScope(scopeName) ? { name: scopeName, label: API_SCOPE_LABELS[scopeName].label } : null,
        parameters: parameterRows(operation),
        body: schemaName(document, (operation.requestBody as Json | undefined)?.content),
        answers: Object.entries(operation.responses as Record<string, Json>).map(([status, answer]) => {
          const resolved = resolve(document, answer)
          return { status, description: String(resolved.description ?? ''), schema: schemaName(document, resolved.content) }
        }),
      })
    }
  }
  const schemas = Object.entries(((document.components as Json).schemas ?? {}) as Record<string, Json>)
    .filter(([name]) => !/^Error\d+$/.test(name))
    .map(([name, schema]) => ({ name, description: String(schema.description ?? ''), fields: fieldRows(schema) }))
  const servers = document.servers as Array<{ url: string }>
  return { baseUrl: servers[0]!.url, operations, webhooks: webhookEntries(document), schemas }
}
