import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { currentWorkspaceCookie, requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Field } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { WORKSPACE_NAME_MAX, WorkspaceNameSchema } from '~/lib/workspace-name'
import { createWorkspace } from '~/models/workspace-lifecycle.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// A new team workspace (issue 21 Deliver 5 and 6): the person who makes it is its owner, and it
// becomes the current one.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspace(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request)
  const submission = parseWithZod(await readForm(request), { schema: WorkspaceNameSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const id = await createWorkspace({ id: scope.userId, email: scope.user.email }, submission.value.name)
  return redirectWithToast(
    '/app/team/workspace',
    { type: 'success', description: `${submission.value.name} is created, and you are its owner.` },
    { headers: { 'Set-Cookie': await currentWorkspaceCookie(id) } },
  )
}

export default function NewWorkspace() {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useServerForm<{ name: string }>({ id: 'new-workspace', lastResult: actionData?.result })
  return (
    <>
      <PageHeader
        title="New workspace"
        intro="A workspace holds talks, sessions and leads that a team works on together. You will be its owner."
      />
      <WorkspaceForm
        method="post"
        {...getFormProps(form)}
        className="mt-8 flex max-w-2xl flex-col gap-4 rounded-xl border border-white/10 bg-ink-900/60 p-6"
      >
        <Field
          label="Workspace name"
          hint="Your team’s or company’s name, for example."
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: WORKSPACE_NAME_MAX, autoComplete: 'off' }}
        />
        <p className="text-sm text-slate-300">
          A new workspace starts on the Free plan, which holds one person: you. Teammates can join once a site admin has set its
          plan to Professional / Teams or Event Organiser.
        </p>
        <div>
          <button type="submit" className={buttonClass.primary}>
            Create workspace
          </button>
        </div>
      </WorkspaceForm>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'New workspace')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
