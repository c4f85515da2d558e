import { describe, expect, it } from 'vitest'
import { startupApplicationSchema } from './startup-application'

const valid = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  companyName: 'Engines Ltd',
  website: '',
  yearFounded: '2023',
  employees: '7',
  revenueStage: '<$100k',
  role: '',
  why: '',
}

const errorsOf = (input: Record<string, unknown>, year = 2026) => {
  const r = startupApplicationSchema(year).safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('startupApplicationSchema', () => {
  it('accepts a valid application, converting year and employees to integers and blanks to undefined', () => {
    const r = startupApplicationSchema(2026).parse(valid)
    expect(r).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      companyName: 'Engines Ltd',
      yearFounded: 2023,
      employees: 7,
      revenueStage: '<$100k',
    })
  })

  it.each(['<$100k', '$100k-$500k', '>$500k'])('accepts revenue stage %s', (stage) => {
    expect(errorsOf({ ...valid, revenueStage: stage })).toEqual({})
  })

  it('requires full name, email, company, year, employees and revenue stage', () => {
    expect(errorsOf({})).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      companyName: 'Company name is required',
      yearFounded: 'Year founded is required',
      employees: 'Number of employees is required',
      revenueStage: 'Please choose your annual revenue',
    })
  })

  it('checks the email format', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address' })
  })

  it('year founded runs from 2000 to the current year (decision 7)', () => {
    expect(errorsOf({ ...valid, yearFounded: '2000' })).toEqual({})
    expect(errorsOf({ ...valid, yearFounded: '2026' })).toEqual({})
    expect(errorsOf({ ...valid, yearFounded: '1999' })).toEqual({ yearFounded: 'Year founded must be 2000 or later' })
    expect(errorsOf({ ...valid, yearFounded: '2027' })).toEqual({ yearFounded: 'Year founded cannot be later than 2026' })
    expect(errorsOf({ ...valid, yearFounded: '2020.5' })).toEqual({ yearFounded: 'Year founded must be a whole number' })
    expect(errorsOf({ ...valid, yearFounded: 'abc' })).toEqual({ yearFounded: 'Year founded must be a number' })
  })

  it('employees is a plain whole number', () => {
    expect(errorsOf({ ...valid, employees: '0' })).toEqual({})
    expect(errorsOf({ ...valid, employees: '250' })).toEqual({})
    expect(errorsOf({ ...valid, employees: '2.5' })).toEqual({ employees: 'Number of employees must be a whole number' })
    expect(errorsOf({ ...valid, employees: '-1' })).toEqual({ employees: 'Number of employees cannot be negative' })
  })

  it('rejects an unknown revenue stage', () => {
    expect(errorsOf({ ...valid, revenueStage: '$1bn' })).toEqual({ revenueStage: 'Please choose your annual revenue' })
  })

  it('keeps optional fields when given', () => {
    const r = startupApplicationSchema(2026).parse({
      ...valid,
      website: ' https://engines.example ',
      role: 'CEO',
      why: 'Demo days',
    })
    expect(r).toMatchObject({ website: 'https://engines.example', role: 'CEO', why: 'Demo days' })
  })
})
