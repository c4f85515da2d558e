import { effectiveScopes, isApiKeyFormat, keyRoleAllowed, shouldRecordUse } from '~/lib/api-keys'
import { sessionsScope } from '~/auth/workspace.server'
import { seesEveryLead } from '~/lib/permissions'
import { apiNotInPlanMessage, hasApi } from '~/lib/plans'
import { findApiKeyByHash, hashApiKey, recordApiKeyUse, type ApiKeyRecord } from '~/models/api-keys.server'
import { ApiError, type ApiContext } from './operation.server'

// Who a request to /api/v1 is (issue 30 Deliver 1 and 3): the bearer key, looked up by its hash with
// its workspace and its creator's membership as they are now. The API never reads the session
// cookie, so a browser's cookies reach nothing here (no CSRF through /api/v1).

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api"' }

export const AUTH_MESSAGES = {
  missing: 'Send your API key in the Authorization header: "Authorization: Bearer lec_…" (Settings → API).',
  malformed: 'The Authorization header must be "Bearer " followed by an API key that starts with lec_.',
  unknown: 'This API key is not valid.',
  revoked: 'This API key was revoked.',
  expired: 'This API key has expired.',
  creatorLeft:
    'This API key stopped working: the person who created it is no longer a member of the workspace. Create a new key in Settings → API.',
  creatorRole:
    'This API key stopped working: the person who created it is no longer an owner or admin of the workspace. Create a new key in Settings → API.',
} as const

const unauthorized = (message: string) => new ApiError('unauthorized', message, undefined, CHALLENGE)

/** The context of the request's key, or a thrown ApiError (401; 403 for the plan or the creator's role). */
export async function authenticateApiKey(request: Request, requestId: string, now = new Date()): Promise<ApiContext> {
  const header = request.headers.get('Authorization')
  if (!header) throw unauthorized(AUTH_MESSAGES.missing)
  const match = /^Bearer +(\S+)\s*$/i.exec(header)
  if (!match || !isApiKeyFormat(match[1]!)) throw unauthorized(AUTH_MESSAGES.malformed)
  const key = await findApiKeyByHash(hashApiKey(match[1]!))
  if (!key) throw unauthorized(AUTH_MESSAGES.unknown)
  const ctx = apiKeyContext(key, requestId, now)
  if (shouldRecordUse(key.lastUsedAt, now)) await recordApiKeyUse(key.id, now)
  return ctx
}

/**
 * What a key may do now, as its creator's current membership allows, or a thrown ApiError. The one
 * rule for a request and for the webhook subscriptions made with the key (sent only while it works).
 */
export function apiKeyContext(key: ApiKeyRecord, requestId: string, now = new Date()): ApiContext {
  if (key.revokedAt) throw unauthorized(AUTH_MESSAGES.revoked)
  if (key.expiresAt && key.expiresAt <= now) throw unauthorized(AUTH_MESSAGES.expired)
  if (!key.creator || !key.role) throw unauthorized(AUTH_MESSAGES.creatorLeft)
  if (!hasApi(key.workspace.plan)) throw new ApiError('forbidden', apiNotInPlanMessage(key.workspace.plan))
  if (!keyRoleAllowed(key.role)) throw new ApiError('forbidden', AUTH_MESSAGES.creatorRole)
  const { workspace, creator, role } = key
  const scope = {
    ownerId: workspace.id,
    userId: creator.id,
    runnerId: seesEveryLead(role, workspace.membersSeeAllLeads) ? null : creator.id,
  }
  return {
    key: { id: key.id, name: key.name },
    workspace,
    actor: creator,
    role,
    scopes: effectiveScopes(key.scopes, role),
    scope,
    // The app's own rules for sessions (who reads, who changes them), from the same guard module.
    sessionsScope: {
      read: sessionsScope({ ...scope, role, workspace }, 'read'),
      change: sessionsScope({ ...scope, role, workspace }, 'change'),
    },
    requestId,
  }
}
