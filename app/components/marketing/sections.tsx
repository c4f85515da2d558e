import type { ReactNode } from 'react'
import type { FaqItem, FeatureCard } from '~/content/types'
import { Icon } from './icons'

export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow?: string
  title: string
  subtitle?: string
  children?: ReactNode
}) {
  return (
    <section className="relative overflow-hidden border-b border-white/10 bg-gradient-to-b from-brand-700/20 to-ink-950">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{eyebrow}</p> : null}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
        {subtitle ? <p className="mx-auto mt-6 max-w-3xl text-lg text-slate-300">{subtitle}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-4">{children}</div> : null}
      </div>
    </section>
  )
}

export function Section({
  id,
  title,
  intro,
  children,
  className = '',
  headingLevel = 2,
}: {
  id?: string
  title?: string
  intro?: ReactNode
  children?: ReactNode
  className?: string
  headingLevel?: 2 | 3
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = id ? `${id}-title` : undefined
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`mx-auto max-w-6xl scroll-mt-24 px-4 py-16 ${className}`}
    >
      {title ? (
        <H id={headingId} className="text-center text-3xl font-bold tracking-tight text-white">
          {title}
        </H>
      ) : null}
      {intro ? <div className="mx-auto mt-4 max-w-3xl text-center text-slate-300">{intro}</div> : null}
      {children ? <div className={title || intro ? 'mt-10' : ''}>{children}</div> : null}
    </section>
  )
}

export function FeatureGrid({ cards, columns = 3 }: { cards: readonly FeatureCard[]; columns?: 2 | 3 | 4 }) {
  const cols =
    columns === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-3'
  return (
    <ul className={`grid gap-6 ${cols}`}>
      {cards.map((card) => (
        <li key={card.title} className="rounded-xl border border-white/10 bg-ink-900/70 p-6">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
            <Icon name={card.icon} />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-white">{card.title}</h3>
          <p className="mt-2 text-slate-300">{card.description}</p>
        </li>
      ))}
    </ul>
  )
}

/** Questions as native disclosure widgets: keyboard and screen-reader friendly, no JavaScript needed. */
export function Faq({ items, children }: { items: readonly FaqItem[]; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl">
      <div className="divide-y divide-white/10 rounded-xl border border-white/10 bg-ink-900/60">
        {items.map((item) => (
          <details key={item.q} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-white">
              <span>{item.q}</span>
              <span aria-hidden="true" className="text-brand-300 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-slate-300">{item.a}</p>
          </details>
        ))}
      </div>
      {children ? <div className="mt-6 text-center text-slate-300">{children}</div> : null}
    </div>
  )
}
