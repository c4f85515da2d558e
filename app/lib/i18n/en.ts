// English: the reference dictionary of the attendee's path (issue 31). Every other language file has
// exactly these keys (the type below and dictionaries.test.ts). Written with the product; the
// English wording is the specs' and the product's own.
// Checked by: the Lectern team (English is the language the product is written in).

import { LINK_REFUSED_MESSAGE } from '../links-in-text'

export const en = {
  /** How the page names a speaker who has given no name. */
  speaker: {
    unnamed: 'the speaker',
    unnamedStart: 'The speaker',
  },
  languages: {
    label: 'Language',
  },
  page: {
    preview: 'Preview: this session is a draft. Attendees get “not found” here until you make it live.',
    checkFields: ({ count }: { count: number }): string =>
      count === 1 ? 'Please check the field marked below:' : 'Please check the fields marked below:',
    offline:
      'You are offline. Your details are saved on this phone and will be sent as soon as you are back online: keep this page open.',
    optional: '(optional)',
    ratingRange: ({ label }: { label: string }) => `${label} — 1 (low) to 5 (high)`,
    honeypot: 'Leave this field empty',
    contact: 'Contact',
    privacyNotice: 'Privacy notice',
    submit: 'Send my details',
  },
  fields: {
    firstName: 'First name',
    email: 'Email',
    company: 'Company',
    jobTitle: 'Job title',
    phone: 'Phone',
    linkedin: 'LinkedIn profile',
  },
  /** The attendee form's messages, by the field (app/lib/lead-form.ts). */
  errors: {
    firstNameMissing: 'Enter your first name',
    firstNameLong: ({ max }: { max: number }) => `Keep your first name under ${max} characters`,
    emailMissing: 'Enter your email address',
    emailInvalid: 'Enter a valid email address, like name@example.com',
    emailUnicode:
      'This address has letters outside a–z before the @, and our email service cannot deliver to such addresses. Please enter another address.',
    tooLong: ({ max }: { max: number }) => `Keep this under ${max} characters`,
    phoneInvalid: 'Enter a phone number using digits (spaces, +, -, dots and brackets are fine)',
    linkedinInvalid: 'Enter a LinkedIn profile URL, like https://www.linkedin.com/in/your-name',
    answerMissing: 'Answer this question',
    singleMissing: 'Choose one option',
    singleInvalid: 'Choose one of the options shown',
    multiMissing: 'Choose at least one option',
    multiInvalid: 'Choose only from the options shown',
    ratingMissing: 'Choose a rating from 1 to 5',
    linkRefused: LINK_REFUSED_MESSAGE,
  },
  /** Messages above the form. */
  form: {
    unreadable: 'We could not read that form. Please fill it in again.',
    tooLarge: 'That form was too large to send. Please shorten your answers and send it again.',
    expiredCheck: 'This form had expired. Please check your details and send them again.',
    expired: 'This form had expired. Please send it again.',
    busy: 'So many people are signing up right now that yours did not go through. Please send it again in a minute.',
  },
  /** The notice under the speaker's wording (app/lib/consent-text.ts). */
  consent: {
    defaultWording: ({ speakerStart }: { speakerStart: string }) =>
      `${speakerStart} will use the details you enter here to send you what is offered and to follow up on this talk. You can have them erased at any time with the link in your confirmation email.`,
    /** An event's session before anyone edits it: it names no recipient (the line below it does). */
    eventWording:
      'The details you enter here are used to send you what is offered and to follow up on this talk. You can have them erased at any time with the link in your confirmation email.',
    defaultMarketing: ({ speaker }: { speaker: string }) => `Yes, ${speaker} may also email me about future talks and resources.`,
    controller: ({ speaker, brand }: { speaker: string; brand: string }) =>
      `Your details go to ${speaker}, who decides how they are used. ${brand} stores them on ${speaker}'s behalf.`,
    toOrganiser: ({ organiser, speaker, brand }: { organiser: string | null; speaker: string; brand: string }) =>
      `Your details go to ${organiser ? `${organiser}, the organiser of this event,` : 'the organiser of this event,'} who decides how they are used. The speaker, ${speaker}, does not receive them. ${brand} stores them on ${organiser ?? 'the organiser'}'s behalf.`,
    toSpeaker: ({ organiser, speaker, brand }: { organiser: string | null; speaker: string; brand: string }) =>
      `Your details go to ${speaker}, the speaker, who decides how they are used. ${organiser ? `The organiser, ${organiser},` : 'The organiser'} does not receive them. ${brand} stores them on ${speaker}'s behalf.`,
    toBoth: ({ organiser, speaker, brand }: { organiser: string | null; speaker: string; brand: string }) =>
      `Your details go to ${organiser ? `${organiser}, the organiser of this event,` : 'the organiser of this event,'} who decides how they are used. ${speaker}, the speaker, receives them too only if you tick the box below. ${brand} stores them on their behalf.`,
    shareBox: ({ speaker }: { speaker: string }) =>
      `Also share my details with ${speaker}, the speaker, who may then contact me about this talk`,
    contactLine: ({ contact }: { contact: string }) => `Contact: ${contact}`,
    privacyLine: ({ url }: { url: string }) => `Privacy notice: ${url}`,
    /** Who received one capture, for the thank-you page and the email. */
    organiserNamed: ({ organiser }: { organiser: string }) => `${organiser} (the organiser)`,
    organiserUnnamed: 'the organiser of this event',
    speakerRole: ({ speaker }: { speaker: string }) => `${speaker} (the speaker)`,
  },
  thanks: {
    title: 'Thank you',
    heading: ({ firstName }: { firstName: string }) => `Thanks, ${firstName}!`,
    detailsWith: ({ names }: { names: string }) => `Your details are with ${names}.`,
    emailSent: 'We have also sent you an email with everything on this page.',
    emailSkipped:
      'We did not send you a confirmation email: too many have gone to this address, or from this page, recently. Bookmark this page to keep the offer.',
    download: ({ file }: { file: string }) => `Download ${file}`,
    downloadFile: 'Download the file',
    openOffer: 'Open the offer',
    keepInTouch: 'Keep in touch',
    saveCard: ({ speaker }: { speaker: string }) => `Save ${speaker}’s contact card`,
    changedMindAsk: ({ speaker }: { speaker: string }) => `Changed your mind? Ask ${speaker} to erase your details.`,
    changedMindEmail: 'Changed your mind? The email we sent has a link to erase your details.',
    spamLine: 'Your details have been sent.',
    notFound: 'This thank-you page does not exist, or the details behind it were erased.',
  },
  messages: {
    notFoundTitle: 'Page not found',
    notFound: 'There is no session page at this address. Check the link or scan the QR code again.',
    cardUnavailable: 'This contact card is not available.',
    fileNotFoundTitle: 'File not found',
    downloadUnavailable: 'This download is not available.',
    endedTitle: 'This session has ended',
    ended: ({ speakerStart, headline, event }: { speakerStart: string; headline: string; event: string }) =>
      `${speakerStart} is no longer collecting details for “${headline}” at ${event}.`,
    endedEmail: 'If you already left your details, the email you received still has everything.',
  },
  /** The unsubscribe page of a follow-up email, /u/{token} (issue 32 Deliver 4). */
  unsubscribe: {
    title: 'Unsubscribe',
    description: 'Stop emails from this sender.',
    ask: ({ speaker }: { speaker: string }) => `Stop emails from ${speaker}? It takes effect at once.`,
    button: 'Unsubscribe',
    done: ({ speaker }: { speaker: string }) => `You are unsubscribed: ${speaker} will not email you again.`,
    unknownTitle: 'Link not known',
    unknown: 'This unsubscribe link is not known. If you copied it from an email, check that it is complete.',
  },
  erase: {
    title: 'Erase your details',
    explain: ({ firstName }: { firstName: string }) =>
      `${firstName}, this erases the details you left on this session page: the speaker will no longer have them, and they cannot be restored.`,
    button: 'Erase my details',
    nothingTitle: 'Nothing to erase',
    nothing: 'These details have already been erased, or this link is not valid.',
    erasedTitle: 'Your details have been erased',
    erased:
      'The speaker no longer has the details you left on this session page. We kept only a record that an erasure happened, without your details.',
    /** Issue 33 Deliver 2: the same link withdraws only a testimonial. */
    quoteOr: 'Or keep your details with the speaker and only withdraw your permission to quote your feedback.',
    quoteButton: 'Withdraw my quote only',
    withdrawnTitle: 'Your quote has been withdrawn',
    withdrawn:
      'The speaker can no longer quote your feedback: it has been removed from their profile and the event page. Your details stay with the speaker; the link in your email still erases them.',
  },
  /** The attendee's confirmation email (app/emails/leads.ts). */
  email: {
    subjectOffer: ({ offer, speaker }: { offer: string; speaker: string }) => `${offer}, from ${speaker}`,
    subject: ({ speaker }: { speaker: string }) => `Thanks for your interest in ${speaker}'s talk`,
    title: ({ firstName }: { firstName: string }) => `Thanks, ${firstName}`,
    opening: ({ firstName, speaker, talk, event }: { firstName: string; speaker: string; talk: string; event: string }) =>
      `Hi ${firstName}, thanks for leaving your details at ${speaker}'s talk "${talk}" at ${event}.`,
    promisedNamed: ({ speaker, offer }: { speaker: string; offer: string }) => `Here is what ${speaker} promised: ${offer}.`,
    promised: ({ speaker }: { speaker: string }) => `Here is what ${speaker} promised.`,
    getIt: ({ url }: { url: string }) => `Get it here: ${url}`,
    cardPage: ({ speaker, url }: { speaker: string; url: string }) => `Your page with ${speaker}'s contact card: ${url}`,
    privacySpeaker: ({ speaker, brand }: { speaker: string; brand: string }) =>
      `Your details went to ${speaker}, who decides how they are used; ${brand} stores them on ${speaker}'s behalf. To erase your details, open this link and confirm:`,
    privacyMany: ({ names, count, brand }: { names: string; count: number; brand: string }) =>
      `Your details went to ${names}, ${count > 1 ? 'who each decide' : 'who decides'} how they are used; ${brand} stores them on their behalf. To erase your details, open this link and confirm:`,
    buttonOffer: 'Get it now',
    buttonCard: ({ speaker }: { speaker: string }) => `Save ${speaker}'s contact card`,
    eraseLink: 'Erase my details',
  },
  /** Feedback in the room (issue 33): the section of the attendee page and its thank-you page. */
  feedback: {
    heading: 'Your feedback',
    opensOn: ({ time }: { time: string }) => `Feedback on this talk opens on ${time}.`,
    openUntil: ({ time }: { time: string }) => `Feedback is open until ${time}.`,
    closedOn: ({ time }: { time: string }) => `Feedback on this talk closed on ${time}.`,
    withoutDetails: 'You can give it without leaving your details.',
    changeUntil: ({ time }: { time: string }) => `You gave feedback from this browser; you can change it until ${time}.`,
    given: ({ time }: { time: string }) => `You gave feedback on this talk from this browser on ${time}. Thank you!`,
    rating: 'How was the talk? 1 (low) to 5 (high)',
    better: 'What would have made it better?',
    use: 'What will you use?',
    ifLow: 'If you rated it 1, 2 or 3',
    ifHigh: 'If you rated it 4 or 5',
    part: ({ label }: { label: string }) => `${label}, 1 to 5 (optional)`,
    content: 'Content',
    delivery: 'Delivery',
    slides: 'Slides',
    quote: ({ speaker }: { speaker: string }) => `You may quote this on ${speaker}'s profile with my name`,
    quoteTitle: ({ speaker }: { speaker: string }) => `You may quote this on ${speaker}'s profile with my name and title`,
    quoteCompany: ({ speaker }: { speaker: string }) => `You may quote this on ${speaker}'s profile with my name and company`,
    quoteBoth: ({ speaker }: { speaker: string }) => `You may quote this on ${speaker}'s profile with my name, title and company`,
    withTitle: '… and my job title',
    withCompany: '… and my company',
    booking: ({ speaker }: { speaker: string }) => `Should ${speaker} speak at your company or event?`,
    bookingHint: ({ speaker }: { speaker: string }) =>
      `Tell us where, and leave your details below: ${speaker} will get back to you.`,
    organisation: 'Company or event',
    role: 'Your role',
    when: 'When',
    details: 'Your details',
    detailsHint: 'Optional for feedback; needed for the offer, a quote with your name or a booking.',
    submit: 'Send',
    partInvalid: 'Choose a rating from 1 to 5, or leave it empty',
    followUpLong: ({ max }: { max: number }) => `Keep your answer under ${max} characters`,
    wrongFollowUp: ({ label }: { label: string }) =>
      `This question is not for the rating you chose: write your answer under “${label}”.`,
    quoteNeedsName: 'Enter your first name and email below so the speaker can quote you with your name',
    quotePartWithoutQuote: 'Tick the box above to let them quote you, or untick this one',
    bookingNeedsDetails: 'Enter your first name and email below so the speaker can reply about this',
    organisationMissing: 'Enter the company or event',
    nothingToSend: 'Choose a rating, or leave your details below',
    closed: 'Feedback on this session is closed.',
    editExpired: 'You gave feedback on this session more than 24 hours ago from this browser; it can no longer be changed.',
    thanksTitle: 'Thank you for your feedback',
    willRead: ({ speakerStart }: { speakerStart: string }) => `${speakerStart} will read it.`,
    changeFrom: ({ time }: { time: string }) => `You can change it from this browser until ${time}.`,
    offer: ({ offer }: { offer: string }) => `Want ${offer}? Leave your details on the session page.`,
    changeLink: 'Change my feedback or leave my details',
    back: 'Back to the session page',
  },
  /** The public event pages /e/{slug} and /e/{slug}/{speaker} (issue 31 Deliver 1). */
  event: {
    programme: 'Programme',
    pageTitle: ({ event }: { event: string }) => `${event} – Programme`,
    summary: ({ event, dates, place }: { event: string; dates: string; place: string }) =>
      `The programme of ${event}: ${dates}, ${place}.`,
    online: 'Online',
    zone: ({ zone }: { zone: string }) => `Times are local to the event (${zone}).`,
    soon: 'The programme will be announced soon.',
    noRoom: 'Room to be announced',
    ended: 'This event has ended. Its programme stays here for reference.',
    testimonials: 'What the audience said',
    attribution: ({ author, talk, event }: { author: string; talk: string; event: string }) =>
      `— ${author}, on “${talk}” at ${event}`,
    back: ({ event }: { event: string }) => `← ${event} programme`,
    speakingAt: ({ event }: { event: string }) => `Speaking at ${event}`,
    about: 'About',
    talksAt: ({ count, event }: { count: number; event: string }) => (count === 1 ? `Talk at ${event}` : `Talks at ${event}`),
    attendeePage: 'Open the talk’s attendee page',
    speakerTitle: ({ speaker, event }: { speaker: string; event: string }) => `${speaker} at ${event}`,
    speakerSummary: ({ speaker, role, event }: { speaker: string; role: string; event: string }) =>
      role ? `${speaker}, ${role}, speaks at ${event}.` : `${speaker} speaks at ${event}.`,
  },
}

/** The shape every language file has: the English file's keys, each a text or a function of the same values. */
export type Dictionary = typeof en
