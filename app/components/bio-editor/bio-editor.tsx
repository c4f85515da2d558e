import 'prosemirror-view/style/prosemirror.css'
import 'prosemirror-tables/style/tables.css'
import './bio-content.css'
import { baseKeymap, chainCommands, exitCode } from 'prosemirror-commands'
import { dropCursor } from 'prosemirror-dropcursor'
import { gapCursor } from 'prosemirror-gapcursor'
import { history, redo, undo } from 'prosemirror-history'
import { keymap } from 'prosemirror-keymap'
import { DOMParser as PMDOMParser, DOMSerializer } from 'prosemirror-model'
import { splitListItem, liftListItem, sinkListItem } from 'prosemirror-schema-list'
import { EditorState, Selection, type Command } from 'prosemirror-state'
import {
  addColumnAfter,
  addRowAfter,
  columnResizing,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  isInTable,
  tableEditing,
} from 'prosemirror-tables'
import { EditorView } from 'prosemirror-view'
import { useEffect, useRef, useState } from 'react'
import { EDITOR_MIN_HEIGHT_PX, TABLE_COLUMN_DEFAULT_WIDTH, TABLE_COLUMN_MIN_WIDTH } from '~/lib/constants'
import { IMAGE_UPLOAD_FAILED, uploadErrorText, uploadImageFile } from '~/lib/image-upload'
import { isAllowedEditorLink } from '~/lib/url'
import {
  alignmentOf,
  blockActive,
  countWords,
  insertIframe,
  insertImage,
  insertTable,
  markActive,
  parseIframeCode,
  removeLink,
  setAlignment,
  setLink,
  toggleBlockquote,
  toggleCodeBlock,
  toggleEm,
  toggleHeading,
  toggleList,
  toggleStrong,
  toggleUnderline,
} from './commands'
import { bioSchema } from './schema'
import { Toolbar } from './toolbar'

// The rich-text bio editor (spec 001 §2): ProseMirror, loaded only where the form is shown.
// Its HTML goes into a hidden input named like the field; the server sanitizes it on save.

export const LINK_REFUSED = 'Links must start with http, https, ftp, ftps, mailto, tel, callto, sms, cid or xmpp, or be relative.'

function parseHtml(html: string) {
  const container = document.createElement('div')
  container.innerHTML = html
  return PMDOMParser.fromSchema(bioSchema).parse(container)
}

function serialize(state: EditorState) {
  const container = document.createElement('div')
  container.appendChild(DOMSerializer.fromSchema(bioSchema).serializeFragment(state.doc.content))
  const html = container.innerHTML
  return state.doc.textContent.trim() === '' && !/<(img|iframe|table)\b/.test(html) ? '' : html
}

export type Panel = null | 'link' | 'embed'

