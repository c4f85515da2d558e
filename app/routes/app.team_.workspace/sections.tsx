import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClass, CheckboxField, ErrorList, Field, FormMessage, SelectField } from '~/components/forms'
import { Modal } from '~/components/modal'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { LANGUAGE_NAMES_IN_ENGLISH, LANGUAGES } from '~/lib/i18n/languages'
import { DELETE_CONFIRM, WORKSPACE_NAME_MAX } from '~/lib/workspace-name'

// The sections of /app/team/workspace; each is its own form, told apart by `intent`.

type Result = { lastResult?: SubmissionResult<string[]> }

function Section({
  id,
  title,
  tone = 'plain',
  anchor,
  children,
}: {
  id: string
  title: string
  tone?: 'plain' | 'danger'
  /** An id to link to (`#anchor`), where another page or section points at this one. */
  anchor?: string
  children: ReactNode
}) {
  const frame = tone === 'danger' ? 'border-red-400/40 bg-red-950/30' : 'border-white/10 bg-ink-900/60'
  return (
    <section id={anchor} aria-labelledby={`${id}-title`} className={`mt-8 max-w-2xl rounded-xl border p-6 ${frame}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** For the admin the owner chose: accept or decline the ownership. */
export function OfferBanner({ from, name, lastResult }: { from: string; name: string } & Result) {
  const [form] = useServerForm({ id: 'answer-offer', lastResult })
  return (
    <section
      aria-labelledby="offer-title"
      className="mt-6 max-w-2xl rounded-xl border border-brand-400/50 bg-ink-900 p-6 text-slate-100"
    >
      <h2 id="offer-title" className="text-lg font-semibold text-white">
        {from} offered you the ownership of {name}
      </h2>
      <p className="mt-2 text-sm">
        As the owner you alone can delete the workspace and hand it on, and you cannot leave before handing it on. {from} becomes
        an admin.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="answer-offer" />
        <button type="submit" name="answer" value="accept" className={buttonClass.primary}>
          Accept ownership
        </button>
        <button type="submit" name="answer" value="decline" className={buttonClass.secondary}>
          Decline
        </button>
      </WorkspaceForm>
      <ErrorList id={form.errorId} errors={form.errors} />
    </section>
  )
}

export function NameSection({ name, lastResult }: { name: string } & Result) {
  const [form, fields] = useServerForm<{ name: string }>({ id: 'rename', lastResult, defaultValue: { name } })
  return (
    <Section id="rename" title="Name">
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="rename" />
        <Field
          className="min-w-72"
          label="Workspace name"
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: WORKSPACE_NAME_MAX, autoComplete: 'off' }}
        />
        <button type="submit" className={buttonClass.secondary}>
          Rename
        </button>
      </WorkspaceForm>
    </Section>
  )
}

export function SeeAllSection({ on, lastResult }: { on: boolean } & Result) {
  const [form, fields] = useServerForm<{ membersSeeAllLeads: boolean }>({
    id: 'see-all-leads',
    lastResult,
    defaultValue: { membersSeeAllLeads: on ? 'on' : undefined },
  })
  return (
    <Section id="see-all" title="Lead visibility">
      <p className="mt-2 text-sm text-slate-300">
        {on
          ? 'Members see every lead of the workspace.'
          : 'Members see the leads of the sessions they run. The owner and admins always see every lead.'}
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="see-all-leads" />
        <CheckboxField
          label="Members see every lead"
          errors={fields.membersSeeAllLeads.errors}
          inputProps={getInputProps(fields.membersSeeAllLeads, { type: 'checkbox' })}
        />
        <button type="submit" className={buttonClass.secondary}>
          Save lead visibility
        </button>
      </WorkspaceForm>
    </Section>
  )
}

/** The language attendee pages fall back to, and the one the sessions' own words are written in (issue 31). */
export function LanguageSection({ language, lastResult }: { language: string } & Result) {
  const [form, fields] = useServerForm<{ language: string }>({ id: 'language', lastResult, defaultValue: { language } })
  return (
    <Section id="language" title="Language of attendee pages">
      <p className="mt-2 text-sm text-slate-300">
        Attendee pages and emails follow each attendee’s own language when a session has its wording in it. When nothing an
        attendee’s browser asks for is available, they are in this language, which is also the one your sessions’ own words are
        written in.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="language" />
        <SelectField
          label="Language"
          selectProps={getSelectProps(fields.language)}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES_IN_ENGLISH[l] }))}
          errors={fields.language.errors}
        />
        <button type="submit" className={buttonClass.secondary}>
          Save language
        </button>
      </WorkspaceForm>
    </Section>
  )
}

/** The owner hands the workspace to an admin, who must accept; a pending offer can be withdrawn. */
export function OwnershipSection({
  admins,
  offeredTo,
  lastResult,
}: { admins: { value: string; label: string }[]; offeredTo: string | null } & Result) {
  const [form, fields] = useServerForm<{ toUserId: string }>({ id: 'offer', lastResult })
  return (
    // The owner's "Leave the workspace" note links here (OwnerLeaveNote).
    <Section id="ownership" title="Transfer ownership" anchor="ownership">
      {offeredTo ? (
        <>
          <p className="mt-2 text-sm text-slate-300">
            Offered to {offeredTo}. The ownership moves when they accept; until then you are the owner.
          </p>
          <WorkspaceForm method="post" className="mt-4">
            <input type="hidden" name="intent" value="cancel-offer" />
            <button type="submit" className={buttonClass.secondary}>
              Cancel the offer
            </button>
          </WorkspaceForm>
        </>
      ) : admins.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">
          Ownership can only go to an admin of this workspace. Make a member an admin on their page first.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-300">
            The admin you choose becomes the owner once they accept, and you become an admin.
          </p>
          <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
            <input type="hidden" name="intent" value="offer" />
            <SelectField
              className="min-w-64"
              label="New owner"
              errors={fields.toUserId.errors}
              selectProps={getSelectProps(fields.toUserId)}
              options={admins}
            />
            <button type="submit" className={buttonClass.secondary}>
              Offer ownership
            </button>
          </WorkspaceForm>
        </>
      )}
    </Section>
  )
}

/** Leaving asks once more, in an addressable modal (?modal=leave), so it works without JavaScript. */
export function LeaveModal({ name, lastResult }: { name: string } & Result) {
  const [form] = useServerForm({ id: 'leave', lastResult })
  return (
    <Modal title={`Leave ${name}?`}>
      <p className="text-sm text-slate-200">
        You lose access at once. What you created stays in the workspace, handed to its owner. To come back, an admin has to
        invite you again.
      </p>
      {form.errors?.length ? (
        <div className="mt-4">
          <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage>
        </div>
      ) : null}
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="leave" />
        <button type="submit" className={buttonClass.danger}>
          Leave the workspace
        </button>
        <Link to="." className={buttonClass.secondary}>
          Stay
        </Link>
      </WorkspaceForm>
    </Modal>
  )
}

export function DeleteSection({ name, lastResult }: { name: string } & Result) {
  const [form, fields] = useServerForm<{ confirmName: string }>({ id: 'delete-workspace', lastResult })
  return (
    <Section id="delete" title="Delete the workspace" tone="danger">
      <p className="mt-2 text-sm text-slate-200">
        This deletes its talks, sessions and QR codes (their attendee pages stop working at once), every lead and person with
        their notes and timeline, its webhooks, integrations and invitations, and removes every member. It cannot be undone.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="delete" />
        <Field
          className="max-w-md"
          label={DELETE_CONFIRM}
          hint={name}
          errors={fields.confirmName.errors}
          inputProps={{ ...getInputProps(fields.confirmName, { type: 'text' }), autoComplete: 'off' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={buttonClass.danger}>
            Delete {name}
          </button>
        </div>
      </WorkspaceForm>
    </Section>
  )
}
