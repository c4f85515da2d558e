import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSpeakerOrAdmin } from '~/auth/guards.server'
import bioCss from '~/components/bio-editor/bio-content.css?url'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ProfileSubmissions } from '~/components/speakers/profile-submissions'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WORKSPACE_PROFILE_PATH } from '~/lib/constants'
import { loadOwnSubmissions, saveOwnSubmission } from '~/services/speaker-submissions.server'

// The workspace's Profile (issue 20 §7b): the same profile submissions as the public screen of
// spec 001 §4, inside the workspace shell — its nav, and the header's one Log out.

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

export async function loader({ request }: LoaderFunctionArgs) {
  return loadOwnSubmissions(request, await requireSpeakerOrAdmin(request))
}

export async function action({ request }: ActionFunctionArgs) {
  return saveOwnSubmission(request, await requireSpeakerOrAdmin(request), WORKSPACE_PROFILE_PATH)
}

export default function WorkspaceProfile() {
  const data = useLoaderData<typeof loader>()
  return (
    <ProfileSubmissions
      data={data}
      path={WORKSPACE_PROFILE_PATH}
      header={
        <PageHeader
          title={data.editId ? 'Edit your speaker profile' : 'Your speaker profile'}
          intro="Your page in the speaker directory; its name and photo show on your session pages. Changes are reviewed before they are published."
        />
      }
    />
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Profile')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
