/**
 * Trust Center (security practices) and Cookies Policy, plus the
 * sub-processor list shown on /cookie-policy.
 *
 * Cookies: only a strictly necessary session cookie and the
 * `preferred-currency` cookie. Optional third-party widgets (live chat, demo
 * video, affiliate programme) load only after consent on /cookie-settings.
 */
import type { LegalDoc, LegalOptions } from './legal-common'
import { LEGAL_LAST_MODIFIED, contactSentence } from './legal-common'

export type SubProcessor = { name: string; purpose: string; location: string }

/** Sub-processors, by category. Optional ones load only after consent. */
export const subProcessors: SubProcessor[] = [
  {
    name: 'Hosting provider',
    purpose: 'Runs the application servers that serve the website and landing pages.',
    location: 'Region of the production deployment (details on request)',
  },
  {
    name: 'Database hosting provider (PostgreSQL)',
    purpose: 'Stores account data, speaker profiles and Leads.',
    location: 'Same region as the hosting provider',
  },
  {
    name: 'Object storage provider (S3-compatible)',
    purpose: 'Stores uploaded images such as profile photos and article images.',
    location: 'Same region as the hosting provider',
  },
  {
    name: 'Email delivery provider (Resend)',
    purpose: 'Delivers sign-in links, notifications and replies to messages.',
    location: 'United States',
  },
  {
    name: 'Payment provider (card payments)',
    purpose: 'Processes card payments for paid plans and session unlocks.',
    location: 'United States and European Union',
  },
  {
    name: 'Live-chat provider (optional, consent)',
    purpose: 'Provides the website chat widget, loaded only after you consent.',
    location: 'Depends on the provider configured',
  },
  {
    name: 'Video hosting provider (optional, consent)',
    purpose: 'Plays the embedded demo video, loaded only after you consent.',
    location: 'Depends on the provider configured',
  },
  {
    name: 'Affiliate programme provider (optional, consent)',
    purpose: 'Runs the affiliate sign-up widget, loaded only after you consent.',
    location: 'Depends on the provider configured',
  },
]

export type CookieInUse = {
  name: string
  category: 'Strictly necessary' | 'Preference' | 'Optional (consent)'
  purpose: string
  duration: string
}

/** Cookies the site itself may set. */
export const cookiesInUse: CookieInUse[] = [
  {
    name: 'Session cookie',
    category: 'Strictly necessary',
    purpose:
      'Keeps you signed in after you use a sign-in link. It holds a signed session reference only, is not readable by scripts and is sent only to our site. It is not set for visitors who do not sign in.',
    duration: 'Until you log out, and no longer than 30 days',
  },
  {
    name: 'preferred-currency',
    category: 'Preference',
    purpose: 'Remembers whether you want prices in USD, GBP or EUR. It contains only the currency code.',
    duration: 'Up to one year, or until you clear it',
  },
  {
    name: 'lectern-consent',
    category: 'Strictly necessary',
    purpose: 'Remembers your choice on the cookie settings page (whether optional widgets may load). It holds only that choice.',
    duration: 'One year, or until you change your choice',
  },
  {
    name: 'lectern_toast',
    category: 'Strictly necessary',
    purpose: 'Carries a one-time confirmation message (for example "Message sent") to the next page you see.',
    duration: 'Deleted as soon as the message is shown',
  },
  {
    name: 'lectern_workspace',
    category: 'Strictly necessary',
    purpose:
      'Remembers which workspace a signed-in member of several workspaces is working in. It holds a signed workspace reference only and is not set for visitors who do not sign in.',
    duration: 'One year, or until you switch workspace',
  },
  {
    name: 'lectern-lang',
    category: 'Preference',
    purpose:
      'Remembers the language you chose from the list on a talk page, so the next talk page is in that language too. It contains only the language code and is set only when you pick a language and send the form.',
    duration: 'One year, or until you choose another language',
  },
  {
    name: 'lectern_feedback',
    category: 'Strictly necessary',
    purpose:
      'Lets you change the feedback you gave on a talk page instead of counting it twice. It holds a signed random reference only (we keep only a hash of it with your answer), is sent only to talk pages and is set only when you give feedback.',
    duration: '30 days',
  },
]

