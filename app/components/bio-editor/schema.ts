import { Schema, type DOMOutputSpec, type Node as PMNode, type NodeSpec } from 'prosemirror-model'
import { tableNodes } from 'prosemirror-tables'
import { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_WIDTH } from '~/lib/constants'
import { isAllowedEditorLink } from '~/lib/url'
import { isAllowedEmbedSrc } from '~/lib/video-embed'

// The bio document model: what the toolbar can make is exactly what the server sanitizer keeps.

export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const
export type Alignment = (typeof ALIGNMENTS)[number]

const alignAttr = { align: { default: null as Alignment | null } }
function readAlign(dom: HTMLElement): Alignment | null {
  const value = dom.style.textAlign as Alignment
  return ALIGNMENTS.includes(value) ? value : null
}
const alignStyle = (node: PMNode) => (node.attrs.align ? { style: `text-align: ${node.attrs.align}` } : {})

const paragraph: NodeSpec = {
  group: 'block',
  content: 'inline*',
  attrs: alignAttr,
  parseDOM: [{ tag: 'p', getAttrs: (dom) => ({ align: readAlign(dom) }) }],
  toDOM: (node): DOMOutputSpec => ['p', alignStyle(node), 0],
}

const heading: NodeSpec = {
  group: 'block',
  content: 'inline*',
  defining: true,
  attrs: { level: { default: 1 }, ...alignAttr },
  parseDOM: [1, 2, 3].map((level) => ({ tag: `h${level}`, getAttrs: (dom: HTMLElement) => ({ level, align: readAlign(dom) }) })),
  toDOM: (node): DOMOutputSpec => [`h${node.attrs.level as number}`, alignStyle(node), 0],
}

const iframe: NodeSpec = {
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  attrs: {
    src: {},
    width: { default: String(EMBED_DEFAULT_WIDTH) },
    height: { default: String(EMBED_DEFAULT_HEIGHT) },
    frameborder: { default: '0' },
    allow: { default: null },
    allowfullscreen: { default: true },
    title: { default: 'Embedded video' },
    referrerpolicy: { default: null },
  },
  parseDOM: [
    {
      tag: 'iframe[src]',
      getAttrs: (dom) => {
        const src = dom.getAttribute('src') ?? ''
        if (!isAllowedEmbedSrc(src)) return false
        return {
          src,
          width: dom.getAttribute('width') ?? String(EMBED_DEFAULT_WIDTH),
          height: dom.getAttribute('height') ?? String(EMBED_DEFAULT_HEIGHT),
          frameborder: dom.getAttribute('frameborder') ?? '0',
          allow: dom.getAttribute('allow'),
          allowfullscreen: dom.hasAttribute('allowfullscreen'),
          title: dom.getAttribute('title') || 'Embedded video',
          referrerpolicy: dom.getAttribute('referrerpolicy'),
        }
      },
    },
  ],
  toDOM: (node): DOMOutputSpec => {
    const a = node.attrs
    const attrs: Record<string, string> = {
      src: a.src as string,
      width: a.width as string,
      height: a.height as string,
      frameborder: a.frameborder as string,
      title: a.title as string,
    }
    if (a.allow) attrs.allow = a.allow as string
    if (a.allowfullscreen) attrs.allowfullscreen = 'true'
    if (a.referrerpolicy) attrs.referrerpolicy = a.referrerpolicy as string
    return ['iframe', attrs]
  },
}

export const bioSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph,
    heading,
    blockquote: {
      group: 'block',
      content: 'block+',
      defining: true,
      parseDOM: [{ tag: 'blockquote' }],
      toDOM: () => ['blockquote', 0],
    },
    code_block: {
      group: 'block',
      content: 'text*',
      marks: '',
      code: true,
      defining: true,
      parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
      toDOM: () => ['pre', ['code', 0]],
    },
    horizontal_rule: { group: 'block', parseDOM: [{ tag: 'hr' }], toDOM: () => ['hr'] },
    bullet_list: { group: 'block', content: 'list_item+', parseDOM: [{ tag: 'ul' }], toDOM: () => ['ul', 0] },
    ordered_list: { group: 'block', content: 'list_item+', parseDOM: [{ tag: 'ol' }], toDOM: () => ['ol', 0] },
    list_item: { content: 'paragraph block*', defining: true, parseDOM: [{ tag: 'li' }], toDOM: () => ['li', 0] },
    iframe,
    ...tableNodes({ tableGroup: 'block', cellContent: 'block+', cellAttributes: {} }),
    text: { group: 'inline' },
    image: {
      inline: true,
      group: 'inline',
      draggable: true,
      attrs: { src: {}, alt: { default: '' }, title: { default: null } },
      parseDOM: [
        {
          tag: 'img[src]',
          getAttrs: (dom) => ({
            src: dom.getAttribute('src'),
            alt: dom.getAttribute('alt') ?? '',
            title: dom.getAttribute('title'),
          }),
        },
      ],
      toDOM: (node): DOMOutputSpec => [
        'img',
        {
          src: node.attrs.src as string,
          alt: node.attrs.alt as string,
          ...(node.attrs.title ? { title: node.attrs.title as string } : {}),
        },
      ],
    },
    hard_break: { inline: true, group: 'inline', selectable: false, parseDOM: [{ tag: 'br' }], toDOM: () => ['br'] },
  },
  marks: {
    link: {
      attrs: { href: {} },
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          getAttrs: (dom) => (isAllowedEditorLink(dom.getAttribute('href') ?? '') ? { href: dom.getAttribute('href') } : false),
        },
      ],
      toDOM: (mark): DOMOutputSpec => ['a', { href: mark.attrs.href as string, rel: 'noopener noreferrer nofollow' }, 0],
    },
    strong: { parseDOM: [{ tag: 'strong' }, { tag: 'b' }, { style: 'font-weight=bold' }], toDOM: () => ['strong', 0] },
    em: { parseDOM: [{ tag: 'em' }, { tag: 'i' }], toDOM: () => ['em', 0] },
    underline: { parseDOM: [{ tag: 'u' }], toDOM: () => ['u', 0] },
    code: { parseDOM: [{ tag: 'code' }], toDOM: () => ['code', 0] },
  },
})
