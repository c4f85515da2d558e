import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { CODE_CONSTRAINT, REQUEST_LINK_CONSTRAINT } from '~/auth/magic-link-form'
import { CodeSchema, RequestLinkSchema } from '~/auth/magic-link-schema'
import { NewsletterSchema } from '~/lib/shell-forms'
import { controlProps, serverResult } from './server-result'

function reply(fields: Record<string, string>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return parseWithZod(form, { schema: NewsletterSchema }).reply()
}

describe('serverResult / controlProps (forms validated on the server only)', () => {
  it('shows the server’s field errors, wired to the control, and keeps what was typed', () => {
    const result = serverResult(reply({ email: 'not-an-email' }))
    expect(result.errors('email')?.length).toBeGreaterThan(0)
    expect(controlProps('f', 'email', result)).toEqual({
      id: 'f-email',
      name: 'email',
      defaultValue: 'not-an-email',
      'aria-invalid': true,
      'aria-describedby': 'f-email-error',
    })
  })

  it('has nothing to say before a submission or after a success', () => {
    for (const result of [serverResult(undefined), serverResult(reply({ email: 'a@b.co' }))]) {
      expect(result.errors('email')).toBeUndefined()
      expect(result.formErrors).toBeUndefined()
      expect(controlProps('f', 'email', result)['aria-invalid']).toBeUndefined()
    }
  })
})

describe('constraints written out for zod-free pages', () => {
  it('match the schemas the server validates with', () => {
    expect(REQUEST_LINK_CONSTRAINT).toEqual(getZodConstraint(RequestLinkSchema))
    const code = getZodConstraint(CodeSchema).code!
    expect(CODE_CONSTRAINT.code.required).toBe(code.required)
    // zod writes the same rule as a lookahead; both accept exactly six digits.
    for (const sample of ['123456', '12345', '1234567', 'abcdef', '12 456', ''])
      expect(new RegExp(CODE_CONSTRAINT.code.pattern).test(sample)).toBe(new RegExp(code.pattern!).test(sample))
  })
})
