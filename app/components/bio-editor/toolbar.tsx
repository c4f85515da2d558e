import type { Command, EditorState } from 'prosemirror-state'
import { useId, useRef, useState, type ReactNode } from 'react'
import type { Alignment } from './schema'

type Active = {
  bold: boolean
  italic: boolean
  underline: boolean
  h1: boolean
  h2: boolean
  h3: boolean
  bullet: boolean
  ordered: boolean
  quote: boolean
  code: boolean
  link: boolean
  align: Alignment
  inTable: boolean
}

type Commands = {
  bold: Command
  italic: Command
  underline: Command
  heading: (level: 1 | 2 | 3) => Command
  bullet: Command
  ordered: Command
  align: (a: Alignment) => Command
  quote: Command
  code: Command
  table: Command
  addColumn: Command
  deleteColumn: Command
  addRow: Command
  deleteRow: Command
  deleteTable: Command
  removeLink: Command
  undo: Command
  redo: Command
}

/**
 * The sticky toolbar, stuck just below the site's sticky header (which would cover it at the top):
 * every control has a name, toggles say whether they are on (aria-pressed).
 */
export function Toolbar({
  state,
  run,
  active,
  commands,
  onImage,
  uploading,
  onLink,
  onEmbed,
}: {
  state: EditorState
  run: (c: Command) => void
  active: Active
  commands: Commands
  onImage: (file: File) => void
  uploading: boolean
  onLink: (href: string) => string | null
  onEmbed: (code: string) => string | null
}) {
  const [panel, setPanel] = useState<'link' | 'embed' | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const can = (c: Command) => c(state)
  const toggle = (label: string, on: boolean, command: Command, content: ReactNode) => (
    <Btn label={label} pressed={on} onClick={() => run(command)} disabled={!on && !can(command)}>
      {content}
    </Btn>
  )
  return (
    <div className="sticky top-site-header z-10 rounded-t-md border-b border-white/10 bg-ink-900">
      <div role="toolbar" aria-label="Bio formatting" className="flex flex-wrap items-center gap-1 p-2">
        {toggle('Bold', active.bold, commands.bold, <strong>B</strong>)}
        {toggle('Italic', active.italic, commands.italic, <em>I</em>)}
        {toggle('Underline', active.underline, commands.underline, <u>U</u>)}
        <Sep />
        {([1, 2, 3] as const).map((level) => (
          <Btn key={level} label={`Heading ${level}`} pressed={active[`h${level}`]} onClick={() => run(commands.heading(level))}>
            H{level}
          </Btn>
        ))}
        <Sep />
        {toggle('Bullet list', active.bullet, commands.bullet, '•')}
        {toggle('Ordered list', active.ordered, commands.ordered, '1.')}
        <Sep />
        {(['left', 'center', 'right', 'justify'] as const).map((a) => (
          <Btn
            key={a}
            label={`Align ${a === 'center' ? 'centre' : a}`}
            pressed={active.align === a}
            onClick={() => run(commands.align(a))}
          >
            {a === 'left' ? '⇤' : a === 'center' ? '↔' : a === 'right' ? '⇥' : '☰'}
          </Btn>
        ))}
        <Sep />
        {toggle('Quote', active.quote, commands.quote, '“ ”')}
        {toggle('Code block', active.code, commands.code, '</>')}
        <Sep />
        <Btn label="Insert image" onClick={() => fileRef.current?.click()} disabled={uploading}>
          Img
        </Btn>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Image file for the bio"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0]
            if (file?.type.startsWith('image/')) onImage(file)
            e.currentTarget.value = ''
          }}
        />
        <Btn label="Insert link" pressed={panel === 'link'} onClick={() => setPanel(panel === 'link' ? null : 'link')}>
          Link
        </Btn>
        <Btn label="Remove link" onClick={() => run(commands.removeLink)} disabled={!active.link}>
          Unlink
        </Btn>
        <Btn label="Embed video" pressed={panel === 'embed'} onClick={() => setPanel(panel === 'embed' ? null : 'embed')}>
          Video
        </Btn>
        <Sep />
        <Btn label="Insert table" onClick={() => run(commands.table)}>
          Table
        </Btn>
        <Btn label="Add column" onClick={() => run(commands.addColumn)} disabled={!active.inTable}>
          +Col
        </Btn>
        <Btn label="Delete column" onClick={() => run(commands.deleteColumn)} disabled={!active.inTable}>
          −Col
        </Btn>
        <Btn label="Add row" onClick={() => run(commands.addRow)} disabled={!active.inTable}>
          +Row
        </Btn>
        <Btn label="Delete row" onClick={() => run(commands.deleteRow)} disabled={!active.inTable}>
          −Row
        </Btn>
        <Btn label="Delete table" onClick={() => run(commands.deleteTable)} disabled={!active.inTable}>
          −Table
        </Btn>
        <Sep />
        <Btn label="Undo" onClick={() => run(commands.undo)} disabled={!can(commands.undo)}>
          ↶
        </Btn>
        <Btn label="Redo" onClick={() => run(commands.redo)} disabled={!can(commands.redo)}>
          ↷
        </Btn>
      </div>
      {panel === 'link' ? (
        <InlinePanel
          label="Link URL"
          placeholder="https://example.com"
          submitLabel="Apply link"
          onCancel={() => setPanel(null)}
          onSubmit={(value) => {
            const error = onLink(value)
            if (!error) setPanel(null)
            return error
          }}
        />
      ) : null}
      {panel === 'embed' ? (
        <InlinePanel
          label="Embed code"
          multiline
          placeholder='<iframe src="https://www.youtube.com/embed/…"></iframe>'
          submitLabel="Insert embed"
          onCancel={() => setPanel(null)}
          onSubmit={(value) => {
            const error = onEmbed(value)
            if (!error) setPanel(null)
            return error
          }}
        />
      ) : null}
    </div>
  )
}

function Btn({
  label,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string
  pressed?: boolean
  onClick: () => void
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      // Keep the editor's selection: a mouse press on the toolbar must not blur it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="min-w-8 rounded px-2 py-1 text-sm text-slate-100 hover:bg-white/10 disabled:opacity-50 aria-pressed:bg-brand-600 aria-pressed:text-white"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  )
}

function Sep() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-white/15" />
}

function InlinePanel({
  label,
  placeholder,
  submitLabel,
  multiline,
  onSubmit,
  onCancel,
}: {
  label: string
  placeholder: string
  submitLabel: string
  multiline?: boolean
  onSubmit: (value: string) => string | null
  onCancel: () => void
}) {
  const id = useId()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = () => setError(onSubmit(value))
  const common = {
    id,
    value,
    placeholder,
    autoFocus: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: 'w-full rounded-md border border-white/15 bg-ink-950 px-3 py-2 text-sm text-slate-100',
  }
  return (
    <div className="flex flex-col gap-2 border-t border-white/10 p-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => setValue(e.currentTarget.value)} />
      ) : (
        <input
          {...common}
          type="text"
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter applies the link instead of submitting the whole profile form.
            if (e.key === 'Enter') {
              e.preventDefault()
              submit()
            }
            if (e.key === 'Escape') onCancel()
          }}
        />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="button"
          onClick={submit}
          className="rounded-md bg-brand-500 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {submitLabel}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-white/20 px-3 py-1.5 text-sm text-slate-100 hover:bg-white/10"
        >
          Cancel
        </button>
      </div>
    </div>
  )
}
