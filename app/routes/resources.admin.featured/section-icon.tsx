import { useState } from 'react'

/** An icon, or "Failed to load icon" when it cannot be shown (spec 001 §2). */
export function SectionIcon({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false)
  if (failed || !src) return <span className="text-xs text-red-300">Failed to load icon</span>
  // Without JS a broken image shows its alt text instead.
  return (
    <img src={src} alt={`${title} icon`} width={32} height={32} className="h-8 w-8 shrink-0" onError={() => setFailed(true)} />
  )
}
