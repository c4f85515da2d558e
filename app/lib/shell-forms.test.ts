import { describe, expect, it } from 'vitest'
import { ContactSchema, NewsletterSchema } from './shell-forms'

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))

describe('footer form schemas', () => {
  it('newsletter: email required and of email type, trimmed', () => {
    expect(messages(NewsletterSchema.safeParse({}))).toEqual({ email: 'Email is required' })
    expect(messages(NewsletterSchema.safeParse({ email: 'nope' }))).toEqual({ email: 'Please enter a valid email address' })
    expect(NewsletterSchema.parse({ email: '  Ana@Example.com ' })).toEqual({ email: 'Ana@Example.com' })
  })

  it('contact: name, email and message required (spec 000 §5)', () => {
    expect(messages(ContactSchema.safeParse({}))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    })
    expect(messages(ContactSchema.safeParse({ name: '  ', email: 'a@b.co', message: ' ' }))).toEqual({
      name: 'Name is required',
      message: 'Message is required',
    })
    expect(ContactSchema.parse({ name: ' Ana ', email: 'a@b.co', message: ' Hi ' })).toEqual({
      name: 'Ana',
      email: 'a@b.co',
      message: 'Hi',
    })
    expect(messages(ContactSchema.safeParse({ name: 'x'.repeat(201), email: 'a@b.co', message: 'x' })).name).toMatch(
      /at most 200/,
    )
  })
})
