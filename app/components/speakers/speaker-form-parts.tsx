import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { ErrorList, Spinner, TextareaField } from '~/components/forms'
import { IMAGE_UPLOAD_FAILED, uploadErrorText, uploadImageFile } from '~/lib/image-upload'

// The two form parts that JavaScript upgrades: the profile photo (uploaded at once through
// /api/uploads/image) and the bio (the ProseMirror editor, loaded lazily).

const BioEditor = lazy(() => import('~/components/bio-editor/bio-editor').then((m) => ({ default: m.BioEditor })))

function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

export function BioField({
  field,
  onChange,
  label = 'Bio',
  hint = 'HTML formatting such as <p>, <strong> and <a> is kept; anything unsafe is removed when saved.',
}: {
  field: FieldMetadata<string>
  onChange?: () => void
  label?: string
  hint?: string
}) {
  // The plain textarea is what the server sends and what a slow phone shows first; someone may
  // start writing in it. It stays the same element through hydration, and the editor, loaded
  // beside it, starts from its live value and takes its focus (caret at the end) when it is ready.
  const hydrated = useHydrated()
  const [editorReady, setEditorReady] = useState(false)
  const focusEditor = useRef<(() => void) | null>(null)
  useEffect(() => {
    if (editorReady) focusEditor.current?.()
    focusEditor.current = null
  }, [editorReady])
  const initial = (field.initialValue as string | undefined) ?? ''
  const errorId = field.errors?.length ? `${field.id}-error` : undefined
  const takeOver = () => {
    const plain = document.getElementById(field.id)
    if (!(plain instanceof HTMLTextAreaElement)) return { value: initial, focused: false }
    return { value: plain.value, focused: document.activeElement === plain }
  }
  return (
    <>
      {editorReady ? null : (
        <TextareaField label={label} hint={hint} textareaProps={{ ...getTextareaProps(field), rows: 10 }} errors={field.errors} />
      )}
      {hydrated ? (
        <Suspense fallback={null}>
          <div hidden={!editorReady}>
            <p id={`${field.id}-label`} className="mb-1 block text-sm font-medium text-slate-200">
              {label}
            </p>
            <BioEditor
              key={field.key}
              name={field.name}
              takeOver={takeOver}
              labelledBy={`${field.id}-label`}
              describedBy={errorId}
              invalid={Boolean(errorId)}
              onChange={onChange}
              onReady={(focus) => {
                focusEditor.current = focus
                setEditorReady(true)
              }}
            />
            <ErrorList id={errorId} errors={field.errors} />
          </div>
        </Suspense>
      ) : null}
    </>
  )
}

export function ProfileImageField({
  field,
  onUploaded,
}: {
  field: FieldMetadata<string>
  formId: string
  onUploaded: (url: string) => void
}) {
  const hydrated = useHydrated()
  const fileRef = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const current = (field.value as string | undefined) ?? ''

  async function upload(file: File) {
    setError(null)
    setUploading(true)
    try {
      const result = await uploadImageFile(file)
      // Stored, or refused (before sending or by the server): either way the file is not sent again with the form.
      if (fileRef.current) fileRef.current.value = ''
      if (result.ok) onUploaded(result.url)
      else setError(result.error ? uploadErrorText(result.error) : IMAGE_UPLOAD_FAILED)
    } finally {
      setUploading(false)
    }
  }

  const errors = [...(field.errors ?? []), ...(error ? [error] : [])]
  const errorId = errors.length ? `${field.id}-file-error` : undefined
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      {current ? (
        <img src={current} alt="Current profile" className="h-24 w-24 rounded-full object-cover" width={96} height={96} />
      ) : null}
      <div className="flex-1">
        <input {...getInputProps(field, { type: 'hidden' })} />
        <label htmlFor={`${field.id}-file`} className="mb-1 block text-sm font-medium text-slate-200">
          Profile photo
        </label>
        <input
          ref={fileRef}
          id={`${field.id}-file`}
          name="profileImage"
          type="file"
          accept="image/*"
          disabled={uploading}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[`${field.id}-file-hint`, errorId].filter(Boolean).join(' ')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            if (hydrated && file) void upload(file)
          }}
          className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-slate-100"
        />
        <p id={`${field.id}-file-hint`} className="mt-1 text-xs text-slate-400">
          PNG, JPEG, WebP or GIF, up to 5 MB.
        </p>
        {uploading ? (
          <p role="status" className="mt-1 text-sm text-slate-300">
            <Spinner label="Uploading image..." />
          </p>
        ) : null}
        <ErrorList id={errorId} errors={errors} />
      </div>
    </div>
  )
}
