import { Field, type ListOfErrors } from '~/components/forms'
import { DISPLAY_NAME_MAX } from '~/lib/speaker-name'

// The name asked by the go-live button when the session's page would name nobody (issue 29
// Deliver 7; goLiveAskingName in app/services/first-run.server.ts): posted with the button, saved
// as Settings → Your name, and the session goes live in the same request. A plain field: without
// JavaScript the server's message comes back by it.

export function GoLiveName({ errors }: { errors?: ListOfErrors }) {
  return (
    <Field
      className="mb-2 w-full max-w-md"
      label="Your name, as attendees will see it"
      hint="The session page, their emails and the consent notice name who receives their details. Going live saves it as your name in Settings."
      errors={errors}
      inputProps={{ id: 'go-live-name', name: 'displayName', type: 'text', autoComplete: 'name', maxLength: DISPLAY_NAME_MAX }}
    />
  )
}
