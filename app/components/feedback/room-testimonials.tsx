// Approved testimonials from the room (issue 33 Deliver 2) on the public speaker profile and the
// event page: the words and the author with only the name parts they permitted. Deliberately no
// rating stars and no Review / AggregateRating structured data: on a person's own page Google
// treats those as self-serving (docs/feedback.md "No review stars").

export type RoomTestimonial = {
  id: string
  quote: string
  author: string
  talkTitle: string
  eventName: string
  /** "— Zoë, on “Talk” at Event" in the page's language (the event pages pass it); English when absent. */
  attribution?: string
}

export function RoomTestimonials({
  testimonials,
  title = 'What the room said',
}: {
  testimonials: RoomTestimonial[]
  title?: string
}) {
  if (testimonials.length === 0) return null
  return (
    <section aria-labelledby="room-testimonials" className="mt-12">
      <h2 id="room-testimonials" className="mb-4 text-2xl font-semibold text-white">
        {title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {testimonials.map((t) => (
          <li key={t.id} className="rounded-xl border border-white/10 bg-ink-900 p-5">
            <figure>
              <blockquote className="whitespace-pre-line text-slate-100">“{t.quote}”</blockquote>
              <figcaption className="mt-3 text-sm text-slate-300">
                {t.attribution ?? `— ${t.author}, on “${t.talkTitle}” at ${t.eventName}`}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
