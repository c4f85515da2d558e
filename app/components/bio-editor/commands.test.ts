import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import type { Node as PMNode } from 'prosemirror-model'
import { EditorState, TextSelection, type Command } from 'prosemirror-state'
import {
  blockActive,
  countWords,
  IFRAME_INVALID,
  IFRAME_PARSE_FAILED,
  insertIframe,
  parseIframeCode,
  toggleHeading,
} from './commands'
import { bioSchema } from './schema'

const parse = (html: string) => new JSDOM(html).window.document

describe('parseIframeCode (spec 001 §2, §5)', () => {
  it('needs an iframe element', () => {
    expect(parseIframeCode('<div>video</div>', parse)).toEqual({ ok: false, error: IFRAME_INVALID })
    expect(IFRAME_INVALID).toBe('Invalid iframe code. Please paste a valid iframe element.')
  })

  it('reports a parser failure with the spec message', () => {
    const failing = () => {
      throw new Error('boom')
    }
    expect(parseIframeCode('<iframe>', failing)).toEqual({ ok: false, error: IFRAME_PARSE_FAILED })
    expect(IFRAME_PARSE_FAILED).toBe('Failed to parse iframe code. Please check the format and try again.')
  })

  it('keeps the spec attributes and defaults to 560×315', () => {
    const result = parseIframeCode(
      '<iframe src="https://www.youtube.com/embed/abc" allow="autoplay" allowfullscreen referrerpolicy="strict-origin" onload="x()" style="a"></iframe>',
      parse,
    )
    expect(result).toEqual({
      ok: true,
      attrs: {
        src: 'https://www.youtube.com/embed/abc',
        width: '560',
        height: '315',
        frameborder: '0',
        allow: 'autoplay',
        allowfullscreen: true,
        title: 'Embedded video',
        referrerpolicy: 'strict-origin',
      },
    })
  })

  it('refuses frames that are not video players over https', () => {
    for (const src of ['http://www.youtube.com/embed/abc', 'https://evil.example/embed/abc', 'javascript:alert(1)']) {
      expect(parseIframeCode(`<iframe src="${src}"></iframe>`, parse).ok).toBe(false)
    }
  })
})

describe('countWords', () => {
  it('counts words separated by any whitespace', () => {
    expect(countWords('  About me  Bold\nwords ')).toBe(4)
    expect(countWords('')).toBe(0)
  })
})

describe('headings and embedded frames in the editor (issue 14)', () => {
  const nodes = bioSchema.nodes
  const text = (s: string) => bioSchema.text(s)
  const p = (s = '') => nodes.paragraph!.create(null, s ? text(s) : null)
  const h = (level: number, s: string) => nodes.heading!.create({ level }, text(s))
  const stateOf = (blocks: PMNode[], cursor: number) => {
    const doc = nodes.doc!.create(null, blocks)
    return EditorState.create({ doc, selection: TextSelection.create(doc, cursor) })
  }
  const run = (state: EditorState, command: Command) => {
    let next = state
    command(state, (tr) => (next = state.apply(tr)))
    return next
  }
  const shape = (state: EditorState) => {
    const out: string[] = []
    state.doc.forEach((n) =>
      out.push(n.type.name === 'heading' ? `h${n.attrs.level}:${n.textContent}` : `${n.type.name}:${n.textContent}`),
    )
    return out
  }

  it('inside an H1 only Heading 1 is active', () => {
    const state = stateOf([h(1, 'Title')], 3)
    expect([1, 2, 3].map((level) => blockActive(state, nodes.heading!, { level }))).toEqual([true, false, false])
  })

  it('Heading 2 turns an H1 into an H2 in one step; pressing it again gives a paragraph', () => {
    const h2 = run(stateOf([h(1, 'Title')], 3), toggleHeading(2))
    expect(shape(h2)).toEqual(['h2:Title'])
    expect(shape(run(h2, toggleHeading(2)))).toEqual(['paragraph:Title'])
  })

  it.each([
    ['after the last paragraph', [p('Hello')], 6, ['paragraph:Hello', 'iframe:', 'paragraph:']],
    ['in an empty document', [p()], 1, ['iframe:', 'paragraph:']],
    ['between two paragraphs', [p('ab'), p('cd')], 3, ['paragraph:ab', 'iframe:', 'paragraph:cd']],
    ['in the middle of a paragraph', [p('abcd')], 3, ['paragraph:ab', 'iframe:', 'paragraph:cd']],
  ])('a frame inserted %s leaves the cursor in the paragraph after it', (_name, blocks, cursor, expected) => {
    const state = run(stateOf(blocks, cursor), insertIframe({ src: 'https://www.youtube.com/embed/abc' }))
    expect(shape(state)).toEqual(expected)
    expect(state.selection).toBeInstanceOf(TextSelection)
    expect(state.selection.$from.parent.type).toBe(nodes.paragraph)
    const frameIndex = expected.indexOf('iframe:')
    expect(state.selection.$from.index(0)).toBe(frameIndex + 1)
    // The next keystroke types into that paragraph; the frame stays.
    const typed = run(state, (s, dispatch) => {
      dispatch?.(s.tr.insertText('x'))
      return true
    })
    expect(shape(typed)).toContain('iframe:')
    expect(shape(typed)[frameIndex + 1]).toMatch(/^paragraph:x/)
  })
})
