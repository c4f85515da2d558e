import { describe, expect, it } from 'vitest'
import {
  fieldsFor,
  fillRecipient,
  fillShared,
  mergeErrors,
  mergeTokens,
  renderMerge,
  testSubject,
  type MergeValues,
} from './follow-up-merge'

const values: MergeValues = {
  first_name: 'Ada',
  talk_title: 'Shipping <fast>',
  event_name: 'DevConf',
  offer_link: 'https://example.com/slides?a=1&b=2',
  sender_name: 'Grace Hopper',
}

describe('merge fields', () => {
  it('reads names and fallbacks, with or without spaces', () => {
    expect(mergeTokens('Hi {{first_name|there}}, {{ talk_title }} and {{ event_name | our event }}')).toEqual([
      { raw: '{{first_name|there}}', name: 'first_name', fallback: 'there' },
      { raw: '{{ talk_title }}', name: 'talk_title', fallback: null },
      { raw: '{{ event_name | our event }}', name: 'event_name', fallback: 'our event' },
    ])
  })

  it('refuses an unknown field by naming it', () => {
    expect(mergeErrors('Hi {{firstname|there}}', 'session')).toEqual([
      'Unknown merge field {{firstname|there}}: use {{first_name}}, {{talk_title}}, {{event_name}}, {{offer_link}} or {{sender_name}}.',
    ])
    expect(mergeErrors('{{ }}', 'segment')[0]).toMatch(/^Unknown merge field \{\{ \}\}/)
  })

  it('refuses a field the source cannot fill', () => {
    expect(mergeErrors('{{talk_title}}', 'segment')).toEqual([
      '{{talk_title}} cannot be filled in a follow-up to a saved segment: use {{first_name}} or {{sender_name}}.',
    ])
    expect(mergeErrors('{{offer_link}}', 'talk')).toHaveLength(1)
    expect(mergeErrors('{{event_name}}', 'event')).toEqual([])
    expect(mergeErrors('{{talk_title}} at {{event_name}}: {{offer_link}}', 'session')).toEqual([])
  })

  it('refuses braces left open', () => {
    expect(mergeErrors('Hi {{first_name', 'session')).toEqual(['A merge field is not closed: write it as {{first_name|there}}.'])
    expect(mergeErrors('Hi first_name}}', 'session')).toHaveLength(1)
    expect(mergeErrors('Hi {{first_name}} {', 'session')).toEqual([])
  })

  it('each field source pair: session fills all five, segment two', () => {
    expect(fieldsFor('session')).toHaveLength(5)
    expect(fieldsFor('segment')).toEqual(['first_name', 'sender_name'])
  })

  it('fills HTML with escaped values and plain text as it is', () => {
    expect(renderMerge('<p>{{talk_title}} — <a href="{{offer_link}}">slides</a></p>', values, { html: true })).toBe(
      '<p>Shipping &lt;fast&gt; — <a href="https://example.com/slides?a=1&amp;b=2">slides</a></p>',
    )
    expect(renderMerge('{{talk_title}}: thanks, {{first_name}}', values, { html: false })).toBe('Shipping <fast>: thanks, Ada')
  })

  it('uses the fallback for an empty value, else nothing; never leaves braces', () => {
    const empty = { ...values, first_name: '  ', event_name: null }
    expect(renderMerge('Hi {{first_name|there}}!', empty, { html: false })).toBe('Hi there!')
    expect(renderMerge('Hi {{first_name}}!', empty, { html: false })).toBe('Hi !')
    expect(renderMerge('At {{event_name|the conference}}', empty, { html: true })).toBe('At the conference')
    expect(renderMerge('{{nope}}x', values, { html: false })).toBe('x')
  })

  it('keeps a subject on one line and marks a test', () => {
    expect(renderMerge('Hi {{first_name}}', { ...values, first_name: 'A\r\nBcc: x' }, { html: false })).toBe('Hi A Bcc: x')
    expect(testSubject('Your slides')).toBe('[Test] Your slides')
  })
})

describe('merging for a send', () => {
  it('fills the shared fields once and the first name per recipient, as renderMerge does in one go', () => {
    const template =
      '<p>Hi {{first_name|there}}, {{talk_title}} at {{event_name|the event}}: <a href="{{offer_link}}">x</a> — {{sender_name}}</p>'
    const { first_name: _, ...shared } = values
    const frozen = fillShared(template, { ...shared, event_name: null }, { html: true })
    expect(frozen).toBe(
      '<p>Hi {{first_name|there}}, Shipping &lt;fast&gt; at the event: <a href="https://example.com/slides?a=1&amp;b=2">x</a> — Grace Hopper</p>',
    )
    expect(fillRecipient(frozen, 'Ada', { html: true })).toBe(
      renderMerge(template, { ...values, event_name: null }, { html: true }),
    )
    expect(fillRecipient(frozen, null, { html: true })).toContain('Hi there,')
    expect(
      fillRecipient(fillShared('{{talk_title}} for {{first_name}}', shared, { html: false }), 'Linus', { html: false }),
    ).toBe('Shipping <fast> for Linus')
  })
})
