import { setBlockType, toggleMark, wrapIn, lift } from 'prosemirror-commands'
import type { MarkType, Node as PMNode, NodeType } from 'prosemirror-model'
import { TextSelection, type Command, type EditorState } from 'prosemirror-state'
import { wrapInList, liftListItem } from 'prosemirror-schema-list'
import {
  EMBED_DEFAULT_HEIGHT,
  EMBED_DEFAULT_WIDTH,
  EMBED_FRAME_ATTRIBUTES,
  NEW_TABLE_COLS,
  NEW_TABLE_HEADER_ROW,
  NEW_TABLE_ROWS,
} from '~/lib/constants'
import { isAllowedEmbedSrc } from '~/lib/video-embed'
import { bioSchema, type Alignment } from './schema'

export const IFRAME_INVALID = 'Invalid iframe code. Please paste a valid iframe element.'
export const IFRAME_PARSE_FAILED = 'Failed to parse iframe code. Please check the format and try again.'
export const IFRAME_HOST_REFUSED = 'Only YouTube, Vimeo and Loom players over https can be embedded.'

export function markActive(state: EditorState, type: MarkType) {
  const { from, $from, to, empty } = state.selection
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()))
  return state.doc.rangeHasMark(from, to, type)
}

/** Whether the selection is in (or covers) a block of this type — and these attributes: an H1 is not an H2. */
export function blockActive(state: EditorState, type: NodeType, attrs: Record<string, unknown> = {}) {
  const matches = (node: PMNode) => node.type === type && Object.entries(attrs).every(([k, v]) => node.attrs[k] === v)
  const { $from, to } = state.selection
  let found = false
  state.doc.nodesBetween($from.pos, to, (node) => {
    if (matches(node)) found = true
  })
  if (found) return true
  for (let d = $from.depth; d > 0; d--) if (matches($from.node(d))) return true
  return false
}

export function alignmentOf(state: EditorState): Alignment | null {
  const parent = state.selection.$from.parent
  return (parent.attrs.align as Alignment | null | undefined) ?? null
}

/** Toggle a heading level (a second press returns to a paragraph). */
export function toggleHeading(level: 1 | 2 | 3): Command {
  return (state, dispatch) => {
    const { heading, paragraph } = bioSchema.nodes
    const align = alignmentOf(state)
    if (blockActive(state, heading!, { level })) return setBlockType(paragraph!, { align })(state, dispatch)
    return setBlockType(heading!, { level, align })(state, dispatch)
  }
}

export function toggleCodeBlock(): Command {
  return (state, dispatch) => {
    const { code_block, paragraph } = bioSchema.nodes
    if (blockActive(state, code_block!)) return setBlockType(paragraph!)(state, dispatch)
    return setBlockType(code_block!)(state, dispatch)
  }
}

export function toggleBlockquote(): Command {
  return (state, dispatch) =>
    blockActive(state, bioSchema.nodes.blockquote!) ? lift(state, dispatch) : wrapIn(bioSchema.nodes.blockquote!)(state, dispatch)
}

export function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    if (blockActive(state, type)) return liftListItem(bioSchema.nodes.list_item!)(state, dispatch)
    return wrapInList(type)(state, dispatch)
  }
}

export function setAlignment(align: Alignment): Command {
  return (state, dispatch) => {
    const { from, to } = state.selection
    const tr = state.tr
    let changed = false
    state.doc.nodesBetween(from, to, (node, pos) => {
      if (node.type === bioSchema.nodes.paragraph || node.type === bioSchema.nodes.heading) {
        tr.setNodeMarkup(pos, undefined, { ...node.attrs, align: align === 'left' ? null : align })
        changed = true
      }
    })
    if (changed && dispatch) dispatch(tr)
    return changed
  }
}

export const toggleStrong = toggleMark(bioSchema.marks.strong!)
export const toggleEm = toggleMark(bioSchema.marks.em!)
export const toggleUnderline = toggleMark(bioSchema.marks.underline!)

export function setLink(href: string): Command {
  return (state, dispatch) => {
    const { from, to, empty } = state.selection
    const mark = bioSchema.marks.link!.create({ href })
    if (empty) {
      if (dispatch) dispatch(state.tr.insert(from, bioSchema.text(href, [mark])))
      return true
    }
    if (dispatch) dispatch(state.tr.removeMark(from, to, bioSchema.marks.link!).addMark(from, to, mark))
    return true
  }
}

