/**
 * "100 Ways" catalogue, part 2: social media, email and messaging, sales.
 * Assembled into `ideaSections` by `ideas.ts`.
 */
import type { Idea } from './types'

export const socialIdeas: Idea[] = [
  {
    title: 'Tease the talk a week ahead',
    description:
      'Announce your session with your landing page link and offer early access to the slides. You arrive on stage with leads already on the list.',
    tag: 'Social/Influencer',
  },
  {
    title: 'Post your QR slide to your stories',
    description:
      'Share the same QR slide you show on stage in your stories while the talk is running. Followers can scan it from another screen as if they were in the room.',
    tag: 'Social/Influencer',
  },
  {
    title: 'Point your bio link at your latest talk',
    description:
      'During event season, make your profile link go to your most recent talk page rather than a generic homepage. New followers land on something timely and specific.',
    tag: 'Social/Influencer',
  },
  {
    title: 'Run a joint giveaway with a fellow creator',
    description:
      'Partner with someone whose audience overlaps yours and host one entry page with a clear notice naming both of you. Both audiences grow, and everyone knows who receives their details.',
    tag: 'Social/Influencer',
  },
  {
    title: 'Reply with the link instead of auto-DMs',
    description:
      'Invite people to comment a keyword, then reply personally with your landing page link. You avoid automated messaging tools that can break platform rules.',
    tag: 'Social/Influencer',
  },
  {
    title: 'Keep a story highlight for every event',
    description:
      "Save each event's stories in a highlight that ends with the landing page link. It becomes a permanent, browsable record of your speaking work.",
    tag: 'Social/Influencer',
  },
  {
    title: 'Turn the talk into a carousel',
    description:
      'Condense your key takeaways into six to eight slides and make the last one an invitation to get the full deck on your landing page. Carousels are saved and shared long after the event.',
    tag: 'Marketer',
  },
  {
    title: 'Reply to the event hashtag with value',
    description:
      'Watch the event hashtag and answer people who mention your topic with a useful resource from your page. Helpful replies outperform broadcast posts.',
    tag: 'Marketer',
  },
  {
    title: 'Publish a recap article with a resource link',
    description:
      'Write a short recap of your talk on your professional network within two days and link to the extended resource. Readers who missed the event become leads too.',
    tag: 'Marketer',
  },
  {
    title: 'Clip your strongest minute',
    description:
      'Cut a thirty- to sixty-second clip of the best moment of the talk and put the link in the caption, not only in your bio. Short video travels further than any slide.',
    tag: 'Creator',
  },
  {
    title: 'Host a creator meetup with a guest list page',
    description:
      'Organise an informal meetup for your followers and handle registration through your landing page. Online followers become people you have actually met.',
    tag: 'Creator',
  },
  {
    title: 'Ask attendees to share a photo with your hashtag',
    description:
      'Invite the audience to post a photo from the session with your hashtag and to enter a small prize draw on your page. You gain reach and leads together.',
    tag: 'Creator',
  },
  {
    title: 'Put a QR code on the event photo wall',
    description:
      'Add a code to the backdrop people photograph themselves in front of. Every shared photo carries a route to your event page.',
    tag: 'Event Organiser',
  },
  {
    title: 'Live-post your key points as a thread',
    description:
      'Schedule a thread of your main points to publish during the talk, with the landing page link in the final post. Online followers can follow along in real time.',
    tag: 'Speaker',
  },
  {
    title: 'Cross-promote fellow speakers',
    description:
      "Agree with the other speakers on the bill to share each other's sessions and landing pages. Each of you reaches audiences that would otherwise never hear of you.",
    tag: 'Speaker',
  },
  {
    title: 'Share what you learned building in public',
    description:
      'Post an honest account of what happened on stage, including the questions you could not answer, and link to your follow-up. Candour attracts the right customers.',
    tag: 'Founder',
  },
  {
    title: 'Host an AMA in a community you belong to',
    description:
      'Run an ask-me-anything session in an online community after your talk and point to your landing page for the full material. Participants arrive already curious.',
    tag: 'Founder',
  },
  {
    title: 'Produce quote cards for client speakers',
    description:
      "Design branded quote cards from a client's talk, each linking to the talk page, and schedule them across the following week. The talk keeps generating leads after the event.",
    tag: 'Agency',
  },
  {
    title: 'Report social results to your clients',
    description:
      'Show clients how many leads each post and channel produced, not just impressions. Concrete lead counts make your social work easy to renew.',
    tag: 'Agency',
  },
  {
    title: 'Invite prospects who engage with your event posts',
    description:
      'When a prospect comments on or shares your event content, send a personal note with a link to the relevant talk page. Engagement is a buying signal worth acting on.',
    tag: 'Sales',
  },
]

