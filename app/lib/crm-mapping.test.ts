import { describe, expect, it } from 'vitest'
import { crmProperties, CrmMappingSchema, DEFAULT_HUBSPOT_MAP, fieldMapFromInput, type CrmPerson } from './crm-mapping'

const person: CrmPerson = {
  email: 'grace@navy.example',
  firstName: 'Grace',
  company: 'US Navy',
  jobTitle: null,
  phone: '  ',
  linkedinUrl: 'https://www.linkedin.com/in/grace',
  status: 'meeting',
  scoreBand: 'hot',
  tags: ['vip', 'cobol'],
  marketingConsent: false,
  lastSession: 'Nanoseconds · DevConf 2026',
  answers: { 'Your role': 'Engineering', 'Interested in': ['Slides', 'Workshop'], 'How useful?': 5, Empty: [] },
}

describe('crmProperties', () => {
  it('sends the mapped fields that have a value, HubSpot-formatted', () => {
    expect(crmProperties(person, DEFAULT_HUBSPOT_MAP)).toEqual({
      firstname: 'Grace',
      company: 'US Navy',
    })
  })

  it.each([
    ['status', 'lectern_status', 'meeting'],
    ['scoreBand', 'lectern_band', 'hot'],
    ['tags', 'lectern_tags', 'vip;cobol'],
    ['marketingConsent', 'lectern_consent', 'false'],
    ['lastSession', 'last_talk', 'Nanoseconds · DevConf 2026'],
    ['linkedinUrl', 'linkedin_url', 'https://www.linkedin.com/in/grace'],
    ['answer:Your role', 'role', 'Engineering'],
    ['answer:Interested in', 'interests', 'Slides;Workshop'],
    ['answer:How useful?', 'rating', '5'],
  ])('%s → %s = %s', (key, name, value) => {
    expect(crmProperties(person, { [key]: name })[name]).toBe(value)
  })

  it.each([
    ['a null field', 'jobTitle'],
    ['a blank field', 'phone'],
    ['an empty list', 'answer:Empty'],
    ['an answer the person never gave', 'answer:Budget'],
  ])('leaves out %s', (_, key) => {
    expect(crmProperties(person, { [key]: 'some_property' })).toEqual({})
  })
})

describe('the mapping form', () => {
  const parse = (value: Record<string, unknown>) => CrmMappingSchema.safeParse(value)
  const issues = (value: Record<string, unknown>) => (parse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message])

  it('accepts internal names and empty fields, trimmed', () => {
    const result = parse({
      firstName: ' firstname ',
      company: '',
      tags: 'lectern_tags_2',
      answers: [{ label: 'Role', property: 'role' }],
    })
    expect(result.success).toBe(true)
    expect(fieldMapFromInput(result.data!)).toEqual({ firstName: 'firstname', tags: 'lectern_tags_2', 'answer:Role': 'role' })
  })

  it.each([
    ['First Name', /internal name/],
    ['1st_name', /internal name/],
    ['first-name', /internal name/],
    ['_name', /internal name/],
    ['email', /email always receives the email address/],
    ['a'.repeat(101), /At most 100 characters/],
  ])('refuses %j', (name, message) => {
    const [issue] = issues({ firstName: name })
    expect(issue?.[0]).toBe('firstName')
    expect(issue?.[1]).toMatch(message)
  })

  it('refuses a property given twice, on the later field', () => {
    expect(issues({ firstName: 'firstname', company: 'firstname', answers: [{ label: 'Role', property: 'firstname' }] })).toEqual(
      [
        ['company', 'firstname already receives First name'],
        ['answers.0.property', 'firstname already receives First name'],
      ],
    )
  })
})