export const removeLink: Command = (state, dispatch) => {
  const { from, to, $from, empty } = state.selection
  const type = bioSchema.marks.link!
  if (!empty) {
    if (!state.doc.rangeHasMark(from, to, type)) return false
    if (dispatch) dispatch(state.tr.removeMark(from, to, type))
    return true
  }
  // A cursor inside a link removes the whole link around it.
  const mark = type.isInSet($from.marks())
  if (!mark) return false
  let start = $from.pos
  let end = $from.pos
  const parent = $from.parent
  const offset = $from.parentOffset
  parent.forEach((child, childOffset) => {
    if (childOffset <= offset && childOffset + child.nodeSize >= offset && mark.isInSet(child.marks)) {
      start = $from.start() + childOffset
      end = start + child.nodeSize
    }
  })
  if (dispatch) dispatch(state.tr.removeMark(start, end, type))
  return true
}

export function insertTable(): Command {
  return (state, dispatch) => {
    const { table, table_row, table_cell, table_header, paragraph } = bioSchema.nodes
    const rows: PMNode[] = []
    for (let r = 0; r < NEW_TABLE_ROWS; r++) {
      const cellType = r === 0 && NEW_TABLE_HEADER_ROW ? table_header! : table_cell!
      const cells = Array.from({ length: NEW_TABLE_COLS }, () => cellType.create(null, paragraph!.create()))
      rows.push(table_row!.create(null, cells))
    }
    if (dispatch) dispatch(state.tr.replaceSelectionWith(table!.create(null, rows)).scrollIntoView())
    return true
  }
}

export function insertImage(src: string, alt: string, pos?: number): Command {
  return (state, dispatch) => {
    const node = bioSchema.nodes.image!.create({ src, alt })
    if (dispatch) dispatch(pos === undefined ? state.tr.replaceSelectionWith(node) : state.tr.insert(pos, node))
    return true
  }
}

export type ParsedIframe = { ok: true; attrs: Record<string, string | boolean | null> } | { ok: false; error: string }

/** Reads pasted embed code (spec 001 §2, §5): one iframe, the spec's attributes, a player URL. */
export function parseIframeCode(
  code: string,
  parse: (html: string) => Document = (html) => new DOMParser().parseFromString(html, 'text/html'),
): ParsedIframe {
  let doc: Document
  try {
    doc = parse(code)
  } catch {
    return { ok: false, error: IFRAME_PARSE_FAILED }
  }
  const frame = doc.querySelector('iframe')
  if (!frame) return { ok: false, error: IFRAME_INVALID }
  const src = frame.getAttribute('src') ?? ''
  if (!isAllowedEmbedSrc(src)) return { ok: false, error: IFRAME_HOST_REFUSED }
  const attrs: Record<string, string | boolean | null> = {}
  for (const name of EMBED_FRAME_ATTRIBUTES) {
    if (name === 'allowfullscreen') attrs[name] = frame.hasAttribute(name)
    else attrs[name] = frame.getAttribute(name)
  }
  attrs.width ||= String(EMBED_DEFAULT_WIDTH)
  attrs.height ||= String(EMBED_DEFAULT_HEIGHT)
  attrs.frameborder ||= '0'
  attrs.title ||= 'Embedded video'
  return { ok: true, attrs }
}

/**
 * Inserts a video frame and leaves the cursor in the paragraph after it (a new one when the frame is
 * the last block): a frame is an atom, and a selected frame is replaced by the next keystroke.
 */
export function insertIframe(attrs: Record<string, string | boolean | null>): Command {
  return (state, dispatch) => {
    if (!dispatch) return true
    const frame = bioSchema.nodes.iframe!.create(attrs)
    const tr = state.tr.replaceSelectionWith(frame)
    // Find the frame just inserted, at or after where the selection started.
    const start = tr.mapping.map(state.selection.from, -1)
    let after = -1
    tr.doc.nodesBetween(start, Math.min(tr.doc.content.size, start + frame.nodeSize + 4), (node, pos) => {
      if (after === -1 && node.type === frame.type && pos >= start - 1) after = pos + node.nodeSize
      return after === -1
    })
    if (after === -1) return false
    const next = tr.doc.resolve(after).nodeAfter
    if (!next || !next.isTextblock) tr.insert(after, bioSchema.nodes.paragraph!.create())
    tr.setSelection(TextSelection.create(tr.doc, after + 1))
    dispatch(tr.scrollIntoView())
    return true
  }
}

export function countWords(text: string) {
  return text.split(/\s+/).filter(Boolean).length
}