export function BioEditor({
  name,
  takeOver,
  labelledBy,
  describedBy,
  invalid,
  onChange,
  onReady,
}: {
  name: string
  /** Read once, at mount: the value to start from (the plain textarea's, as typed so far) and
   * whether that textarea had the focus, which the editor then takes. */
  takeOver: () => { value: string; focused: boolean }
  labelledBy: string
  describedBy?: string
  invalid: boolean
  onChange?: () => void
  /** The editor is mounted; `focus` puts the caret at its end (call it once it is visible). */
  onReady?: (focus: (() => void) | null) => void
}) {
  const mountRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<EditorView | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const [state, setState] = useState<EditorState | null>(null)
  const [html, setHtml] = useState('')
  const [uploading, setUploading] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  async function uploadImage(file: File, pos?: number) {
    if (!file.type.startsWith('image/')) return
    setMessage(null)
    setUploading(true)
    try {
      const result = await uploadImageFile(file)
      if (!result.ok) {
        setMessage(result.error ? uploadErrorText(result.error) : IMAGE_UPLOAD_FAILED)
        return
      }
      const view = viewRef.current
      if (view) insertImage(result.url, file.name.replace(/\.[^.]+$/, ''), pos)(view.state, view.dispatch)
    } finally {
      setUploading(false)
    }
  }
  const uploadRef = useRef(uploadImage)
  uploadRef.current = uploadImage

  // ProseMirror owns its DOM node; React only mounts it once and listens to transactions.
  useEffect(() => {
    if (!mountRef.current) return
    const keys: Record<string, Command> = {
      'Mod-z': undo,
      'Mod-y': redo,
      'Shift-Mod-z': redo,
      'Mod-b': toggleStrong,
      'Mod-i': toggleEm,
      'Mod-u': toggleUnderline,
      'Mod-Alt-1': toggleHeading(1),
      'Mod-Alt-2': toggleHeading(2),
      'Mod-Alt-3': toggleHeading(3),
      'Shift-Mod-8': toggleList(bioSchema.nodes.bullet_list!),
      'Shift-Mod-7': toggleList(bioSchema.nodes.ordered_list!),
      'Shift-Enter': chainCommands(exitCode, (state, dispatch) => {
        if (dispatch) dispatch(state.tr.replaceSelectionWith(bioSchema.nodes.hard_break!.create()).scrollIntoView())
        return true
      }),
      Enter: splitListItem(bioSchema.nodes.list_item!),
      'Mod-[': liftListItem(bioSchema.nodes.list_item!),
      'Mod-]': sinkListItem(bioSchema.nodes.list_item!),
      Tab: goToNextCell(1),
      'Shift-Tab': goToNextCell(-1),
    }
    const start = takeOver()
    const initial = EditorState.create({
      doc: parseHtml(start.value),
      plugins: [
        columnResizing({ cellMinWidth: TABLE_COLUMN_MIN_WIDTH, defaultCellMinWidth: TABLE_COLUMN_DEFAULT_WIDTH }),
        tableEditing(),
        history(),
        keymap(keys),
        keymap(baseKeymap),
        dropCursor(),
        gapCursor(),
      ],
    })
    const view = new EditorView(mountRef.current, {
      state: initial,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'bio-content bio-editor-surface',
        style: `min-height: ${EDITOR_MIN_HEIGHT_PX}px`,
      },
      handleDrop(view, event) {
        const files = Array.from(event.dataTransfer?.files ?? []).filter((f) => f.type.startsWith('image/'))
        if (files.length === 0) return false
        event.preventDefault()
        const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos
        for (const file of files) void uploadRef.current(file, pos)
        return true
      },
      handlePaste(_view, event) {
        const files = Array.from(event.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'))
        if (files.length === 0) return false
        for (const file of files) void uploadRef.current(file)
        return true
      },
      dispatchTransaction(tr) {
        const next = view.state.apply(tr)
        view.updateState(next)
        setState(next)
        if (tr.docChanged) {
          setHtml(serialize(next))
          onChangeRef.current?.()
        }
      },
    })
    viewRef.current = view
    setState(view.state)
    setHtml(serialize(view.state))
    onReady?.(
      start.focused
        ? () => {
            view.dispatch(view.state.tr.setSelection(Selection.atEnd(view.state.doc)))
            view.focus()
          }
        : null,
    )
    return () => {
      view.destroy()
      viewRef.current = null
    }
    // The editor is created once per mount; the parent re-keys it to load a new value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const run = (command: Command) => {
    const view = viewRef.current
    if (!view) return
    command(view.state, view.dispatch)
    view.focus()
  }

  const text = state?.doc.textContent ?? ''
  // Blocks are separate words: "About me" + "Bold words" is 4 words, not "meBold".
  const wordText = state ? state.doc.textBetween(0, state.doc.content.size, ' ', ' ') : ''
  const nodes = bioSchema.nodes
  return (
    <div className={`rounded-md border ${invalid ? 'border-red-400' : 'border-white/15'} bg-ink-900`}>
      <input type="hidden" name={name} value={html} />
      {state ? (
        <Toolbar
          state={state}
          run={run}
          active={{
            bold: markActive(state, bioSchema.marks.strong!),
            italic: markActive(state, bioSchema.marks.em!),
            underline: markActive(state, bioSchema.marks.underline!),
            h1: blockActive(state, nodes.heading!, { level: 1 }),
            h2: blockActive(state, nodes.heading!, { level: 2 }),
            h3: blockActive(state, nodes.heading!, { level: 3 }),
            bullet: blockActive(state, nodes.bullet_list!),
            ordered: blockActive(state, nodes.ordered_list!),
            quote: blockActive(state, nodes.blockquote!),
            code: blockActive(state, nodes.code_block!),
            link: markActive(state, bioSchema.marks.link!),
            align: alignmentOf(state) ?? 'left',
            inTable: isInTable(state),
          }}
          commands={{
            bold: toggleStrong,
            italic: toggleEm,
            underline: toggleUnderline,
            heading: toggleHeading,
            bullet: toggleList(nodes.bullet_list!),
            ordered: toggleList(nodes.ordered_list!),
            align: setAlignment,
            quote: toggleBlockquote(),
            code: toggleCodeBlock(),
            table: insertTable(),
            addColumn: addColumnAfter,
            deleteColumn,
            addRow: addRowAfter,
            deleteRow,
            deleteTable,
            removeLink,
            undo,
            redo,
          }}
          onImage={(file) => void uploadImage(file)}
          uploading={uploading}
          onLink={(href) => {
            if (!isAllowedEditorLink(href)) return LINK_REFUSED
            run(setLink(href.trim()))
            return null
          }}
          onEmbed={(code) => {
            const parsed = parseIframeCode(code)
            if (!parsed.ok) return parsed.error
            run(insertIframe(parsed.attrs))
            return null
          }}
        />
      ) : null}
      <div ref={mountRef} className="px-4 py-3" />
      <div className="flex flex-wrap items-center gap-4 border-t border-white/10 px-4 py-2 text-xs text-slate-300">
        <span>{countWords(wordText)} words</span>
        <span>{text.length} characters</span>
        {uploading ? <span role="status">Uploading image...</span> : null}
        {message ? (
          <span role="alert" className="text-red-300">
            {message}
          </span>
        ) : null}
      </div>
    </div>
  )
}
