/**
 * Data Processing Addendum: the Customer is controller of Lead data, the
 * product is processor (spec 000 §1, §6). Covers processor obligations,
 * sub-processors, breach notification, international transfers and deletion.
 */
import type { LegalDoc, LegalOptions } from './legal-common'
import { LEGAL_LAST_MODIFIED, contactSentence } from './legal-common'

export function dataProcessingAddendum(brand: string, options: LegalOptions = {}): LegalDoc {
  return {
    slug: 'data-processing-addendum',
    title: 'Data Processing Addendum',
    lastModified: LEGAL_LAST_MODIFIED,
    intro: `This Data Processing Addendum ("DPA") forms part of the Terms of Service between ${brand} and the Customer. It applies whenever ${brand} processes personal data on the Customer's behalf, and it is intended to meet the requirements of Article 28 of the EU and UK General Data Protection Regulation ("GDPR") and of the California Consumer Privacy Act ("CCPA") for service providers.`,
    sections: [
      {
        heading: '1. Roles of the parties',
        paragraphs: [
          `The Customer is the controller of the personal data it collects through the Service ("Customer Personal Data"), and ${brand} is its processor. Under the CCPA, ${brand} acts as the Customer's service provider.`,
          'The Customer owns Customer Personal Data. Nothing in this DPA gives us any right to use it for our own purposes.',
        ],
      },
      {
        heading: '2. Details of the processing',
        paragraphs: [
          "Subject matter and duration: the provision of the Service for as long as the Customer's account is open, and the deletion period that follows.",
          'Nature and purpose: hosting landing pages, collecting and storing Leads, showing them in dashboards, exporting or sending them to tools the Customer connects, sending messages the Customer triggers, and producing analytics for the Customer.',
        ],
        list: [
          "Data subjects: event attendees and other people who submit their details on the Customer's landing pages, and the Customer's own team members.",
          "Categories of data: names, email addresses, phone numbers, company and job title, answers to the Customer's questions, consent records, submission time and the session or event the submission relates to.",
          'Special categories: none are required, and the Customer should not ask attendees for them.',
        ],
      },
      {
        heading: '3. Customer obligations',
        paragraphs: [
          "The Customer is responsible for having a lawful basis for collecting Customer Personal Data, for giving attendees the information the law requires (the Service's built-in privacy notices help with this), for the accuracy of its instructions, and for its use of Leads after export.",
        ],
      },
      {
        heading: '4. Our obligations as processor',
        paragraphs: [`${brand} will:`],
        list: [
          "process Customer Personal Data only on the Customer's documented instructions, which consist of the Terms, this DPA and the Customer's use and configuration of the Service, unless the law requires otherwise (in which case we will tell the Customer first where the law allows);",
          'tell the Customer promptly if we believe an instruction breaches data protection law;',
          'ensure that everyone authorised to process Customer Personal Data is bound by confidentiality;',
          'implement the technical and organisational measures described in section 5;',
          'help the Customer, taking into account the nature of the processing, to answer data subject requests and to carry out data protection impact assessments and prior consultations;',
          'not sell or share Customer Personal Data, retain or use it outside the direct business relationship with the Customer, or combine it with personal data from other sources, except as the CCPA permits.',
        ],
      },
      {
        heading: '5. Security measures',
        paragraphs: [
          'We protect Customer Personal Data with measures appropriate to the risk, including encryption in transit for all traffic, sign-in tokens that are stored only as hashes and expire quickly, role-based access controls with least-privilege access for staff, regular backups, input sanitisation and rate limiting. Our Trust Center gives more detail. We may update these measures as long as the overall level of protection does not decrease.',
        ],
      },
      {
        heading: '6. Sub-processors',
        paragraphs: [
          "The Customer gives general authorisation for us to use sub-processors. The current list, with each sub-processor's purpose and location, is published at /cookie-policy.",
          'We will give notice of any new sub-processor before it processes Customer Personal Data. The Customer may object on reasonable data protection grounds within 30 days of that notice; if we cannot reasonably accommodate the objection, the Customer may terminate the affected part of the Service and receive a refund of prepaid fees for it.',
          'We impose data protection obligations on each sub-processor that are no less protective than this DPA, and we remain responsible to the Customer for their performance.',
        ],
      },
      {
        heading: '7. Data subject requests',
        paragraphs: [
          'If we receive a request from an attendee or other data subject about Customer Personal Data, we will forward it to the Customer without undue delay and will not respond ourselves except to confirm that the request has been passed on. The Service lets the Customer find, export, correct and delete Leads so that it can answer such requests.',
        ],
      },
      {
        heading: '8. Personal data breaches',
        paragraphs: [
          'We will notify the Customer without undue delay after becoming aware of a personal data breach affecting Customer Personal Data. The notice will describe, as far as then known, the nature of the breach, the categories and approximate number of people and records concerned, the likely consequences, and the measures taken or proposed. We will provide updates as more becomes known, so that the Customer can meet its own obligation to notify authorities within 72 hours under Article 33 GDPR where that applies.',
          'We will take reasonable steps to contain and remedy the breach. Notifying the Customer is not an admission of fault.',
        ],
      },
      {
        heading: '9. International transfers',
        paragraphs: [
          'Where Customer Personal Data from the European Economic Area, the United Kingdom or Switzerland is transferred to a country without an adequacy decision, the parties agree that the applicable Standard Contractual Clauses (with the UK Addendum where relevant) apply and are incorporated by reference, with the Customer as data exporter and us as data importer.',
        ],
      },
      {
        heading: '10. Audits and information',
        paragraphs: [
          'We will make available the information reasonably necessary to demonstrate compliance with this DPA, including answers to security questionnaires. Where that information is not sufficient, the Customer may carry out an audit, at its own cost, on reasonable notice, during business hours and no more than once a year, subject to confidentiality.',
        ],
      },
      {
        heading: '11. Deletion and return',
        paragraphs: [
          'The Customer can export its Leads at any time while its account is open. When the account is closed, we delete Customer Personal Data from the live Service within 30 days, unless the law requires us to keep it. Copies in backups are overwritten on their normal rotation cycle and are not restored except for disaster recovery.',
          'The Customer can also delete individual Leads, or all Leads for a session, at any time; deleted Leads are removed from the live Service immediately.',
        ],
      },
      {
        heading: '12. Liability and precedence',
        paragraphs: [
          "Each party's liability under this DPA is subject to the limitations in the Terms. If this DPA conflicts with the Terms on the processing of personal data, this DPA prevails.",
          `For questions about this DPA, please ${contactSentence(options)}.`,
        ],
      },
    ],
  }
}
