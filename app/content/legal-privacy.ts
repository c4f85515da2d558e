/**
 * Privacy Policy: what is collected, why, for how long, and the rights people
 * have under the GDPR and the CCPA.
 */
import type { LegalDoc, LegalOptions } from './legal-common'
import { LEGAL_LAST_MODIFIED, contactSentence } from './legal-common'

export function privacyPolicy(brand: string, options: LegalOptions = {}): LegalDoc {
  return {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    lastModified: LEGAL_LAST_MODIFIED,
    intro: `This policy explains how ${brand} handles personal information when you visit our website, create an account, or leave your details on a landing page run by one of our customers. We collect as little as we can, we do not sell personal information, and we do not use advertising cookies.`,
    sections: [
      {
        heading: 'Our two roles',
        paragraphs: [
          `For our own website and for the accounts of our customers, ${brand} is the data controller: we decide why and how that information is used.`,
          `For Leads (the details attendees enter on a customer's landing page), the customer who runs the page is the data controller and ${brand} is the data processor. We process Leads only on that customer's instructions, under our Data Processing Addendum. If you left your details on a speaker's page, that speaker's own privacy notice applies and you should contact them first; we will pass on any request we receive.`,
        ],
      },
      {
        heading: 'What we collect',
        paragraphs: ['Depending on how you use the Service, we collect:'],
        list: [
          'Account information: your email address, which we use to send sign-in links and codes, and your role in the Service. We do not use passwords.',
          'Profile information you choose to submit for the Speaker Directory, such as name, job title, company, location, biography, photo, talks, past events and links.',
          "Leads that our customers collect through their landing pages, such as attendee names, email addresses, companies and answers to the customer's questions. We hold these as processor for the customer.",
          'Messages and forms you send us: contact requests, messages to speakers, newsletter and launch-offer sign-ups, startup programme applications and comments on articles.',
          'Billing details needed to take payment for paid plans. Card data is handled by our payment provider and is not stored by us.',
          'First-party usage analytics: which pages are viewed and which buttons are clicked. We record these without cookies and without storing raw IP addresses.',
        ],
      },
      {
        heading: 'How and why we use it',
        paragraphs: [
          'We use personal information to provide and secure the Service (performance of our contract with you), to answer messages and applications (our legitimate interest in responding, or steps you asked us to take before a contract), to send newsletters and offers you signed up for (your consent, which you can withdraw at any time), to understand which parts of the site are useful (our legitimate interest in improving the Service, using cookieless analytics), and to meet legal, tax and accounting obligations.',
          'We do not use Leads for our own marketing, we do not combine them across customers, and we do not sell or rent personal information.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'We share personal information only with service providers (sub-processors) that help us run the Service, such as hosting, storage and email delivery, under contracts that require them to protect it. The current list is published with our Cookies Policy at /cookie-policy.',
          'We may also disclose information where the law requires it, to protect the rights and safety of our users or the public, or as part of a merger or acquisition, in which case this policy will continue to apply to it.',
        ],
      },
      {
        heading: 'International transfers',
        paragraphs: [
          "Some of our providers process data outside your country. When personal data from the European Economic Area, the United Kingdom or Switzerland is transferred to a country without an adequacy decision, we rely on the European Commission's Standard Contractual Clauses or an equivalent safeguard.",
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: ['We keep personal information only for as long as we need it:'],
        list: [
          'Account and profile information: for as long as your account is open, then deleted within 30 days of closure unless we must keep part of it to meet a legal obligation.',
          'Leads: for as long as the customer keeps them in their account, and deleted when the customer deletes them or closes the account.',
          'Sign-in links and codes: expire after 15 minutes and can be used once; signed-in sessions last no more than 30 days.',
          'Newsletter subscriptions: until you unsubscribe.',
          'Contact messages and applications: for as long as needed to handle them and any follow-up.',
          'Billing records: for the period required by tax and accounting law.',
          'Analytics events: kept without cookies or raw IP addresses, and used only in aggregate.',
        ],
      },
      {
        heading: 'Your rights under the GDPR',
        paragraphs: ['If you are in the European Economic Area, the United Kingdom or Switzerland, you have the right to:'],
        list: [
          'access the personal information we hold about you and receive a copy;',
          'have inaccurate information corrected;',
          'have your information erased;',
          'restrict or object to our processing, including processing based on legitimate interests;',
          'receive your information in a portable format;',
          'withdraw consent at any time, without affecting processing carried out before;',
          'lodge a complaint with your local data protection authority.',
        ],
      },
      {
        heading: 'Your rights under the CCPA',
        paragraphs: [
          'If you are a California resident, you have the right to know what personal information we collect, use and disclose; to request deletion; to correct inaccurate information; and not to be discriminated against for exercising these rights.',
          'We do not sell personal information and do not share it for cross-context behavioural advertising, so there is nothing to opt out of. We do not collect sensitive personal information for purposes that would give rise to a right to limit its use. You may use an authorised agent to make a request on your behalf.',
        ],
      },
      {
        heading: 'Exercising your rights',
        paragraphs: [
          `To make a request, please ${contactSentence(options)}. We will confirm your identity, usually by writing to the email address we hold, and respond within the time the law allows. Requests about Leads are forwarded to the customer who collected them, since that customer decides how their Leads are used.`,
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'We use only a strictly necessary session cookie and a cookie that remembers your preferred currency. Optional third-party widgets load only after you consent. See our Cookies Policy for details.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'We protect personal information with encryption in transit, hashed sign-in tokens, role-based access controls and regular backups. Our Trust Center describes these measures in more detail.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          'The Service is intended for people aged 18 or older. We do not knowingly collect information from children; if you believe a child has given us personal information, please contact us and we will delete it.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'We may update this policy as the Service changes. The date at the top shows the latest version, and we will tell account holders about material changes by email or in the Service.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [`For any privacy question, please ${contactSentence(options)}.`],
      },
    ],
  }
}
