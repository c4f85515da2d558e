import { SpeakerDataError } from '~/models/speakers.server'

// spec 001 §8 save-error rules, shared by the submission screen and the admin editor.

export const UNEXPECTED_SAVE_ERROR = 'An unexpected error occurred. Please try again or contact support.'

/** Form-level messages for a failed save: the duplicate slug carries the support line. */
export function saveErrorMessages(error: unknown, options: { prefix: string; teamEmail: string }): string[] {
  if (error instanceof SpeakerDataError && error.code === 'duplicate-slug') {
    return [error.message, `If this is your existing profile, please contact support at ${options.teamEmail}`]
  }
  if (error instanceof Error && error.message) return [`${options.prefix}${error.message}`]
  return [`${options.prefix}${UNEXPECTED_SAVE_ERROR}`]
}
