/**
 * "100 Ways" catalogue, part 1: in-person and virtual events.
 * Assembled into `ideaSections` by `ideas.ts`.
 */
import type { Idea } from './types'

export const stageIdeas: Idea[] = [
  {
    title: 'Leave the QR code up during Q&A',
    description:
      "Put your talk's QR code on the closing slide and keep it on screen for the whole Q&A. Phones are already out and attention is at its peak.",
    tag: 'Speaker',
  },
  {
    title: 'Trade the slide deck for a scan',
    description:
      'Promise the full deck, speaker notes included, to everyone who scans. A concrete deliverable converts far better than a vague "let\'s connect".',
    tag: 'Speaker',
  },
  {
    title: 'Run a live poll halfway through',
    description:
      'Ask one question mid-talk and collect answers on your landing page, then reveal the results before you close. The audience gets a moment of participation; you get their details and their opinion.',
    tag: 'Speaker',
  },
  {
    title: 'Put a small QR code in every slide footer',
    description:
      'Late arrivals and early leavers never see your closing slide. A discreet code in the footer gives them a way in at any point of the talk.',
    tag: 'Speaker',
  },
  {
    title: 'Collect audience questions by scan',
    description:
      'Take questions through your landing page instead of a roaming microphone. Answer the best ones live and reply to the rest by email, which gives you a natural reason to follow up.',
    tag: 'Speaker',
  },
  {
    title: 'Wear your QR code after the session',
    description:
      'Clip a badge-sized print of your QR code to your lanyard. Hallway conversations then end with a scan rather than a business card that gets lost in a bag.',
    tag: 'Speaker',
  },
  {
    title: 'Replace the business-card fishbowl',
    description:
      'Swap the prize-draw bowl on your stand for a QR stand. Entrants get an instant confirmation, and you get typed, consented contact details instead of handwriting to decipher.',
    tag: 'Exhibitor',
  },
  {
    title: 'Add a qualifying question at each demo station',
    description:
      'Place a QR code beside every demo screen and ask one question, such as team size or buying timeline. Your sales team knows who to call first before the show is over.',
    tag: 'Exhibitor',
  },
  {
    title: 'Give staff a QR code on their badges',
    description:
      "Print the stand's landing page code on every team member's badge. Visitors who talk to someone away from the stand can still leave their details in seconds.",
    tag: 'Exhibitor',
  },
  {
    title: 'Give every session its own page',
    description:
      'Create one landing page and QR code per session rather than one for the whole event. You will see which talks generated real interest, not just which rooms were full.',
    tag: 'Event Organiser',
  },
  {
    title: 'Drop a card on every seat',
    description:
      "Leave a small card on each seat before doors open with the session's QR code and a one-line reason to scan. People scan while they wait for the talk to begin.",
    tag: 'Event Organiser',
  },
  {
    title: 'Share one page across a panel',
    description:
      'Give a panel a single landing page listing every panellist, and let attendees tick whose follow-up they want. Each panellist receives only the leads who asked for them.',
    tag: 'Event Organiser',
  },
  {
    title: 'Turn meetup check-in into a sign-up',
    description:
      'Use a QR check-in page at community meetups that asks which topic people want next time. You build your attendee list and your next agenda at once.',
    tag: 'Event Organiser',
  },
  {
    title: 'Hand out the workshop worksheet by scan',
    description:
      'Make the workshop worksheet available only through your landing page. Every participant registers before the first exercise, and you know exactly who attended.',
    tag: 'Creator',
  },
  {
    title: 'Offer a bonus chapter in the signing queue',
    description:
      'At book signings, invite people to scan for a bonus chapter while they wait in line. The queue becomes your most productive sign-up window of the day.',
    tag: 'Creator',
  },
  {
    title: 'End your pitch with an interest form',
    description:
      'At demo days and pitch nights, close on a QR code leading to a short form that asks whether the person is a potential customer, partner or investor. Follow up with each group differently.',
    tag: 'Founder',
  },
  {
    title: 'Open office-hours slots after your talk',
    description:
      'Offer a handful of fifteen-minute conversations right after your session, requested from your landing page. Scarcity makes people act, and every request is a warm lead.',
    tag: 'Founder',
  },
  {
    title: 'Run a prize draw with honest terms',
    description:
      'If you run a draw, state the prize, closing date and how the winner is chosen on the landing page next to the privacy notice. Clear terms build trust and keep you compliant.',
    tag: 'Marketer',
  },
  {
    title: 'Share roundtable notes with participants',
    description:
      'Host a roundtable, then send the written summary to everyone who scans. Each person chose that topic, so each one is a prospect with a known problem.',
    tag: 'Sales',
  },
  {
    title: 'Give each client stand its own branded page',
    description:
      'When you run stands for several clients at one show, set up a separately branded landing page per client. Leads stay cleanly separated and every client gets its own report.',
    tag: 'Agency',
  },
]

