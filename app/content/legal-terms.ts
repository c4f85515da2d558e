/**
 * Terms of Service. Carries every legal constant of spec 000 §1 and §9:
 * controller/processor roles, minimum age 18, one account per person,
 * automatic renewal unless notice 60 days before term end, fee changes on
 * 30 days' notice, suspension when a payment is more than 10 days late, defect
 * notice within 30 days, liability cap of twelve months of fees (1000 USD for
 * evaluation use), termination 30 days after written notice of an uncured
 * breach (10 days for non-payment or licence breach), account lasts until
 * terminated, Dubai courts. "Last modified: May 10th 2025".
 */
import type { LegalDoc, LegalOptions } from './legal-common'
import { LEGAL_LAST_MODIFIED, contactSentence } from './legal-common'

export function termsOfService(brand: string, options: LegalOptions = {}): LegalDoc {
  return {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    lastModified: LEGAL_LAST_MODIFIED,
    intro: `These Terms of Service (the "Terms") govern your access to and use of ${brand}: its website, landing pages, QR codes, dashboards and related services (together, the "Service"). Please read them carefully. By creating an account or using the Service you agree to these Terms.`,
    sections: [
      {
        heading: '1. Who these Terms apply to',
        paragraphs: [
          `"${brand}", "we", "us" and "our" refer to the operator of the Service. "You" and "Customer" refer to the person who creates an account and, where that person acts for a company or other organisation, that organisation as well.`,
          'If you accept these Terms on behalf of an organisation, you confirm that you have authority to bind it. Attendees who leave their details on a landing page are not parties to these Terms; their relationship is with the Customer who runs that page.',
        ],
      },
      {
        heading: '2. The Service',
        paragraphs: [
          `${brand} lets speakers, event organisers, exhibitors and their teams publish a landing page and QR code for each talk or engagement, collect the contact details of attendees who choose to share them ("Leads"), follow up, export or send Leads to other tools, and measure the return on each engagement.`,
          'Some features are labelled Early Access, Coming Soon, In Development, Planned or similar. Those features may change, be limited or be withdrawn, and are provided without the commitments in section 9 until they are generally available.',
        ],
      },
      {
        heading: '3. Eligibility and accounts',
        paragraphs: [
          'You must be 18 years of age or older to create an account or use the Service.',
          "Each account is for one person. You may hold only one account, and you must not share your sign-in, create accounts for other people or use another person's account. Teams should add each member as a separate seat.",
          'You sign in with a one-time link or code sent to your email address. Keep access to that mailbox secure: you are responsible for all activity under your account, and you must tell us promptly if you believe it has been used without your permission.',
          'The information you give us about yourself must be accurate and kept up to date.',
        ],
      },
      {
        heading: '4. Your data and our role',
        paragraphs: [
          'You own the Lead data you collect through the Service, and all other content you upload ("Customer Data"). As between you and us, you are the data controller of the personal data contained in Leads, and we are the data processor acting on your behalf.',
          'We process Customer Data only to provide, secure and support the Service, in line with your instructions and our Data Processing Addendum, which forms part of these Terms. You grant us the limited rights we need to host, copy, transmit and display Customer Data for that purpose.',
          `You are responsible for having a lawful basis to collect each Lead, for the notices you show attendees, and for how you use Leads after collection. ${brand} provides built-in privacy notices and consent options to help you meet these obligations, but they do not replace your own legal advice.`,
        ],
      },
      {
        heading: '5. Acceptable use',
        paragraphs: ['You agree not to use the Service to:'],
        list: [
          'collect personal data without a lawful basis, or in a way that misleads attendees about who will receive it or how it will be used;',
          'send unsolicited bulk messages, or contact people who have opted out;',
          'publish content that is unlawful, infringing, deceptive, hateful or harmful;',
          'upload malware, probe or attack the Service, or bypass its security or usage limits;',
          'resell, sublicense or provide the Service to third parties except as your plan allows;',
          'copy, scrape or reverse engineer the Service except where the law expressly permits it.',
        ],
      },
      {
        heading: '6. Plans, fees and payment',
        paragraphs: [
          'The free plan includes one live session and shows a limited number of Leads; you may pay a one-off fee to unlock all Leads and analytics for a session. Paid plans are described on our pricing page, and Enterprise and Event Organiser plans are priced by agreement. Credits, where offered, unlock single features and have no cash value.',
          'Fees are stated exclusive of taxes, which are added where applicable. Unless the law or these Terms say otherwise, fees are non-refundable.',
          "We may change our fees on 30 days' notice. A change applies from the start of your next subscription term after the notice period ends.",
          'If any payment is more than 10 days late, we may suspend access to paid features until the payment is made. We will tell you before we do so. Suspension does not delete your Customer Data.',
        ],
      },
      {
        heading: '7. Subscription term and renewal',
        paragraphs: [
          'Paid subscriptions run for the term you choose (for example monthly or annual). Your subscription renews automatically in successive terms of equal length unless either party gives notice of non-renewal at least 60 days before the end of the current term.',
          'You can give notice of non-renewal from your account settings or by writing to us. Cancelling stops the next renewal; it does not end the current term early or create a refund for it.',
        ],
      },
      {
        heading: '8. Free and evaluation use',
        paragraphs: [
          'Free plans, trials, early-access features and other evaluation use are provided "as is", without the commitments in section 9, and we may limit or end them at any time.',
        ],
      },
      {
        heading: '9. Service commitments and defects',
        paragraphs: [
          'For paid plans, we will provide the Service with reasonable skill and care, and it will perform materially as described in our documentation.',
          'If you find a defect, you must notify us in writing within 30 days of first becoming aware of it, with enough detail for us to reproduce it. Our obligation is to correct the defect within a reasonable time or, if we cannot, to let you terminate the affected subscription and refund the prepaid fees for the remainder of its term. This is your sole remedy for a breach of this section.',
          'Except as stated in this section, and to the extent the law allows, the Service is provided without warranties of any kind, including implied warranties of merchantability, fitness for a particular purpose and non-infringement. We do not promise any particular number of Leads or business results.',
        ],
      },
      {
        heading: '10. Intellectual property and feedback',
        paragraphs: [
          `${brand} and its licensors own the Service, including its software, design and documentation. These Terms give you a right to use the Service during your subscription; they do not transfer ownership of it.`,
          'If you send us suggestions or feedback, we may use them freely without obligation to you.',
        ],
      },
      {
        heading: '11. Confidentiality',
        paragraphs: [
          "Each party will keep the other party's non-public information confidential, use it only to perform under these Terms, and disclose it only to people who need to know it and are bound by similar duties, or where the law requires.",
        ],
      },
      {
        heading: '12. Limitation of liability',
        paragraphs: [
          'Neither party is liable for indirect, incidental, special or consequential losses, or for lost profits, revenue, goodwill or data, however caused.',
          "Each party's total liability arising out of or in connection with these Terms is limited to the fees paid and payable by you to us in the twelve months before the event giving rise to the claim. For free or evaluation use, our total liability is limited to 1000 USD.",
          'Nothing in these Terms limits liability that cannot be limited by law, or your obligation to pay fees due.',
        ],
      },
      {
        heading: '13. Indemnity',
        paragraphs: [
          'You will defend and indemnify us against third-party claims arising from Customer Data, from the way you collected or used Leads, or from your breach of section 5.',
        ],
      },
      {
        heading: '14. Term, suspension and termination',
        paragraphs: [
          'These Terms apply from the day you create your account, and your account lasts until it is terminated under this section.',
          'Either party may terminate these Terms if the other party materially breaches them and does not cure the breach within 30 days after receiving written notice of it. The cure period is 10 days for non-payment or for a breach of the licence and usage restrictions in sections 5 and 10.',
          'You may close your account at any time. Paid subscriptions remain payable until the end of the current term.',
          'When these Terms end, your right to use the Service stops. You can export your Leads before closing your account; we then delete Customer Data as described in our Data Processing Addendum. Sections that by their nature should survive termination, including sections 4, 10, 11, 12, 13 and 16, survive.',
        ],
      },
      {
        heading: '15. Changes',
        paragraphs: [
          'We improve the Service continually and may change or remove features. We will not materially reduce the core functionality of a paid plan during a term you have paid for.',
          'We may update these Terms. If a change is material we will tell you in advance by email or in the Service. Continuing to use the Service after the change takes effect means you accept the updated Terms.',
        ],
      },
      {
        heading: '16. Governing law and disputes',
        paragraphs: [
          'These Terms and any dispute arising from them are governed by the laws applicable in the Emirate of Dubai, United Arab Emirates. The courts of Dubai have exclusive jurisdiction over any such dispute.',
        ],
      },
      {
        heading: '17. General',
        paragraphs: [
          'These Terms, together with the Data Processing Addendum and any order you sign with us, are the entire agreement between the parties about the Service. If a provision is found unenforceable, the rest remains in effect. A failure to enforce a right is not a waiver of it.',
          'You may not assign these Terms without our consent; we may assign them to a successor to our business. Notices to you are sent to the email address on your account.',
        ],
      },
      {
        heading: '18. Contact',
        paragraphs: [`Questions about these Terms? Please ${contactSentence(options)}.`],
      },
    ],
  }
}
