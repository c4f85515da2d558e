import { lazy, Suspense } from 'react'
import { ErrorList } from '~/components/forms'
import { Markdown } from '~/components/markdown'

const MarkdownEditor = lazy(() => import('~/components/editor/markdown-editor.client'))

export type Mode = 'wysiwyg' | 'markdown' | 'preview'

/**
 * The post's content in one of three modes: Visual (the ProseMirror editor, loaded on demand),
 * Markdown (a textarea, the only mode without JavaScript) and Preview. Whatever the mode, the form
 * posts the markdown as `content`.
 */
export function ContentField({
  mode,
  setMode,
  hydrated,
  content,
  setContent,
  errors,
}: {
  mode: Mode
  setMode: (m: Mode) => void
  hydrated: boolean
  content: string
  setContent: (v: string) => void
  errors?: string[]
}) {
  const modes: Array<{ id: Mode; label: string }> = [
    { id: 'wysiwyg', label: 'Visual' },
    { id: 'markdown', label: 'Markdown' },
    { id: 'preview', label: 'Preview' },
  ]
  const usesGfm = /^\s*\|.*\|\s*$/m.test(content) || /^\s*[-*+] \[[ xX]\]/m.test(content) || /~~[^~]+~~/.test(content)
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id="post-content-label" className="text-sm font-medium text-slate-200">
          {mode === 'markdown' ? <label htmlFor="post-content">Content</label> : 'Content'}
        </span>
        {hydrated ? (
          <div role="group" aria-label="Editor mode" className="flex gap-1 rounded-md border border-white/15 p-1">
            {modes.map((m) => (
              <button
                key={m.id}
                type="button"
                aria-pressed={mode === m.id}
                onClick={() => setMode(m.id)}
                className={`rounded px-3 py-1 text-sm ${mode === m.id ? 'bg-brand-600 text-white' : 'text-slate-200 hover:bg-white/10'}`}
              >
                {m.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {mode === 'markdown' ? (
        <textarea
          id="post-content"
          name="content"
          rows={18}
          value={hydrated ? content : undefined}
          defaultValue={hydrated ? undefined : content}
          onChange={(e) => setContent(e.target.value)}
          aria-describedby="post-content-hint"
          className="min-h-[400px] w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 font-mono text-sm text-slate-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40"
        />
      ) : (
        <input type="hidden" name="content" value={content} />
      )}
      {mode === 'markdown' ? (
        <p id="post-content-hint" className="text-xs text-slate-400">
          Markdown, with GitHub extras: tables, task lists (- [ ] item) and ~~strikethrough~~.
        </p>
      ) : null}
      {mode === 'wysiwyg' ? (
        <>
          {usesGfm ? (
            <p className="text-xs text-amber-200">
              This post uses tables, task lists or strikethrough: edit those parts in Markdown mode.
            </p>
          ) : null}
          <Suspense fallback={<p className="text-sm text-slate-300">Loading editor...</p>}>
            <MarkdownEditor value={content} onChange={setContent} labelledBy="post-content-label" />
          </Suspense>
        </>
      ) : null}
      {mode === 'preview' ? (
        <div className="min-h-[400px] rounded-md border border-white/15 bg-ink-900 p-4">
          <Markdown>{content}</Markdown>
        </div>
      ) : null}
      <ErrorList errors={errors} />
    </div>
  )
}