export const emailIdeas: Idea[] = [
  {
    title: 'Follow up the same day',
    description:
      'Send your first email within hours of the talk and put the promised resource in the first line. Memory of your session fades fast.',
    tag: 'Speaker',
  },
  {
    title: 'Share the live poll results',
    description:
      'Email everyone who voted the final results and one insight you drew from them. People open emails about something they took part in.',
    tag: 'Speaker',
  },
  {
    title: 'Send the organiser an engagement report',
    description:
      'After the event, share with the organiser how many attendees scanned and what they asked about. Speakers who prove value get invited back.',
    tag: 'Speaker',
  },
  {
    title: 'Segment follow-ups by what people asked for',
    description:
      'Use the answer to your landing page question to split leads into groups and write each group a different follow-up. Relevance beats volume.',
    tag: 'Marketer',
  },
  {
    title: 'Plan a three-email sequence',
    description:
      'Send the resource on day one, a practical tip on day three and an invitation to the next step on day seven. A short sequence feels helpful rather than pushy.',
    tag: 'Marketer',
  },
  {
    title: 'Keep the newsletter opt-in separate',
    description:
      'Ask for newsletter consent with its own unticked checkbox, apart from the resource request. Your list stays compliant and genuinely interested.',
    tag: 'Marketer',
  },
  {
    title: 'Win back attendees of past events',
    description:
      'Write to people who attended a previous talk but never replied, with something new on the same topic. A fresh resource is a better excuse than "just checking in".',
    tag: 'Marketer',
  },
  {
    title: 'Record a personal video reply',
    description:
      'For your most promising leads, send a short video recorded for them that refers to their question. It takes two minutes and is rarely ignored.',
    tag: 'Sales',
  },
  {
    title: 'End every follow-up with one question',
    description:
      'Close with a single, easy question such as "What is your biggest challenge with this right now?" Replies start conversations; links alone rarely do.',
    tag: 'Sales',
  },
  {
    title: 'Send from a person, not a no-reply address',
    description:
      'Follow-ups signed by the speaker and sent from a monitored address get more replies. Make it easy for people to simply hit reply.',
    tag: 'Sales',
  },
  {
    title: 'Thank stand visitors with a meeting link',
    description:
      'Email everyone who scanned at your stand a thank-you with a link to book a call while the show is still on their mind. Add the product sheet they looked at.',
    tag: 'Exhibitor',
  },
  {
    title: 'Confirm booked meetings by text message',
    description:
      'When a visitor books a follow-up call, send a short reminder by SMS if they opted in to it. Fewer no-shows means more value from every show.',
    tag: 'Exhibitor',
  },
  {
    title: 'Send an event recap to every attendee',
    description:
      'Share highlights, photos and links to each session page in one recap email. Attendees revisit talks they missed and speakers get a second wave of leads.',
    tag: 'Event Organiser',
  },
  {
    title: "Invite this year's audience to the next event first",
    description:
      "Give past attendees early access to next year's tickets or call for speakers. Your most engaged audience is the cheapest one to bring back.",
    tag: 'Event Organiser',
  },
  {
    title: 'Write a personal note from the founder',
    description:
      'A plain-text email from the founder explaining why the company exists reads very differently from a marketing template. Keep it short and invite a reply.',
    tag: 'Founder',
  },
  {
    title: 'Deliver a mini-course by email',
    description:
      'Turn the talk into a five-lesson email course, one lesson a day, for people who want to go deeper. Each lesson builds the trust that a single follow-up cannot.',
    tag: 'Creator',
  },
  {
    title: 'Email the recording with chapter links',
    description:
      'Send webinar registrants the replay with links straight to each chapter. Registrants who could not attend still get value in a few minutes.',
    tag: 'Virtual Host',
  },
  {
    title: 'Remind registrants of the next session',
    description:
      'A day before your next online session, remind everyone who signed up last time and include a calendar file. Returning attendees are your warmest audience.',
    tag: 'Virtual Host',
  },
  {
    title: "Send follow-ups from your client's domain",
    description:
      "When you manage events for clients, send follow-ups in the client's name and brand. Leads recognise the sender and deliverability stays high.",
    tag: 'Agency',
  },
  {
    title: 'Make unsubscribing one click',
    description:
      'Put a clear unsubscribe link in every message and honour it at once. It protects your sender reputation and keeps your list honest.',
    tag: 'Social/Influencer',
  },
]

