import { useState } from 'react'
import { ErrorList } from '~/components/forms'

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

  async function upload(file: File) {
    if (!file.type.startsWith('image/')) {
      window.alert('Error uploading image: Only image files are allowed.')
      return
    }
    setUploading(true)
    try {
      const body = new FormData()
      body.append('file', file)
      const res = await fetch('/api/uploads/image', { method: 'POST', body })
      const json = (await res.json().catch(() => ({}))) as { url?: string; error?: string }
      if (!res.ok || !json.url) throw new Error(json.error || 'Unknown error')
      onUrl(json.url)
    } catch (error) {
      window.alert(`Error uploading image: ${error instanceof Error ? error.message : 'Unknown error'}`)
    } finally {
      setUploading(false)
    }
  }

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
      <ErrorList errors={errors} />
    </div>
  )
}
