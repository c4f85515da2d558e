// Rewrites imports of the old single schema module (`~/db/schema`, `../app/db/schema`, `./schema`)
// into one import per domain file of app/db/schema/ (no barrel file: STYLE.md). Run it after a
// rebase on a branch that still imports the old path:
//   node scripts/codemod-schema-imports.mjs [files or folders…]   (default: app server scripts tests)
// then `npx prettier --write` the files it names. It only moves names between import lines; what it
// cannot rewrite (`import * as`, `await import(…)`) it lists for a hand edit.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const schemaDir = path.join(root, 'app/db/schema')

// Which domain file exports each name.
const home = new Map()
for (const file of readdirSync(schemaDir)) {
  if (!file.endsWith('.ts')) continue
  const domain = file.slice(0, -3)
  const text = readFileSync(path.join(schemaDir, file), 'utf8')
  for (const m of text.matchAll(/^export (?:const|type|function|enum|interface) (\w+)/gm)) home.set(m[1], domain)
}

function walk(target, out) {
  const stat = statSync(target)
  if (stat.isDirectory()) {
    if (['node_modules', '.git', 'build', 'test-results'].includes(path.basename(target))) return
    for (const entry of readdirSync(target)) walk(path.join(target, entry), out)
  } else if (/\.(ts|tsx|mjs|js)$/.test(target)) out.push(target)
}

/** The specifier names the old module (not a domain file) from this file. */
function isOldSchema(file, spec) {
  if (spec === '~/db/schema') return true
  if (!spec.startsWith('.')) return false
  return path.resolve(path.dirname(file), spec) === schemaDir
}

const importRe = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+(['"])([^'"]+)\3/g
const changed = []
const manual = []
const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['app', 'server', 'scripts', 'tests']
const files = []
for (const t of targets) walk(path.resolve(root, t), files)

for (const file of files) {
  if (file.startsWith(schemaDir + path.sep) || file === new URL(import.meta.url).pathname) continue
  const before = readFileSync(file, 'utf8')
  const after = before.replace(importRe, (whole, typeOnly, list, quote, spec) => {
    if (!isOldSchema(file, spec)) return whole
    const groups = new Map()
    for (const raw of list.split(',')) {
      const item = raw.trim()
      if (!item) continue
      const name = item
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim()
      const domain = home.get(name)
      if (!domain) throw new Error(`${path.relative(root, file)}: ${name} is in no file of app/db/schema/`)
      if (!groups.has(domain)) groups.set(domain, [])
      groups.get(domain).push(item)
    }
    return [...groups.keys()]
      .sort()
      .map((domain) => `import ${typeOnly ?? ''}{ ${groups.get(domain).join(', ')} } from ${quote}${spec}/${domain}${quote}`)
      .join('\n')
  })
  if (after !== before) {
    writeFileSync(file, after)
    changed.push(path.relative(root, file))
  }
  for (const m of after.matchAll(/(import\s+\*\s+as\s+\w+\s+from|import\()\s*(['"])([^'"]+)\2/g)) {
    if (isOldSchema(file, m[3])) manual.push(`${path.relative(root, file)}: ${m[0]}`)
  }
}

console.log(changed.join('\n'))
if (manual.length) console.error(`\nTo rewrite by hand:\n${manual.join('\n')}`)
