import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 21 Deliver 5: a form can never write into a workspace other than the one its page showed.
// Every form of a /app page posts through WorkspaceForm (or useWorkspaceAction), which adds
// `?workspace=` of the page. This reads the sources of every /app route module and of every module
// they import (transitively, inside app/), and fails on a POST form that bypasses it: Remix's
// <Form method="post">, a fetcher's <fetcher.Form method="post">, or a plain <form method="post">.

const APP = path.resolve('app')
const ROUTES = path.join(APP, 'routes')
const EXTENSIONS = ['.tsx', '.ts', '/route.tsx', '/index.tsx', '/index.ts']

function resolveImport(from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = path.join(APP, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  if (/\.(tsx?|md)(\?raw)?$/.test(base)) return existsSync(base) && base.endsWith('.tsx') ? base : null
  for (const ext of EXTENSIONS) {
    const candidate = base + ext
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The /app route modules on disk (flat files and folder routes, with their helpers). */
function appRouteFiles() {
  const files: string[] = []
  for (const entry of readdirSync(ROUTES)) {
    if (!/^app(\.|$)/.test(entry)) continue
    const full = path.join(ROUTES, entry)
    if (statSync(full).isDirectory())
      for (const f of readdirSync(full)) {
        if (/\.tsx?$/.test(f) && !/\.test\./.test(f)) files.push(path.join(full, f))
      }
    else if (/\.tsx?$/.test(entry) && !/\.test\./.test(entry)) files.push(full)
  }
  return files
}

/** Every module under app/ reachable from the /app routes by static imports. */
function reachableModules() {
  const seen = new Set<string>()
  const queue = appRouteFiles()
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, match[1]!)
      if (target && target.startsWith(APP) && !target.includes(`${path.sep}routes${path.sep}app.tsx`)) queue.push(target)
    }
  }
  return [...seen]
}

/**
 * Modules an /app page renders whose POST forms write nothing that belongs to a workspace, and why.
 * A new entry needs the same kind of reason.
 */
const NOT_WORKSPACE_FORMS = new Map([
  // The component that wraps Remix's <Form> is the one allowed to render it.
  ['app/components/workspace/workspace-form.tsx', 'WorkspaceForm itself'],
  ['app/components/layout/site-header.tsx', 'Log out (/logout): the person, not a workspace'],
  ['app/components/layout/modal-host.tsx', 'the optional-widgets consent (/cookie-settings): the browser'],
  ['app/components/speakers/profile-submissions.tsx', 'Logout (/logout) on the Profile page'],
  ['app/components/speakers/speaker-form.tsx', "the person's own directory profile (per person, not per workspace)"],
])

/** POST forms that do not go through WorkspaceForm, as `file: line`. */
export function rawPostForms(file: string, source = readFileSync(file, 'utf8')) {
  const found: string[] = []
  // A JSX opening tag of Form / fetcher.Form / form, up to its closing '>' (attributes may span lines).
  for (const match of source.matchAll(/<(Form|[A-Za-z]+\.Form|form)\b([^>]*)>/g)) {
    if (!/method\s*=\s*(\{\s*)?['"]post['"]/i.test(match[2]!)) continue
    const line = source.slice(0, match.index).split('\n').length
    found.push(`${path.relative(process.cwd(), file)}:${line}`)
  }
  return found
}

describe('every form of a /app page posts through WorkspaceForm', () => {
  const modules = reachableModules()

  it('reads the /app routes and what they import', () => {
    expect(modules.some((f) => f.endsWith(path.join('routes', 'app.leads._index', 'route.tsx')))).toBe(true)
    // The delete confirmations shared with the admin lists are reached through the /app pages.
    expect(modules.some((f) => f.endsWith(path.join('components', 'content', 'confirm-submit.tsx')))).toBe(true)
  })

  it('finds a raw POST form when there is one (the check can fail)', () => {
    expect(rawPostForms('x.tsx', 'const a = <Form method="post" action="/x">')).toEqual(['x.tsx:1'])
    expect(rawPostForms('x.tsx', 'const a = (\n  <fetcher.Form\n    method="post"\n  >')).toEqual(['x.tsx:2'])
    expect(rawPostForms('x.tsx', "<form method='POST'>")).toEqual(['x.tsx:1'])
    expect(rawPostForms('x.tsx', '<Form method="get" action="/app/leads">')).toEqual([])
    expect(rawPostForms('x.tsx', '<WorkspaceForm method="post">')).toEqual([])
  })

  it('has no POST form that bypasses it', () => {
    const offenders = modules
      .filter((f) => !NOT_WORKSPACE_FORMS.has(path.relative(process.cwd(), f)))
      .flatMap((f) => rawPostForms(f))
    expect(offenders, 'use WorkspaceForm (app/components/workspace/workspace-form.tsx)').toEqual([])
  })

  it('allows only forms that write nothing of a workspace', () => {
    for (const file of NOT_WORKSPACE_FORMS.keys()) expect(rawPostForms(path.resolve(file)).length, file).toBeGreaterThan(0)
  })

  it('has no fetcher that posts without useWorkspaceAction', () => {
    const offenders = modules.filter((f) => {
      const source = readFileSync(f, 'utf8')
      return /\.submit\([^)]*method:\s*['"]post['"]/i.test(source) && !source.includes('useWorkspaceAction')
    })
    expect(offenders).toEqual([])
  })
})
