import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { EventForm, NEW_EVENT_DEFAULTS } from '~/components/events/event-form'
import { EventsPlanNotice } from '~/components/events/event-status'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { getConfig } from '~/config.server'
import { EVENT_ERRORS, EventSchema } from '~/lib/event-form'
import { timeZoneList } from '~/lib/time-zone'
import { createEvent } from '~/models/events.server'
import { auditActor, hasEventsPlan, requireEventsPlan } from '~/services/event-scope.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'events.manage')
  return { canCreate: hasEventsPlan(scope), timeZones: timeZoneList(), appUrl: getConfig().appUrl }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'events.manage')
  requireEventsPlan(scope)
  const submission = parseWithZod(await readForm(request), { schema: EventSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const created = await createEvent(scope.ownerId, auditActor(scope), submission.value)
  if (!created.ok) return data({ result: submission.reply({ fieldErrors: { slug: [EVENT_ERRORS.slugTaken] } }) }, { status: 409 })
  // Next: the rooms, then the speakers.
  return redirectWithToast(`/app/events/${created.event.id}/settings`, {
    type: 'success',
    description: 'Event created as a draft. Add its rooms, then import its speakers.',
  })
}

export default function NewEvent() {
  const { canCreate, timeZones, appUrl } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader
        title="New event"
        intro="An event has its own public page with the programme by day and room. It stays a draft, seen only here, until you publish it."
      />
      {canCreate ? (
        <EventForm
          defaults={NEW_EVENT_DEFAULTS}
          timeZones={timeZones}
          appUrl={appUrl}
          lastResult={actionData?.result}
          submitLabel="Create event"
          cancelTo="/app/events"
          editing={false}
        />
      ) : (
        <EventsPlanNotice />
      )}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'New event')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
