import type { ReactNode } from 'react'

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <div className="rounded-xl border border-white/10 bg-ink-900/60 p-8 shadow-xl">
        <h1 className="text-2xl font-bold text-white">{title}</h1>
        {intro ? <div className="mt-2 text-slate-300">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}
