import { useState } from 'react'

export type HighlightCard = {
  id: string
  title: string
  description: string
  icon: string
  buttonLabel: string
  buttonLink: string
}

/** Featured sections on a listing: icon (hidden if it fails), title, multi-line description, button in a new tab. */
export function HighlightCards({ cards }: { cards: HighlightCard[] }) {
  if (cards.length === 0) return null
  return (
    <section aria-label="Highlights" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <Card key={card.id} card={card} />
      ))}
    </section>
  )
}

function Card({ card }: { card: HighlightCard }) {
  const [iconFailed, setIconFailed] = useState(false)
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-brand-400/30 bg-gradient-to-b from-brand-700/20 to-ink-900 p-6">
      {card.icon && !iconFailed ? (
        <img src={card.icon} alt="" width={40} height={40} className="h-10 w-10" onError={() => setIconFailed(true)} />
      ) : null}
      <h2 className="text-xl font-semibold text-white">{card.title}</h2>
      <div className="flex flex-col gap-1 text-slate-300">
        {card.description.split('\n').map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <a
        href={card.buttonLink}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-auto inline-flex w-fit items-center gap-2 rounded-md bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600"
      >
        {card.buttonLabel}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </article>
  )
}
