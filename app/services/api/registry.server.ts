import type { ApiMethod, ApiOperation } from './operation.server'
import { EVENT_OPERATIONS } from './operations/events.server'
import { LEAD_OPERATIONS } from './operations/leads.server'
import { getMe } from './operations/me.server'
import { SESSION_OPERATIONS } from './operations/sessions.server'
import { TALK_OPERATIONS } from './operations/talks.server'
import { WEBHOOK_OPERATIONS } from './operations/webhooks.server'

// Every operation of /api/v1, in the order the reference lists them (issue 30; docs/api.md "Adding
// an endpoint"). Routing (handler.server.ts), validation and the OpenAPI document (document.server.ts)
// all read this list: an operation listed here is served, checked and documented; nothing else is.
export const API_OPERATIONS: readonly ApiOperation[] = [
  getMe,
  ...LEAD_OPERATIONS,
  ...TALK_OPERATIONS,
  ...SESSION_OPERATIONS,
  ...EVENT_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
]

type Compiled = { operation: ApiOperation; pattern: RegExp; names: string[] }

function compile(operation: ApiOperation): Compiled {
  const names: string[] = []
  const source = operation.path
    .split('/')
    .map((segment) => {
      const param = /^\{([a-z_][a-z0-9_]*)\}$/i.exec(segment)
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(param[1]!)
      return '([^/]+)'
    })
    .join('/')
  return { operation, pattern: new RegExp(`^${source}$`), names }
}

const compiled = API_OPERATIONS.map(compile)

export type OperationMatch =
  | { kind: 'found'; operation: ApiOperation; params: Record<string, string> }
  | { kind: 'method'; allow: ApiMethod[] }
  | { kind: 'none' }

/** The operation for a method and a path below /api/v1; a path with other methods only → their list (405). */
export function matchOperation(method: string, path: string, operations = compiled): OperationMatch {
  const allow: ApiMethod[] = []
  // HEAD is a GET without its body (Node drops it).
  const wanted = method === 'HEAD' ? 'GET' : method
  for (const { operation, pattern, names } of operations) {
    const m = pattern.exec(path)
    if (!m) continue
    if (operation.method !== wanted) {
      allow.push(operation.method)
      continue
    }
    const params: Record<string, string> = {}
    try {
      names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)))
    } catch {
      // A broken %-escape names no object.
      return { kind: 'none' }
    }
    return { kind: 'found', operation, params }
  }
  return allow.length ? { kind: 'method', allow } : { kind: 'none' }
}

export type CompiledOperations = Compiled[]

/** Operations ready for matchOperation (the wrapper compiles the registry once; tests their own lists). */
export function compileOperations(operations: readonly ApiOperation[]): CompiledOperations {
  return operations.map(compile)
}
