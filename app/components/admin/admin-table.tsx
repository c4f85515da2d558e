import { Link } from '@remix-run/react'
import type { HTMLAttributes, ReactNode } from 'react'
import { ConfirmDeleteForm } from '~/components/content/confirm-submit'

// A header cell: a plain label, or a label with its own classes (right-aligned numbers, tighter cells).
export type AdminColumn = string | { label: ReactNode; className: string }

/**
 * The frame every admin list shares: a horizontally scrolling bordered box, a full-width table
 * with a screen-reader caption, one header row of scope="col" cells, and a body whose rows are
 * divided by a line. Pages pass their rows as children; what a row shows stays with the page.
 */
export function AdminTable({
  caption,
  columns,
  children,
  className = '',
  headClassName = 'bg-ink-800 text-slate-200',
  region,
}: {
  caption: ReactNode
  columns: AdminColumn[]
  children: ReactNode
  /** Extra classes for the scrolling frame, e.g. its top margin. */
  className?: string
  headClassName?: string
  /** Makes the frame a focusable named region (keyboard scrolling of a wide table). */
  region?: Pick<HTMLAttributes<HTMLDivElement>, 'aria-label'>
}) {
  const regionProps = region ? { tabIndex: 0, role: 'region', ...region } : {}
  return (
    <div className={`${className} overflow-x-auto rounded-xl border border-white/10`.trim()} {...regionProps}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={headClassName}>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={typeof column === 'string' ? 'px-4 py-3' : column.className}>
                {typeof column === 'string' ? column : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">{children}</tbody>
      </table>
    </div>
  )
}

/**
 * A row's last cell on the content lists: Edit and Delete as links, each named for the row for
 * screen readers; Delete asks first (ConfirmDeleteForm).
 */
export function AdminRowActions({
  name,
  editTo,
  deleteMessage,
  deleteFields,
}: {
  name: string
  editTo: string
  deleteMessage: string
  deleteFields: Record<string, string>
}) {
  return (
    <td className="px-4 py-3">
      <div className="flex items-center gap-3">
        <Link to={editTo} className="text-brand-300 underline hover:text-brand-100">
          Edit<span className="sr-only"> {name}</span>
        </Link>
        <ConfirmDeleteForm message={deleteMessage} fields={deleteFields} className="text-red-300 underline hover:text-red-200">
          Delete<span className="sr-only"> {name}</span>
        </ConfirmDeleteForm>
      </div>
    </td>
  )
}
