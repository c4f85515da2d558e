import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { resourceRouteResponse } from './resource-route-response.js'

RuleTester.describe = describe
RuleTester.it = it
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } })

tester.run('resource-route-response', resourceRouteResponse, {
  valid: [
    // A page route may use data(): its document/single-fetch response keeps the status.
    `import { data } from '@remix-run/node'
     export async function action() { return data({ ok: false }, { status: 400 }) }
     export default function Page() { return null }`,
    `import { data as d } from '@remix-run/node'
     export function loader() { return d({}) }
     function Page() { return null }
     export { Page as default }`,
    // A resource route answering with a real Response.
    `export async function action() { return Response.json({ error: 'Unknown event' }, { status: 400 }) }`,
    // Some other data() is none of our business.
    `import { data } from './local'
     export function loader() { return data() }`,
  ],
  invalid: [
    {
      code: `import { data } from '@remix-run/node'
             export async function action() { return data({ error: 'Unknown event' }, { status: 400 }) }`,
      errors: [{ messageId: 'useResponse' }],
    },
    {
      code: `import { json as j, redirect } from '@remix-run/node'
             export function loader() { if (Math.random()) throw redirect('/'); return j({ a: 1 }, 404) }`,
      errors: [{ messageId: 'useResponse' }],
    },
  ],
})
