import { useState } from 'react'
import { ErrorList } from '~/components/forms'
import { uploadErrorText, uploadImageFile } from '~/lib/image-upload'

/**
 * Hero Image: images only. With JavaScript the file goes to POST /api/uploads/image at once
 * ("Uploading...", then the URL and a preview); without, the file input is part of the form and
 * the editor's action stores it.
 */
export function HeroImageField({
  url,
  onUrl,
  hydrated,
  errors,
}: {
  url: string
  onUrl: (url: string) => void
  hydrated: boolean
  errors?: string[]
}) {
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)

  async function upload(file: File) {
    setUploadError(null)
    setUploading(true)
    try {
      const result = await uploadImageFile(file)
      // Next to the field rather than in an alert: the message stays while the person picks another file.
      if (result.ok) onUrl(result.url)
      else setUploadError(uploadErrorText(result.error ?? 'Unknown error'))
    } finally {
      setUploading(false)
    }
  }
  const shownErrors = [...(errors ?? []), ...(uploadError ? [uploadError] : [])]
  const errorId = shownErrors.length ? 'post-hero-image-error' : undefined

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="post-hero-image" className="text-sm font-medium text-slate-200">
        Hero Image
      </label>
      <input
        id="post-hero-image"
        type="file"
        accept="image/*"
        // Without JS the file is submitted with the form; with JS it is uploaded on its own.
        name={hydrated ? undefined : 'heroImage'}
        disabled={uploading}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void upload(file)
        }}
        className="text-sm text-slate-200 file:mr-3 file:rounded-md file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-slate-100"
      />
      <input type="hidden" name="heroImageUrl" value={url} />
      {uploading ? (
        <p className="text-sm text-slate-300" role="status">
          Uploading...
        </p>
      ) : null}
      {url ? (
        <div className="flex items-center gap-3">
          <img src={url} alt="Hero preview" className="h-16 w-28 rounded object-cover" />
          <p className="break-all text-xs text-slate-400">Current: {url}</p>
          {hydrated ? (
            <button type="button" onClick={() => onUrl('')} className="text-sm text-red-300 underline">
              Remove
            </button>
          ) : null}
        </div>
      ) : null}
      <ErrorList id={errorId} errors={shownErrors} />
    </div>
  )
}
