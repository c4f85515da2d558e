// A route module without a default export is a resource route: with single fetch, `data(body,
// { status })` (or `json()`) returned from it reaches the client as HTTP 200 with the status lost.
// Resource routes return a real Response (`Response.json(body, { status })`, `new Response(…)`).

const REMIX_PACKAGES = new Set(['@remix-run/node', '@remix-run/react', '@remix-run/server-runtime', 'react-router'])
const HELPERS = new Set(['data', 'json'])

/** @type {import('eslint').Rule.RuleModule} */
export const resourceRouteResponse = {
  meta: {
    type: 'problem',
    docs: { description: 'Resource routes (no default export) must return a Response, not data()/json()' },
    messages: {
      useResponse:
        'This route has no component, so `{{name}}()` loses its status on the wire (single fetch). Return `Response.json(body, { status })` or `new Response(…)` instead.',
    },
    schema: [],
  },
  create(context) {
    const locals = new Map()
    const calls = []
    let hasDefault = false
    return {
      ImportDeclaration(node) {
        if (!REMIX_PACKAGES.has(String(node.source.value))) return
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && HELPERS.has(spec.imported.name)) locals.set(spec.local.name, spec.imported.name)
        }
      },
      ExportDefaultDeclaration() {
        hasDefault = true
      },
      ExportSpecifier(node) {
        if (node.exported.name === 'default') hasDefault = true
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && locals.has(node.callee.name)) calls.push(node)
      },
      'Program:exit'() {
        if (hasDefault) return
        for (const node of calls) {
          context.report({ node, messageId: 'useResponse', data: { name: locals.get(node.callee.name) } })
        }
      },
    }
  },
}

export const lecternPlugin = { rules: { 'resource-route-response': resourceRouteResponse } }