export function trustCenter(brand: string, options: LegalOptions = {}): LegalDoc {
  return {
    slug: 'trust-center',
    title: 'Trust Center',
    lastModified: LEGAL_LAST_MODIFIED,
    intro: `Speakers trust ${brand} with their audiences' contact details, so security and privacy are built into how the Service works rather than added afterwards. This page summarises the measures we take.`,
    sections: [
      {
        heading: 'Encryption in transit',
        paragraphs: [
          'All traffic to the website, landing pages and dashboards is served over HTTPS using modern TLS. Pages are sent with security headers, including a strict Content Security Policy, to reduce the risk of cross-site scripting and clickjacking.',
        ],
      },
      {
        heading: 'Passwordless sign-in with hashed tokens',
        paragraphs: [
          'There are no passwords to steal or reuse. You sign in with a one-time link or six-digit code sent to your email address. Each link carries a long random token that is stored only as a hash, expires after 15 minutes and works once. Opening a link does not by itself sign anyone in, so email security scanners cannot use it up.',
          'Signed-in sessions are stored on our side, can be revoked, last no more than 30 days and end when you log out. Sign-in requests are rate-limited and give the same answer whether or not an address has an account.',
        ],
      },
      {
        heading: 'Role-based access controls',
        paragraphs: [
          'Every request is checked against the role of the signed-in user. Speakers can see and edit only their own profiles and Leads; administrative tools are limited to named staff accounts. Inside our team, access to production systems follows the principle of least privilege.',
        ],
      },
      {
        heading: 'Backups and resilience',
        paragraphs: [
          'Databases are backed up regularly and backups are access-restricted. We test restores so that data can be recovered after a failure. Outgoing emails are queued and retried, so a temporary provider outage does not lose messages.',
        ],
      },
      {
        heading: 'Application security',
        paragraphs: ['We reduce the attack surface of the Service by design:'],
        list: [
          'every form is validated on the server, and form submissions are checked for their origin;',
          'rich text such as speaker biographies is sanitised when saved;',
          'uploaded images are re-encoded and stripped of metadata, and uploaded SVG icons are sanitised and served with restrictive headers;',
          'public forms are rate-limited and protected against automated spam;',
          'dependencies are kept up to date and reviewed for known vulnerabilities.',
        ],
      },
      {
        heading: 'Privacy by design',
        paragraphs: [
          'Our analytics are first-party and work without cookies and without storing raw IP addresses. The only cookies we set are a strictly necessary session cookie and a currency preference. Third-party widgets such as live chat load only after you consent.',
          `Customers own the Leads they collect: ${brand} processes them only as the Customer's data processor, under our Data Processing Addendum, and never uses them for its own marketing.`,
        ],
      },
      {
        heading: 'Compliance',
        paragraphs: [
          'Landing pages include built-in privacy notices and consent options that help customers meet their obligations under the GDPR and the CCPA. Our Data Processing Addendum and sub-processor list are available to every customer.',
        ],
      },
      {
        heading: 'Incident response',
        paragraphs: [
          'If we detect a security incident we act to contain it, investigate its cause and impact, and notify affected customers without undue delay, as set out in our Data Processing Addendum.',
        ],
      },
      {
        heading: 'Reporting a vulnerability',
        paragraphs: [
          `If you believe you have found a security issue, please ${contactSentence(options)} with the details. We appreciate responsible disclosure, will acknowledge your report and will keep you informed while we fix it. Please do not access other people's data or disrupt the Service while testing.`,
        ],
      },
    ],
  }
}

export function cookiesPolicy(brand: string, options: LegalOptions = {}): LegalDoc {
  return {
    slug: 'cookie-policy',
    title: 'Cookies Policy',
    lastModified: LEGAL_LAST_MODIFIED,
    intro: `${brand} keeps cookies to a minimum. We set only what the site needs to work and to remember your currency. We do not use advertising cookies, and our analytics work without cookies.`,
    sections: [
      {
        heading: 'What cookies are',
        paragraphs: [
          'Cookies are small text files a website stores in your browser. They can be needed for the site to work, remember your choices, or track you across sites. We use only the first two kinds.',
        ],
      },
      {
        heading: 'Cookies we set',
        paragraphs: ['We set only these cookies, none of them for tracking:'],
        list: [
          'A strictly necessary session cookie, set only when you sign in, which keeps you signed in for no more than 30 days or until you log out.',
          'A preferred-currency cookie, which remembers whether you chose to see prices in USD, GBP or EUR.',
          'A consent cookie, which remembers your choice on the cookie settings page.',
          'A short-lived message cookie, which carries a one-time confirmation (such as "Message sent") to the next page and is deleted once shown.',
        ],
      },
      {
        heading: 'Analytics without cookies',
        paragraphs: [
          'We measure page views and button clicks with our own first-party analytics. They do not use cookies, do not store raw IP addresses and are not shared with advertising networks.',
        ],
      },
      {
        heading: 'Optional third-party widgets',
        paragraphs: [
          'Some features are provided by third parties: the live-chat widget, the embedded demo video and the affiliate programme widget. They may set their own cookies, so we load them only after you consent on the cookie settings page (/cookie-settings). Until you do, none of these widgets is loaded and no request is made to their providers.',
          'You can change or withdraw your consent at any time on /cookie-settings. Withdrawing consent stops the widgets loading from then on; you can delete cookies they already set in your browser settings.',
        ],
      },
      {
        heading: 'Managing cookies in your browser',
        paragraphs: [
          'Most browsers let you block or delete cookies. If you block the session cookie you will not be able to sign in; if you block the preferred-currency cookie, prices are shown in the currency that matches your browser language.',
        ],
      },
      {
        heading: 'Sub-processors',
        paragraphs: [
          'The service providers that process personal data for us, and what they do, are listed on this page (/cookie-policy). Providers marked "optional, consent" are used only after you agree.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          `If we change the cookies we use, we will update this policy and, where consent is needed, ask you again. For questions, please ${contactSentence(options)}.`,
        ],
      },
    ],
  }
}
