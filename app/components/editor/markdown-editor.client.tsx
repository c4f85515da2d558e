import { baseKeymap, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands'
import { dropCursor } from 'prosemirror-dropcursor'
import { gapCursor } from 'prosemirror-gapcursor'
import { history, redo, undo } from 'prosemirror-history'
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules'
import { keymap } from 'prosemirror-keymap'
import { defaultMarkdownParser, defaultMarkdownSerializer, schema } from 'prosemirror-markdown'
import type { MarkType, NodeType } from 'prosemirror-model'
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list'
import { EditorState, type Command } from 'prosemirror-state'
import { EditorView } from 'prosemirror-view'
import 'prosemirror-view/style/prosemirror.css'
import { useEffect, useRef, useState } from 'react'
import { EDITOR_MIN_HEIGHT_PX } from '~/lib/constants'
import { safeMarkdownUrl } from '~/lib/url'

// The post editor's WYSIWYG mode: ProseMirror on prosemirror-markdown's CommonMark schema, so
// what is edited here is exactly what the parser and serializer round-trip. GFM extras (tables,
// task lists, strikethrough) are written in Markdown mode and shown in Preview.

const { nodes, marks } = schema

function headingRule(type: NodeType, level: number) {
  return textblockTypeInputRule(new RegExp(`^(#{1,${level}})\\s$`), type, (match) => ({ level: match[1]!.length }))
}

function buildPlugins() {
  return [
    inputRules({
      rules: [
        wrappingInputRule(/^\s*>\s$/, nodes.blockquote!),
        wrappingInputRule(/^\s*([-+*])\s$/, nodes.bullet_list!),
        wrappingInputRule(/^(\d+)\.\s$/, nodes.ordered_list!, (match) => ({ order: Number(match[1]) })),
        textblockTypeInputRule(/^```$/, nodes.code_block!),
        headingRule(nodes.heading!, 6),
        new InputRule(/--$/, '—'),
      ],
    }),
    keymap({
      'Mod-z': undo,
      'Shift-Mod-z': redo,
      'Mod-y': redo,
      'Mod-b': toggleMark(marks.strong!),
      'Mod-i': toggleMark(marks.em!),
      'Mod-`': toggleMark(marks.code!),
      Enter: splitListItem(nodes.list_item!),
      'Mod-[': liftListItem(nodes.list_item!),
      'Mod-]': sinkListItem(nodes.list_item!),
    }),
    keymap(baseKeymap),
    history(),
    dropCursor(),
    gapCursor(),
  ]
}

function markActive(state: EditorState, type: MarkType) {
  const { from, $from, to, empty } = state.selection
  return empty ? Boolean(type.isInSet(state.storedMarks ?? $from.marks())) : state.doc.rangeHasMark(from, to, type)
}

export default function MarkdownEditor({
  value,
  onChange,
  labelledBy,
}: {
  value: string
  onChange: (markdown: string) => void
  labelledBy: string
}) {
  const mountRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<EditorView | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const [, setTick] = useState(0)

  useEffect(() => {
    if (!mountRef.current) return
    const doc = defaultMarkdownParser.parse(value)
    const view = new EditorView(mountRef.current, {
      state: EditorState.create({ doc, plugins: buildPlugins() }),
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class: 'min-h-[inherit] px-4 py-3 focus:outline-none',
      },
      dispatchTransaction(tr) {
        const next = view.state.apply(tr)
        view.updateState(next)
        setTick((t) => t + 1)
        if (tr.docChanged) onChangeRef.current(defaultMarkdownSerializer.serialize(next.doc))
      },
    })
    viewRef.current = view
    return () => {
      view.destroy()
      viewRef.current = null
    }
    // The document is parsed once per mount; later edits flow out through onChange only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const run = (command: Command) => {
    const view = viewRef.current
    if (!view) return
    command(view.state, view.dispatch, view)
    view.focus()
  }
  const state = viewRef.current?.state

  const addLink = () => {
    const view = viewRef.current
    if (!view) return
    const href = window.prompt('Link URL (https://…)')?.trim()
    if (!href) return
    if (!safeMarkdownUrl(href)) {
      window.alert('Links must start with http, https, mailto, irc, ircs or xmpp, or be relative.')
      return
    }
    run(toggleMark(marks.link!, { href }))
  }

  const buttons: Array<{ label: string; command: Command | (() => void); active?: boolean; raw?: boolean }> = [
    { label: 'Bold', command: toggleMark(marks.strong!), active: state ? markActive(state, marks.strong!) : false },
    { label: 'Italic', command: toggleMark(marks.em!), active: state ? markActive(state, marks.em!) : false },
    { label: 'Code', command: toggleMark(marks.code!), active: state ? markActive(state, marks.code!) : false },
    { label: 'Link', command: addLink, raw: true },
    { label: 'Paragraph', command: setBlockType(nodes.paragraph!) },
    { label: 'Heading 2', command: setBlockType(nodes.heading!, { level: 2 }) },
    { label: 'Heading 3', command: setBlockType(nodes.heading!, { level: 3 }) },
    { label: 'Bullet list', command: wrapInList(nodes.bullet_list!) },
    { label: 'Numbered list', command: wrapInList(nodes.ordered_list!) },
    { label: 'Quote', command: wrapIn(nodes.blockquote!) },
    { label: 'Undo', command: undo },
    { label: 'Redo', command: redo },
  ]

  return (
    <div className="rounded-md border border-white/15 bg-ink-900">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-white/10 p-2">
        {buttons.map((b) => (
          <button
            key={b.label}
            type="button"
            aria-pressed={b.active === undefined ? undefined : b.active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => (b.raw ? (b.command as () => void)() : run(b.command as Command))}
            className={`rounded px-2 py-1 text-sm ${b.active ? 'bg-brand-600 text-white' : 'text-slate-200 hover:bg-white/10'}`}
          >
            {b.label}
          </button>
        ))}
      </div>
      <div
        ref={mountRef}
        style={{ minHeight: EDITOR_MIN_HEIGHT_PX }}
        className="text-slate-100 [&_.ProseMirror]:min-h-[inherit] [&_a]:text-brand-300 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-3 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_pre]:rounded [&_pre]:bg-ink-800 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6"
      />
    </div>
  )
}
