import { Link } from '@remix-run/react'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useHydrated } from '~/components/use-hydrated'

export type TabItem<Id extends string> = { id: Id; label: string }

/**
 * Tabs that work without JavaScript: plain links (?plan=…#anchor) that reload the panel. Once
 * hydrated they become ARIA tabs (arrow keys, Home/End) that switch without a round trip.
 */
export function PlanTabs<Id extends string>({
  tabs,
  selected,
  hrefFor,
  onSelect,
  label,
  idPrefix,
  children,
}: {
  tabs: ReadonlyArray<TabItem<Id>>
  selected: Id
  hrefFor: (id: Id) => string
  onSelect: (id: Id) => void
  label: string
  idPrefix: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const panelId = `${idPrefix}-panel`

  if (!hydrated) {
    return (
      <div>
        <nav aria-label={label}>
          <ul className="flex flex-wrap gap-2 border-b border-white/10">
            {tabs.map((t) => (
              <li key={t.id}>
                <Link
                  to={hrefFor(t.id)}
                  replace
                  preventScrollReset
                  aria-current={t.id === selected ? 'true' : undefined}
                  className={tabClass(t.id === selected)}
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div id={panelId} className="pt-8">
          {children}
        </div>
      </div>
    )
  }

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1
    if (next === -1) return
    e.preventDefault()
    onSelect(tabs[next]!.id)
    refs.current[next]?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2 border-b border-white/10">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={t.id === selected}
            aria-controls={panelId}
            tabIndex={t.id === selected ? 0 : -1}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={tabClass(t.id === selected)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${selected}`} tabIndex={0} className="pt-8">
        {children}
      </div>
    </div>
  )
}

function tabClass(active: boolean) {
  return `-mb-px inline-block border-b-2 px-4 py-2 font-semibold ${active ? 'border-brand-400 text-white' : 'border-transparent text-slate-300 hover:text-white'}`
}
