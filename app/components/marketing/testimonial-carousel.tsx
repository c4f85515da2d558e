import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { initialsOf, type Testimonial } from '~/content/testimonials'
import { createCarouselController, hasControls, initialCarouselState, type CarouselState } from '~/lib/carousel'
import { useHydrated } from '~/components/use-hydrated'

/** One testimonial: quote, author, title, company, avatar (initials when none), optional company logo. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col justify-between rounded-2xl border border-white/10 bg-ink-900/80 p-8">
      <blockquote className="text-lg leading-relaxed text-slate-100">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4">
        {testimonial.avatar ? (
          <img src={testimonial.avatar} alt="" width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-500/20 font-semibold text-brand-100"
          >
            {initialsOf(testimonial.author)}
          </span>
        )}
        <span className="flex flex-col">
          <span className="font-semibold text-white">{testimonial.author}</span>
          <span className="text-sm text-slate-300">
            {testimonial.title}, {testimonial.company}
          </span>
        </span>
        {testimonial.companyLogo ? (
          <img src={testimonial.companyLogo} alt={testimonial.company} height={32} className="ml-auto h-8 w-auto opacity-80" />
        ) : null}
      </figcaption>
    </figure>
  )
}

/**
 * The landing-page carousel (spec 000 §4; behaviour in app/lib/carousel.ts). Without JavaScript
 * every testimonial is in a horizontally scrolling, snapping strip whose dots are anchor links.
 * With JavaScript one shows at a time, auto-advancing every 8 s (not under reduced motion), and
 * previous/next/dot clicks pause auto-play for 10 s. Empty → nothing; one → no controls.
 */
export function TestimonialCarousel({
  testimonials,
  label = 'Testimonials',
}: {
  testimonials: readonly Testimonial[]
  label?: string
}) {
  const count = testimonials.length
  const hydrated = useHydrated()
  const [state, setState] = useState<CarouselState>(() => initialCarouselState(count))
  const controller = useRef<ReturnType<typeof createCarouselController> | null>(null)
  const strip = useRef<HTMLDivElement>(null)

  // Show the current slide by scrolling the strip (a scroll is not a layout shift).
  useEffect(() => {
    const el = strip.current
    const slide = el?.children[state.index] as HTMLElement | undefined
    if (el && slide) el.scrollTo({ left: slide.offsetLeft - el.offsetLeft, behavior: 'instant' })
  }, [state.index])

  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
    const c = createCarouselController({ count, autoPlay: !reduced, onChange: setState })
    controller.current = c
    setState(c.getState())
    return () => {
      c.destroy()
      controller.current = null
    }
  }, [count])

  if (count === 0) return null
  const controls = hasControls(count)
  const slideId = (i: number) => `testimonial-${testimonials[i]!.id}`
  const onDot = (i: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!controller.current) return
    e.preventDefault()
    controller.current.goTo(i)
  }

  return (
    <section aria-roledescription="carousel" aria-label={label} className="mx-auto max-w-3xl">
      {controls ? (
        // Rendered from the start but invisible until hydrated: the row's space is reserved, so
        // the controls appearing do not shift the page (CLS, docs/performance.md).
        <div className={`mb-4 flex items-center justify-between gap-4 ${hydrated ? '' : 'invisible'}`}>
          <p className="flex items-center gap-2 text-sm text-slate-300" aria-hidden={!state.autoPlaying}>
            {state.autoPlaying ? (
              <>
                <span className="relative flex h-2.5 w-2.5">
                  <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
                  <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-400" />
                </span>
                <span>Auto-playing</span>
              </>
            ) : null}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => controller.current?.prev()}
              className="rounded-full border border-white/20 px-3 py-1.5 text-slate-100 hover:bg-white/10"
              aria-controls="testimonial-slides"
            >
              <span aria-hidden="true">←</span>
              <span className="sr-only">Previous testimonial</span>
            </button>
            <button
              type="button"
              onClick={() => controller.current?.next()}
              className="rounded-full border border-white/20 px-3 py-1.5 text-slate-100 hover:bg-white/10"
              aria-controls="testimonial-slides"
            >
              <span aria-hidden="true">→</span>
              <span className="sr-only">Next testimonial</span>
            </button>
          </div>
        </div>
      ) : null}
      <div
        id="testimonial-slides"
        aria-live={state.autoPlaying ? 'off' : 'polite'}
        // Without JavaScript the strip scrolls, so keyboard users must be able to focus it.
        tabIndex={hydrated || !controls ? undefined : 0}
        // One strip with and without JavaScript, so hydrating changes no layout (CLS): without it the
        // visitor scrolls; with it the strip is scrolled to the current slide and the others are
        // invisible. No scrollbar takes space in either state.
        className={
          controls
            ? `flex snap-x snap-mandatory gap-4 pb-2 [scrollbar-width:none] ${hydrated ? 'overflow-x-hidden' : 'overflow-x-auto'}`
            : ''
        }
        ref={strip}
      >
        {testimonials.map((t, i) => (
          <div
            key={t.id}
            id={slideId(i)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={hydrated && i !== state.index ? true : undefined}
            className={controls ? `w-full shrink-0 snap-start ${hydrated && i !== state.index ? 'invisible' : ''}` : ''}
          >
            <TestimonialCard testimonial={t} />
          </div>
        ))}
      </div>
      {controls ? (
        <ul className="mt-6 flex justify-center gap-3">
          {testimonials.map((t, i) => (
            <li key={t.id}>
              <a
                href={`#${slideId(i)}`}
                onClick={onDot(i)}
                aria-current={hydrated && i === state.index ? 'true' : undefined}
                className={`block h-3 w-3 rounded-full border border-white/40 ${hydrated && i === state.index ? 'bg-brand-400' : 'bg-white/20 hover:bg-white/40'}`}
              >
                <span className="sr-only">
                  Show testimonial {i + 1} of {count} ({t.author})
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
