// Demo articles for a first start: useful, believable writing about capturing leads at events.
// Markdown (spec 001 §3: post content is markdown). `{brand}` is replaced with BRAND_NAME.

export type SeedPost = {
  title: string
  type: 'resource' | 'news'
  tags: string[]
  metaDescription: string
  published: boolean
  daysAgo: number
  content: string
}

export const SEED_POSTS: SeedPost[] = [
  {
    title: 'The Two-Slide Rule: Where to Put Your QR Code for Maximum Scans',
    type: 'resource',
    tags: ['qr-codes', 'lead-generation', 'speaking'],
    metaDescription:
      'Attendees scan when you open and when you close. Here is how to place a QR code so a room full of phones turns into leads.',
    published: true,
    daysAgo: 3,
    content: `Most speakers put their QR code on the last slide, say "thanks for listening" and watch the room stand up. By then, half the audience is already reaching for their bags.

## Open with it, close with it

Put the code on **two** slides:

1. **Your second slide**, right after the title. People are settled, curious, and still holding their phones from checking the agenda.
2. **Your closing slide**, left on screen through the Q&A. Questions buy you two to five extra minutes of exposure.

## Make the code worth scanning

A code without a reason is wallpaper. Say out loud what people get:

- "Scan for the slides and the checklist I'm about to walk through."
- "Scan to get the template I built for this — it's free."

## Size and contrast

- At least a quarter of the slide height, dark code on a light background.
- Test it from the back row of the room during your tech check.
- Add a short URL under the code for people whose cameras struggle.

## Measure it

Use one code per talk, so you know which session produced which leads. A landing page per talk in {brand} does this for you, and the dashboard shows scans and sign-ups side by side.`,
  },
  {
    title: 'Follow Up Within 24 Hours: A Post-Event Email Sequence That Works',
    type: 'resource',
    tags: ['follow-up', 'email', 'lead-generation'],
    metaDescription:
      'A three-email sequence for the day after your talk, with subject lines, timing and what to send in each message.',
    published: true,
    daysAgo: 7,
    content: `Your talk is freshest in people's minds for about a day. After that, your email competes with everything else they saw at the event.

## Email 1: the same evening

**Subject:** The slides from "{talk title}"

Send what you promised on stage: slides, the checklist, the recording if there is one. One link, one sentence of thanks, nothing to buy.

## Email 2: two days later

**Subject:** The question I didn't have time for

Answer a question from the Q&A — or one you wish someone had asked. This is where you show depth, and it gives people a reason to reply.

## Email 3: one week later

**Subject:** Want to go further?

Now make an offer: a 20-minute call, a workshop for their team, a pilot. Keep it to one clear next step.

## Segment before you send

Not every attendee wants the same thing. If your landing page asked "What brought you here today?", use the answer:

| Answer | Next step |
| --- | --- |
| Learning | Newsletter and resources |
| Evaluating a solution | Offer a call |
| Hiring a speaker | Send your speaker kit |

Segmenting by intent routinely doubles reply rates compared with one email for everyone.`,
  },
  {
    title: 'GDPR at Events: Collecting Attendee Data the Right Way',
    type: 'resource',
    tags: ['gdpr', 'compliance', 'events'],
    metaDescription:
      'What speakers and exhibitors need to know about consent, privacy notices and data retention when collecting leads at events.',
    published: true,
    daysAgo: 12,
    content: `Collecting emails at a talk is lawful and normal — as long as people know what they are signing up for.

## Say who you are and why

Your sign-up form needs a short privacy notice: who collects the data, what for, and how to get it deleted. One or two sentences next to the submit button are enough, with a link to your full policy.

## Separate consent for marketing

Sending the slides someone asked for is fine. Adding them to your newsletter needs a separate, **unticked** checkbox. Never pre-tick it.

## Keep only what you need

- Name and email are usually enough.
- Company and role help segmentation; make them optional.
- Don't ask for phone numbers unless you will actually call.

## Know where the data lives

If you use a tool to capture leads, it processes the data on your behalf. Check it has a data processing agreement and lists its sub-processors.

## Delete on time

Decide how long you keep leads that never engaged — 12 months is common — and delete them.

*This article is general information, not legal advice.*`,
  },
  {
    title: 'Virtual Events: How to Capture Leads When Nobody Is in the Room',
    type: 'resource',
    tags: ['virtual-events', 'webinar', 'lead-generation'],
    metaDescription: 'Chat links, on-screen QR codes and timed offers: practical tactics to turn webinar viewers into leads.',
    published: true,
    daysAgo: 18,
    content: `Online audiences are easier to reach and easier to lose. They are one tab away from their inbox.

## Put the link where eyes already are

- **Chat:** post your landing page link when you mention the resource, not at the end.
- **Screen:** show a QR code — viewers on a laptop often scan with their phone.
- **Lower third:** keep a short URL on screen for the whole session.

## Give a reason to act now

A live-only bonus ("the first 50 sign-ups get the template pack") turns intent into action before the session ends.

## Ask one question

Add a single question to the form: "What's your biggest challenge with X?" You will learn more from the answers than from the attendance report.

## Recordings are a second chance

Replays often get more views than the live session. Keep the QR code and the link in the recording.`,
  },
  {
    title: 'Calculating the ROI of a Speaking Engagement',
    type: 'resource',
    tags: ['roi', 'analytics', 'speaking'],
    metaDescription: 'A simple model for working out whether a talk paid off: costs, leads, pipeline and closed revenue.',
    published: true,
    daysAgo: 25,
    content: `"Was that conference worth it?" deserves a better answer than "it felt good".

## Count the full cost

Travel, accommodation, ticket or sponsorship, and your time — preparation included. A 30-minute keynote often takes two days of work.

## Track four numbers per talk

1. **Attendees** in the room (or online).
2. **Leads** who left their details.
3. **Qualified leads** who match your customer profile.
4. **Pipeline and revenue** that can be traced back to the talk.

## The simple formula

> ROI = (revenue attributed − total cost) ÷ total cost

Revenue can take months to arrive, so review each talk after 30, 90 and 180 days.

## Compare talks, not just events

The same event can produce very different results depending on the topic, the slot and the call to action. One landing page per talk makes the comparison honest.`,
  },
  {
    title: 'Exhibitor Playbook: Turning Booth Traffic into Qualified Leads',
    type: 'resource',
    tags: ['exhibitors', 'events', 'lead-generation'],
    metaDescription:
      'Badge scans are not leads. How exhibitors can qualify conversations at the booth and follow up with context.',
    published: true,
    daysAgo: 31,
    content: `A pile of badge scans on Monday morning is not a pipeline. The context of each conversation is what makes follow-up work.

## Qualify in three questions

Train booth staff to ask:

- What brought you to the event?
- What are you working on this quarter?
- Who else is involved in decisions like this?

## Capture the notes immediately

Use a form on a phone or tablet and record the answers while the person is still standing there. Notes written at the hotel at midnight are guesses.

## Score before you leave the venue

- **Hot:** clear need, timeline, authority — call this week.
- **Warm:** interested, no timeline — nurture.
- **Cold:** swag collectors — newsletter at most.

## Hand over the same day

Send hot leads to sales on the day they were captured, with the notes attached.`,
  },
  {
    title: 'Landing Pages for Talks: What to Include (and What to Leave Out)',
    type: 'resource',
    tags: ['landing-pages', 'conversion', 'speaking'],
    metaDescription: 'The anatomy of a talk landing page that converts on a phone in under 20 seconds.',
    published: true,
    daysAgo: 38,
    content: `The page behind your QR code is read on a phone, in a dark room, in a few seconds.

## Include

- **The talk title and your photo**, so people know they are in the right place.
- **The promise:** "Get the slides and the checklist."
- **A form with two fields:** name and email. Everything else is optional.
- **A privacy line** and a link to your policy.

## Leave out

- Navigation menus and links to the rest of your site.
- Long bios — one line is enough.
- Autoplaying video.

## After the submit

Show a thank-you message with the download link straight away, and send the same link by email.`,
  },
  {
    title: 'Ask Better Questions on Your Sign-Up Form',
    type: 'resource',
    tags: ['forms', 'segmentation', 'lead-generation'],
    metaDescription:
      'One well-chosen question on a sign-up form tells you who to follow up first. Examples for speakers and exhibitors.',
    published: true,
    daysAgo: 44,
    content: `Every extra field lowers completions a little. One good question is worth the cost.

## Questions that qualify

- "What brought you to this session?" (learning / evaluating / hiring a speaker)
- "How big is your team?" (1–10 / 11–50 / 51+)
- "When are you planning to solve this?" (now / this quarter / later)

## Questions that start conversations

- "What's your biggest challenge with event lead capture?"
- "Which part of the talk was most useful?"

## Keep answers short

Use buttons or a short list instead of free text on mobile.`,
  },
  {
    title: 'From Business Cards to QR Codes: Modernising Your Event Toolkit',
    type: 'resource',
    tags: ['qr-codes', 'events', 'productivity'],
    metaDescription: 'Why paper cards lose leads and how a QR-first toolkit saves hours after every event.',
    published: true,
    daysAgo: 52,
    content: `Business cards get lost, smudged and typed in wrong. Worse, they carry no context.

## What a QR-first toolkit looks like

- One QR code per talk or booth, printed on slides, roll-ups and table cards.
- A landing page that captures name, email and one qualifying answer.
- Leads arriving in one list, tagged with the event and session.

## The time you save

Typing 50 cards takes about an hour. Exporting 50 leads takes seconds — and there are no typos in email addresses.

## Keep a few cards anyway

Some people still prefer them. Put your QR code on the back of your card, so it does both jobs.`,
  },
  {
    title: 'Writing a Call to Action Attendees Actually Follow',
    type: 'resource',
    tags: ['conversion', 'speaking', 'copywriting'],
    metaDescription: 'Specific, valuable and easy: how to phrase the moment in your talk where you ask the audience to act.',
    published: true,
    daysAgo: 60,
    content: `"Connect with me on LinkedIn" is not a call to action. It is a hope.

## Be specific

Say exactly what to do and what they will get: "Scan this code to get the 12-point checklist from this talk."

## Make it valuable

The offer should be useful even to someone who never buys from you.

## Make it easy

One step, one code, one field if you can. Leave the code on screen long enough — at least 30 seconds.

## Repeat it

Mention the offer early, show it in the middle, and close with it.`,
  },
  {
    title: 'Five Lead Capture Mistakes Speakers Make (and How to Fix Them)',
    type: 'resource',
    tags: ['lead-generation', 'speaking', 'follow-up'],
    metaDescription: 'Common mistakes that cost speakers leads, from tiny QR codes to week-late follow-ups.',
    published: true,
    daysAgo: 67,
    content: `## 1. The code is too small

If the back row can't scan it, most of the room can't. Make it bigger than feels comfortable.

## 2. No reason to scan

Offer slides, a checklist or a template — something concrete.

## 3. Asking for too much

Five fields on a phone kills sign-ups. Ask for name and email, maybe one question.

## 4. Following up too late

A week later, they have forgotten you. Send the promised resource the same day.

## 5. One list for everyone

Segment by what people told you. Evaluators and learners need different emails.`,
  },
  {
    title: 'Building a Speaker Media Kit That Books More Gigs',
    type: 'resource',
    tags: ['speaking', 'personal-brand', 'marketing'],
    metaDescription: 'What event organisers look for in a speaker kit: topics, video, testimonials and logistics in one place.',
    published: true,
    daysAgo: 75,
    content: `Organisers decide quickly. Make it easy for them to say yes.

## What to include

- **Three signature talks** with a title, a two-line description and the format (keynote, workshop, panel).
- **A short video** of you on stage — two minutes is enough.
- **Testimonials** from organisers, not just attendees.
- **Past events** with links.
- **Logistics:** travel region, AV needs, fee range or "on request".

## Keep it current

Update it after every event. A kit with last year's talks signals you've stopped speaking.

## Make it findable

A public speaker profile — in a directory organisers already browse — does more than a PDF in your outbox.`,
  },
  {
    title: 'Hybrid Events: Running One Lead Capture Flow for Two Audiences',
    type: 'resource',
    tags: ['virtual-events', 'events', 'lead-generation'],
    metaDescription: 'How to serve in-room and online attendees with the same landing page without losing track of either.',
    published: false,
    daysAgo: 4,
    content: `Hybrid events double your audience and your chances of confusing both halves.

## One page, two sources

Use the same landing page for both audiences, and record where each lead came from (room QR code vs. chat link).

## Speak to the camera too

When you show the code, say the short URL out loud for the online audience.

## Follow up differently

Online attendees may have watched a part of the session only. Send them the recording first.`,
  },
  {
    title: 'CRM Hygiene After a Conference: A Checklist',
    type: 'resource',
    tags: ['crm', 'follow-up', 'sales'],
    metaDescription: 'Deduplicate, tag and assign: the checklist to run before event leads go to sales.',
    published: false,
    daysAgo: 9,
    content: `- [ ] Remove duplicates by email address.
- [ ] Tag every lead with the event and the session.
- [ ] Add the qualifying answer to a CRM field, not a note.
- [ ] Assign hot leads to an owner the same day.
- [ ] Add everyone who consented to the right newsletter list.
- [ ] Schedule a 30-day review of the event's pipeline.`,
  },
  {
    title: '{brand} Launches Per-Talk Landing Pages and QR Codes for Speakers',
    type: 'news',
    tags: ['announcement', 'product'],
    metaDescription:
      '{brand} launches with per-talk landing pages, QR codes and a lead dashboard built for people who speak at events.',
    published: true,
    daysAgo: 5,
    content: `Today {brand} opens to all speakers. Every talk gets its own landing page and QR code; attendees leave their details in seconds, and speakers follow up from one dashboard.

## What's included at launch

- Unlimited QR codes and branded landing pages
- Built-in privacy notices and consent checkboxes
- Lead export to CSV
- A free plan to try it on your next talk

"We built {brand} because we were tired of typing in business cards after every conference," the founders said.`,
  },
  {
    title: 'Speaker Directory Opens to Event Organisers',
    type: 'news',
    tags: ['announcement', 'speaker-directory'],
    metaDescription: 'Organisers can now browse and contact speakers by topic, industry, region and talk type.',
    published: true,
    daysAgo: 14,
    content: `The {brand} speaker directory is now open. Organisers can search speakers by topic, industry, region and talk format, and contact them directly from their profile.

Speakers on the Pro and Teams plans can publish a profile with their signature talks, past events and a showreel video.`,
  },
  {
    title: 'Startup Program: Three Seats at a Founder-Friendly Price',
    type: 'news',
    tags: ['startup-program', 'pricing'],
    metaDescription: 'Early-stage companies can apply for three seats at a discounted annual price.',
    published: true,
    daysAgo: 29,
    content: `Founders speak at meetups, accelerator demo days and conferences — and they rarely have time for follow-up admin.

The {brand} Startup Program gives young companies three seats at a discounted annual price for twelve months. Applications are open on the [Startup Program page](/startup-program).`,
  },
  {
    title: 'New: Lead Analytics Dashboard with ROI per Engagement',
    type: 'news',
    tags: ['product', 'analytics', 'roi'],
    metaDescription: 'See leads, follow-ups and pipeline per talk, and compare engagements side by side.',
    published: true,
    daysAgo: 41,
    content: `The new analytics dashboard shows, for every talk: scans, sign-ups, qualified leads and the pipeline they created.

Compare two events side by side, or two talks at the same event, and decide where to speak next with numbers instead of hunches.`,
  },
  {
    title: '{brand} Featured in "Tools Every Conference Speaker Should Know"',
    type: 'news',
    tags: ['media', 'press'],
    metaDescription: 'An industry roundup names {brand} among the tools that help speakers capture and follow up leads.',
    published: true,
    daysAgo: 57,
    content: `An industry newsletter for event professionals included {brand} in its roundup of tools for conference speakers, highlighting the one-page-per-talk approach and the built-in consent notices.`,
  },
  {
    title: 'Roadmap Update: CRM Sync and AI Follow-Up Emails',
    type: 'news',
    tags: ['roadmap', 'product', 'crm'],
    metaDescription: 'What we are building next: CRM sync, AI-drafted follow-up emails and lead scoring.',
    published: true,
    daysAgo: 70,
    content: `Next on the [roadmap](/roadmap): syncing leads to your CRM as they arrive, AI-drafted follow-up emails based on what each attendee told you, and lead scoring from cold to hot.

Timelines may shift; Pro and Teams customers get most new features first.`,
  },
  {
    title: 'Behind the Scenes: How We Test Landing Pages on Slow Phones',
    type: 'news',
    tags: ['engineering', 'performance'],
    metaDescription: 'Conference Wi-Fi is slow. How we keep attendee landing pages fast on the worst connections.',
    published: false,
    daysAgo: 2,
    content: `Conference Wi-Fi is famously bad. We test every landing page on a throttled 3G profile and a low-end phone before shipping.`,
  },
]