export const salesIdeas: Idea[] = [
  {
    title: 'Push hot leads to your CRM the same day',
    description:
      'Sync or export your best leads to your CRM before you leave the venue. A lead that waits a week has usually gone cold.',
    tag: 'Sales',
  },
  {
    title: 'Ask about timing, not just interest',
    description:
      'Add a landing page question like "When are you looking to solve this?" with a few simple options. Timing separates buyers from browsers.',
    tag: 'Sales',
  },
  {
    title: 'Score leads as cold, warm, hot or potential partner',
    description:
      'Label every lead in one of four buckets before you follow up. It decides who gets a call, who gets an email and who gets a partnership conversation.',
    tag: 'Sales',
  },
  {
    title: 'Agree how fast a hot lead gets a call',
    description:
      'Set an internal rule, such as one working day, for calling leads marked hot. Speed of response matters more than the script.',
    tag: 'Sales',
  },
  {
    title: 'Route leads by region or territory',
    description:
      'Ask for country on the landing page and assign leads to the right salesperson automatically. No lead sits in a shared inbox waiting for an owner.',
    tag: 'Sales',
  },
  {
    title: 'Merge duplicates before importing',
    description:
      'Check new leads against existing contacts before you import them. Two reps calling the same person undoes the goodwill your talk created.',
    tag: 'Sales',
  },
  {
    title: 'Calculate the return on every talk',
    description:
      'Record your fee, travel and preparation time against the pipeline each engagement created. You will know which events are worth saying yes to next year.',
    tag: 'Speaker',
  },
  {
    title: 'Treat organisers in the audience as leads',
    description:
      'Ask on your landing page whether the attendee organises events. Your next booking is often sitting in your current audience.',
    tag: 'Speaker',
  },
  {
    title: 'Work out cost per lead for every show',
    description:
      'Divide the full cost of the stand by the qualified leads it produced and compare shows side by side. Budget the next season on numbers, not footfall.',
    tag: 'Exhibitor',
  },
  {
    title: 'Book meetings straight from the landing page',
    description:
      'Add a meeting-booking link for visitors who are ready to talk. The hottest leads qualify themselves by picking a slot.',
    tag: 'Exhibitor',
  },
  {
    title: 'Run a call blitz the week after the show',
    description:
      'Block time for the whole team to call every hot lead in the days after an exhibition. Momentum fades faster than most teams expect.',
    tag: 'Exhibitor',
  },
  {
    title: 'Give sponsors a lead report',
    description:
      'Share with each sponsor the leads and engagement their sessions produced. Sponsors with evidence renew, and they renew earlier.',
    tag: 'Event Organiser',
  },
  {
    title: 'Let founders own the first conversation',
    description:
      'In an early-stage company, have a founder make the first call to every hot lead from a talk. Prospects want to speak to the person who was on stage.',
    tag: 'Founder',
  },
  {
    title: 'Tag potential partners separately',
    description:
      'Some leads are better partners than customers. Give them their own tag and pipeline so they do not get a sales sequence by mistake.',
    tag: 'Founder',
  },
  {
    title: 'Show clients lead-to-deal reporting',
    description:
      'Report which events produced pipeline and closed revenue for each client, not just lead counts. It makes the case for the next engagement.',
    tag: 'Agency',
  },
  {
    title: 'Tag every lead with the event it came from',
    description:
      'Keep the event name on each lead record in your CRM. Months later you can still attribute revenue to the talk that started it.',
    tag: 'Marketer',
  },
  {
    title: 'Use audience data to pitch sponsors',
    description:
      'Show potential sponsors how many engaged, opted-in people your sessions attract and what they care about. Concrete numbers command better terms.',
    tag: 'Creator',
  },
  {
    title: 'Offer webinar attendees a paid workshop',
    description:
      'Invite the most engaged attendees of a free session to a smaller, paid deep-dive. The free session qualifies the buyers for you.',
    tag: 'Virtual Host',
  },
  {
    title: 'Prove campaign results to brand partners',
    description:
      'When a brand sponsors your content or appearance, report leads captured from its dedicated landing page. Measurable results lead to repeat partnerships.',
    tag: 'Social/Influencer',
  },
  {
    title: 'Review lost deals by event',
    description:
      'Once a quarter, look at which event-sourced deals were lost and why. Patterns show which audiences and talk topics are worth your time.',
    tag: 'Marketer',
  },
]
