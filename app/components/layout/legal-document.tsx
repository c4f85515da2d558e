import type { LegalDoc } from '~/content/legal'
import { formatLastModified } from '~/content/legal'

/** A legal text from app/content/legal: heading, date, intro, then its sections. */
export function LegalDocument({ doc, level }: { doc: LegalDoc; level: 'page' | 'modal' }) {
  const SectionHeading = level === 'page' ? 'h2' : 'h3'
  return (
    <article className="text-slate-300">
      {level === 'page' ? <h1 className="text-3xl font-bold text-white sm:text-4xl">{doc.title}</h1> : null}
      <p className={`${level === 'page' ? 'mt-3' : ''} text-sm text-slate-400`}>{formatLastModified(doc)}</p>
      {doc.intro ? <p className="mt-4 leading-relaxed">{doc.intro}</p> : null}
      {doc.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <SectionHeading className="text-lg font-semibold text-white">{section.heading}</SectionHeading>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2 leading-relaxed">
              {p}
            </p>
          ))}
          {section.list?.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  )
}
