import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'

// Checks an answer of /api/v1 against the OpenAPI document (issue 30 Deliver 6): the status must be
// declared for the operation, the body must match the declared schema (JSON Schema 2020-12, as
// OpenAPI 3.1 has it) and the declared required headers must be there. Every API test runs its
// answers through expectDocumented, so the document cannot drift from what the server says.

type Json = Record<string, unknown>
export type OpenApiDocument = Json & { paths: Record<string, Record<string, Json>> }

const validators = new WeakMap<OpenApiDocument, Ajv2020>()

function ajvFor(document: OpenApiDocument) {
  let ajv = validators.get(document)
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats.default(ajv)
    // The whole document under one id, so a schema's $ref into #/components resolves.
    ajv.addSchema(document, 'openapi')
    validators.set(document, ajv)
  }
  return ajv
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')

function resolve(document: OpenApiDocument, value: Json): { value: Json; pointer: string | null } {
  const ref = value.$ref
  if (typeof ref !== 'string') return { value, pointer: null }
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')], document)
  return { value: target as Json, pointer: ref.slice(1) }
}

/** The path template of the document (`/leads/{id}`) that a concrete path below /api/v1 falls under. */
export function documentedPath(document: OpenApiDocument, path: string) {
  return Object.keys(document.paths).find((template) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+\}/g, '[^/]+')}$`).test(path),
  )
}

/**
 * Asserts that `response` (already read into `body`) is what the document declares for this
 * method and path (below /api/v1, e.g. '/me' or '/leads/123'). Returns the body for chaining.
 */
export function expectDocumented(
  document: OpenApiDocument,
  method: string,
  path: string,
  response: { status: number; headers: Headers },
  body: unknown,
) {
  const template = documentedPath(document, path)
  expect(template, `${method} ${path} is not in the document`).toBeDefined()
  const operation = document.paths[template!]![method.toLowerCase()] as Json | undefined
  expect(operation, `${method} ${template} is not in the document`).toBeDefined()
  const responses = operation!.responses as Record<string, Json>
  const declared = responses[String(response.status)]
  expect(declared, `${method} ${template} does not declare ${response.status}`).toBeDefined()
  const base = `/paths/${escape(template!)}/${method.toLowerCase()}/responses/${response.status}`
  const { value: resolved, pointer } = resolve(document, declared!)
  const at = pointer ?? base
  for (const [name, header] of Object.entries((resolved.headers ?? {}) as Record<string, Json>)) {
    if (header.required) expect(response.headers.get(name), `header ${name} of ${response.status}`).not.toBeNull()
  }
  const content = resolved.content as Record<string, Json> | undefined
  if (!content) {
    expect(body, `${response.status} declares no body`).toBeNull()
    return body
  }
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
  const validate = ajvFor(document).getSchema(`openapi#${at}/content/application~1json/schema`)
  expect(validate, `no schema at ${at}`).toBeDefined()
  const ok = validate!(body)
  expect(ok, `${method} ${path} ${response.status}: ${JSON.stringify(validate!.errors)}\n${JSON.stringify(body)}`).toBe(true)
  return body
}

/** Reads a fetch Response's JSON (null for an empty body) and checks it against the document. */
export async function documentedJson<T = Json>(document: OpenApiDocument, method: string, path: string, response: Response) {
  const text = await response.text()
  const body = text === '' ? null : (JSON.parse(text) as unknown)
  expectDocumented(document, method, path, response, body)
  return body as T
}