export const virtualIdeas: Idea[] = [
  {
    title: 'Show the QR code in the waiting room',
    description:
      'Display your landing page code on the holding slide while people join. Early arrivals sign up before you say a word.',
    tag: 'Virtual Host',
  },
  {
    title: 'Pin the link in chat three times',
    description:
      'Post a short link to your landing page at the start, the middle and the end of the session. Attendees watching on a laptop click rather than scan.',
    tag: 'Virtual Host',
  },
  {
    title: 'Overlay the QR code on the livestream',
    description:
      'Add the code as a lower-third overlay for half a minute after each key point. Viewers on a TV or second screen can scan it with their phone.',
    tag: 'Virtual Host',
  },
  {
    title: 'Send breakout rooms to a shared worksheet',
    description:
      'Before splitting into breakout rooms, link everyone to a worksheet on your landing page. You capture every participant, including those who never turn their camera on.',
    tag: 'Virtual Host',
  },
  {
    title: 'Announce the next live session on screen',
    description:
      'Close with the date of your next session and a link to reserve a place. A confirmed next step keeps your audience from drifting away.',
    tag: 'Virtual Host',
  },
  {
    title: 'Use one page for the room and the stream',
    description:
      'Give in-room and remote attendees the same landing page with a field asking how they joined. You can then compare both audiences and plan the next hybrid event on evidence.',
    tag: 'Event Organiser',
  },
  {
    title: 'Give every virtual-summit speaker a page',
    description:
      'Provide each speaker at an online summit with their own landing page and code. The organiser dashboard then shows engagement by speaker and by session.',
    tag: 'Event Organiser',
  },
  {
    title: 'Issue attendance certificates on request',
    description:
      'Offer a certificate of attendance or continuing-education record to anyone who requests it from the landing page. Professionals value the record, and you get accurate details.',
    tag: 'Event Organiser',
  },
  {
    title: 'Gate the replay behind the landing page',
    description:
      'Share the recording only through your landing page. People who missed the live session still become leads, and you learn how many watched later.',
    tag: 'Creator',
  },
  {
    title: 'Give podcast listeners a memorable short link',
    description:
      'When you appear as a podcast guest, read out a short, easy-to-spell link to a resource tied to the episode. Audio audiences cannot scan, but they can remember a clean address.',
    tag: 'Creator',
  },
  {
    title: 'Share starter code from live coding sessions',
    description:
      'In technical sessions, give access to the starter repository or finished code through your landing page. Developers sign up because they want to keep building.',
    tag: 'Creator',
  },
  {
    title: 'Split the replay into chapters',
    description:
      'Send the replay with timestamped chapters so people can jump to the part they care about. Note which chapters get opened to learn what your audience values most.',
    tag: 'Creator',
  },
  {
    title: 'Link your virtual booth to a qualifying form',
    description:
      "At online trade shows, point the booth's contact button at a landing page with one qualifying question. You skip the generic contact list the platform exports afterwards.",
    tag: 'Exhibitor',
  },
  {
    title: 'Answer leftover questions by email',
    description:
      'When time runs out, tell viewers that every unanswered question submitted on your page gets a written reply. It turns a rushed ending into a reason to sign up.',
    tag: 'Speaker',
  },
  {
    title: 'Run your hybrid polls from one page',
    description:
      'Ask the room and the stream to vote on the same landing page so both audiences are counted together. Remote viewers feel included instead of watching others participate.',
    tag: 'Speaker',
  },
  {
    title: 'Host an online fireside chat with your customers',
    description:
      'Invite a customer to an informal conversation about the problem your company solves and offer the recording to viewers who sign up. Prospects hear the value from a peer.',
    tag: 'Founder',
  },
  {
    title: 'Give co-hosted webinars separate pages',
    description:
      'When co-hosting with a partner, give each partner its own landing page with its own privacy notice. Each attendee knows who holds their data, and each side gets its own leads.',
    tag: 'Agency',
  },
  {
    title: 'Ask for time zone on the sign-up page',
    description:
      'Add an optional time-zone field so follow-up emails and invitations land during working hours. A small detail with a visible effect on open rates.',
    tag: 'Marketer',
  },
  {
    title: 'Build a resource hub for every webinar',
    description:
      'Collect the slides, recording, links and templates mentioned in the session on one page that requires a sign-up. It keeps earning leads long after the live date.',
    tag: 'Marketer',
  },
  {
    title: 'Offer opt-in introductions after online networking',
    description:
      'After a virtual networking round, let participants choose on your page whether they want an introduction to someone they met. You become the useful connector, with consent on record.',
    tag: 'Sales',
  },
]
