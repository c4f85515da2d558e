import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Field, SelectField, TextareaField } from '~/components/forms'
import { DEFAULT_SESSION_MINUTES } from '~/lib/events'
import { TALK_LIMITS } from '~/lib/talk-session'

// A session's fields on the organiser's screens (Add a speaker, and each session on a speaker's page):
// the same columns as the speakers CSV, checked on the server by the CSV's row rule.

type Meta = FieldMetadata<string | undefined>

export function SessionFields({
  fields,
  rooms,
  timeZone,
}: {
  fields: { talkTitle: Meta; talkDescription: Meta; startTime: Meta; duration: Meta; room: Meta }
  rooms: { id: string; name: string }[]
  timeZone: string
}) {
  return (
    <>
      <Field
        label="Talk title"
        inputProps={{ ...getInputProps(fields.talkTitle, { type: 'text' }), maxLength: TALK_LIMITS.title }}
        errors={fields.talkTitle.errors}
      />
      <TextareaField
        label="Talk description"
        hint="Optional."
        textareaProps={{ ...getTextareaProps(fields.talkDescription), rows: 4 }}
        errors={fields.talkDescription.errors}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Start time"
          hint={`In the event's time zone, ${timeZone}.`}
          inputProps={getInputProps(fields.startTime, { type: 'datetime-local' })}
          errors={fields.startTime.errors}
        />
        <Field
          label="Duration (minutes)"
          hint={`Empty: ${DEFAULT_SESSION_MINUTES} minutes.`}
          inputProps={{ ...getInputProps(fields.duration, { type: 'text' }), inputMode: 'numeric' }}
          errors={fields.duration.errors}
        />
        <SelectField
          label="Room"
          selectProps={getSelectProps(fields.room)}
          options={[{ value: '', label: 'No room' }, ...rooms.map((r) => ({ value: r.name, label: r.name }))]}
          errors={fields.room.errors}
        />
      </div>
    </>
  )
}
