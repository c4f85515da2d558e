import { describe, expect, it } from 'vitest'
import { canonicalJson, idempotencyFingerprintInput, isIdempotencyKey } from './api-idempotency'

describe('Idempotency-Key values', () => {
  it.each([
    ['4f7c1d2e-8a9b-4c3d-9e8f-0a1b2c3d4e5f', true],
    ['a', true],
    ['zap 123', true],
    ['x'.repeat(255), true],
    ['', false],
    [' leading', false],
    ['trailing ', false],
    ['x'.repeat(256), false],
    ['tab\there', false],
    ['ünïcode', false],
  ])('%j → %s', (key, ok) => {
    expect(isIdempotencyKey(key)).toBe(ok)
  })
})

describe('the fingerprint of "the same request"', () => {
  const url = (s: string) => new URL(s, 'http://x')
  it('ignores key order and whitespace in the body', () => {
    const a = idempotencyFingerprintInput(
      'POST',
      url('/api/v1/leads'),
      JSON.parse('{"a":1,"b":{"d":[1,{"y":2,"x":1}],"c":null}}'),
    )
    const b = idempotencyFingerprintInput(
      'post',
      url('/api/v1/leads'),
      JSON.parse('{ "b": {"c": null, "d": [1, {"x":1,"y":2}]}, "a": 1 }'),
    )
    expect(a).toBe(b)
  })

  it('tells apart another body, path, method or query', () => {
    const base = idempotencyFingerprintInput('POST', url('/api/v1/leads?x=1&y=2'), { a: 1 })
    expect(idempotencyFingerprintInput('POST', url('/api/v1/leads?y=2&x=1'), { a: 1 })).toBe(base)
    expect(idempotencyFingerprintInput('POST', url('/api/v1/leads?x=1&y=2'), { a: 2 })).not.toBe(base)
    expect(idempotencyFingerprintInput('POST', url('/api/v1/leads?x=1&y=2'), { a: '1' })).not.toBe(base)
    expect(idempotencyFingerprintInput('POST', url('/api/v1/talks?x=1&y=2'), { a: 1 })).not.toBe(base)
    expect(idempotencyFingerprintInput('PATCH', url('/api/v1/leads?x=1&y=2'), { a: 1 })).not.toBe(base)
    expect(idempotencyFingerprintInput('POST', url('/api/v1/leads?x=1'), { a: 1 })).not.toBe(base)
    expect(idempotencyFingerprintInput('POST', url('/api/v1/leads?x=1&y=2'), [1, 2])).not.toBe(
      idempotencyFingerprintInput('POST', url('/api/v1/leads?x=1&y=2'), [2, 1]),
    )
  })

  it('writes canonical JSON', () => {
    expect(canonicalJson({ b: [true, null, 'é'], a: { d: 1, c: undefined } })).toBe('{"a":{"d":1},"b":[true,null,"é"]}')
    expect(canonicalJson(undefined)).toBe('')
  })
})
