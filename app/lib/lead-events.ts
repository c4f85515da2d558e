// The changes to a person that the outside world hears about (webhooks, CRMs): the `lead.event`
// job's events (app/models/lead-events.server.ts).

export const OUTSIDE_EVENTS = ['lead.created', 'lead.updated', 'lead.deleted'] as const
export type OutsideEvent = (typeof OUTSIDE_EVENTS)[number]
