// Dutch (Nederlands): the attendee's path (issue 31). Same keys as en.ts (the Dictionary type and
// dictionaries.test.ts). The informal "je" throughout, as Dutch event sites write.
// Checked by: not yet checked by a native reader (written by the Lectern team).

import type { Dictionary } from './en'

export const nl: Dictionary = {
  speaker: {
    unnamed: 'de spreker',
    unnamedStart: 'De spreker',
  },
  languages: {
    label: 'Taal',
  },
  page: {
    preview: 'Voorbeeld: deze sessie is een concept. Deelnemers krijgen hier ‘niet gevonden’ te zien tot je de sessie live zet.',
    checkFields: ({ count }) =>
      count === 1 ? 'Controleer het veld dat hieronder is gemarkeerd:' : 'Controleer de velden die hieronder zijn gemarkeerd:',
    offline:
      'Je bent offline. Je gegevens zijn op deze telefoon bewaard en worden verstuurd zodra je weer online bent: laat deze pagina open.',
    optional: '(optioneel)',
    ratingRange: ({ label }) => `${label} – 1 (laag) tot 5 (hoog)`,
    honeypot: 'Laat dit veld leeg',
    contact: 'Contact',
    privacyNotice: 'Privacyverklaring',
    submit: 'Mijn gegevens versturen',
  },
  fields: {
    firstName: 'Voornaam',
    email: 'E-mail',
    company: 'Bedrijf',
    jobTitle: 'Functie',
    phone: 'Telefoon',
    linkedin: 'LinkedIn-profiel',
  },
  errors: {
    firstNameMissing: 'Vul je voornaam in',
    firstNameLong: ({ max }) => `Je voornaam moet korter zijn dan ${max} tekens`,
    emailMissing: 'Vul je e-mailadres in',
    emailInvalid: 'Vul een geldig e-mailadres in, zoals naam@example.com',
    emailUnicode:
      'Dit adres heeft vóór de @ letters buiten a–z, en onze e-maildienst kan niet bezorgen bij zulke adressen. Vul een ander adres in.',
    tooLong: ({ max }) => `Gebruik minder dan ${max} tekens`,
    phoneInvalid: 'Vul een telefoonnummer in cijfers in (spaties, +, -, punten en haakjes mogen)',
    linkedinInvalid: 'Vul het adres van een LinkedIn-profiel in, zoals https://www.linkedin.com/in/je-naam',
    answerMissing: 'Beantwoord deze vraag',
    singleMissing: 'Kies een optie',
    singleInvalid: 'Kies een van de getoonde opties',
    multiMissing: 'Kies minstens één optie',
    multiInvalid: 'Kies alleen uit de getoonde opties',
    ratingMissing: 'Kies een score van 1 tot 5',
    linkRefused: 'Haal het webadres weg: in dit veld kunnen geen links worden verstuurd',
  },
  form: {
    unreadable: 'We konden dit formulier niet lezen. Vul het opnieuw in.',
    tooLarge: 'Het formulier was te groot om te versturen. Maak je antwoorden korter en verstuur het opnieuw.',
    expiredCheck: 'Dit formulier was verlopen. Controleer je gegevens en verstuur ze opnieuw.',
    expired: 'Dit formulier was verlopen. Verstuur het opnieuw.',
    busy: 'Er melden zich nu zoveel mensen aan dat die van jou niet is doorgekomen. Verstuur het over een minuut opnieuw.',
  },
  consent: {
    defaultWording: ({ speakerStart }) =>
      `${speakerStart} gebruikt de gegevens die je hier invult om je te sturen wat er wordt aangeboden en om contact met je op te nemen over deze talk. Je kunt ze op elk moment laten wissen via de link in je bevestigingsmail.`,
    eventWording:
      'De gegevens die je hier invult, worden gebruikt om je te sturen wat er wordt aangeboden en om contact met je op te nemen over deze talk. Je kunt ze op elk moment laten wissen via de link in je bevestigingsmail.',
    defaultMarketing: ({ speaker }) => `Ja, ${speaker} mag me ook mailen over toekomstige talks en materialen.`,
    controller: ({ speaker, brand }) =>
      `Je gegevens gaan naar ${speaker}, die bepaalt hoe ze worden gebruikt. ${brand} bewaart ze namens ${speaker}.`,
    toOrganiser: ({ organiser, speaker, brand }) =>
      `Je gegevens gaan naar ${organiser ? `${organiser}, de organisator van dit evenement,` : 'de organisator van dit evenement,'} die bepaalt hoe ze worden gebruikt. De spreker, ${speaker}, ontvangt ze niet. ${brand} bewaart ze namens ${organiser ?? 'de organisator'}.`,
    toSpeaker: ({ organiser, speaker, brand }) =>
      `Je gegevens gaan naar ${speaker}, de spreker, die bepaalt hoe ze worden gebruikt. ${organiser ? `De organisator, ${organiser},` : 'De organisator'} ontvangt ze niet. ${brand} bewaart ze namens ${speaker}.`,
    toBoth: ({ organiser, speaker, brand }) =>
      `Je gegevens gaan naar ${organiser ? `${organiser}, de organisator van dit evenement,` : 'de organisator van dit evenement,'} die bepaalt hoe ze worden gebruikt. ${speaker}, de spreker, ontvangt ze alleen ook als je het vakje hieronder aanvinkt. ${brand} bewaart ze namens hen.`,
    shareBox: ({ speaker }) =>
      `Deel mijn gegevens ook met ${speaker}, de spreker, die dan contact met me mag opnemen over deze talk`,
    contactLine: ({ contact }) => `Contact: ${contact}`,
    privacyLine: ({ url }) => `Privacyverklaring: ${url}`,
    organiserNamed: ({ organiser }) => `${organiser} (de organisator)`,
    organiserUnnamed: 'de organisator van dit evenement',
    speakerRole: ({ speaker }) => `${speaker} (de spreker)`,
  },
  thanks: {
    title: 'Bedankt',
    heading: ({ firstName }) => `Bedankt, ${firstName}!`,
    detailsWith: ({ names }) => `Ontvangers van je gegevens: ${names}.`,
    emailSent: 'We hebben je ook een e-mail gestuurd met alles wat op deze pagina staat.',
    emailSkipped:
      'We hebben je geen bevestigingsmail gestuurd: er zijn er de laatste tijd te veel naar dit adres of vanaf deze pagina gegaan. Maak een bladwijzer van deze pagina om het aanbod te bewaren.',
    download: ({ file }) => `${file} downloaden`,
    downloadFile: 'Het bestand downloaden',
    openOffer: 'Het aanbod openen',
    keepInTouch: 'Blijf in contact',
    saveCard: ({ speaker }) => `De contactkaart van ${speaker} bewaren`,
    changedMindAsk: ({ speaker }) => `Toch liever niet? Vraag ${speaker} om je gegevens te wissen.`,
    changedMindEmail: 'Toch liever niet? In de e-mail die we je stuurden staat een link om je gegevens te wissen.',
    spamLine: 'Je gegevens zijn verstuurd.',
    notFound: 'Deze bedankpagina bestaat niet, of de gegevens erachter zijn gewist.',
  },
  messages: {
    notFoundTitle: 'Pagina niet gevonden',
    notFound: 'Op dit adres staat geen sessiepagina. Controleer de link of scan de QR-code opnieuw.',
    cardUnavailable: 'Deze contactkaart is niet beschikbaar.',
    fileNotFoundTitle: 'Bestand niet gevonden',
    downloadUnavailable: 'Deze download is niet beschikbaar.',
    endedTitle: 'Deze sessie is afgelopen',
    ended: ({ speakerStart, headline, event }) => `${speakerStart} verzamelt geen gegevens meer voor ‘${headline}’ op ${event}.`,
    endedEmail: 'Heb je je gegevens al achtergelaten? Dan staat alles nog in de e-mail die je hebt gekregen.',
  },
  erase: {
    title: 'Je gegevens wissen',
    explain: ({ firstName }) =>
      `${firstName}, hiermee wis je de gegevens die je op deze sessiepagina hebt achtergelaten: de spreker heeft ze daarna niet meer, en ze zijn niet terug te halen.`,
    button: 'Mijn gegevens wissen',
    nothingTitle: 'Niets te wissen',
    nothing: 'Deze gegevens zijn al gewist, of deze link is niet geldig.',
    erasedTitle: 'Je gegevens zijn gewist',
    erased:
      'De spreker heeft de gegevens die je op deze sessiepagina hebt achtergelaten niet meer. We hebben alleen vastgelegd dat er iets is gewist, zonder je gegevens.',
    quoteOr: 'Of laat je gegevens bij de spreker en trek alleen je toestemming in om je feedback te citeren.',
    quoteButton: 'Alleen mijn citaat intrekken',
    withdrawnTitle: 'Je citaat is ingetrokken',
    withdrawn:
      'De spreker kan je feedback niet meer citeren: die is van het profiel en de evenementpagina gehaald. Je gegevens blijven bij de spreker; de link in je e-mail wist ze nog steeds.',
  },
  email: {
    subjectOffer: ({ offer, speaker }) => `${offer}, van ${speaker}`,
    subject: ({ speaker }) => `Bedankt voor je interesse in de talk van ${speaker}`,
    title: ({ firstName }) => `Bedankt, ${firstName}`,
    opening: ({ firstName, speaker, talk, event }) =>
      `Hoi ${firstName}, bedankt dat je je gegevens hebt achtergelaten bij de talk ‘${talk}’ van ${speaker} op ${event}.`,
    promisedNamed: ({ speaker, offer }) => `Dit heeft ${speaker} je beloofd: ${offer}.`,
    promised: ({ speaker }) => `Dit heeft ${speaker} je beloofd.`,
    getIt: ({ url }) => `Hier vind je het: ${url}`,
    cardPage: ({ speaker, url }) => `Je pagina met de contactkaart van ${speaker}: ${url}`,
    privacySpeaker: ({ speaker, brand }) =>
      `Je gegevens zijn naar ${speaker} gegaan, die bepaalt hoe ze worden gebruikt; ${brand} bewaart ze namens ${speaker}. Open deze link en bevestig om je gegevens te wissen:`,
    privacyMany: ({ names, count, brand }) =>
      `Ontvangers van je gegevens: ${names}. ${count > 1 ? 'Elk van hen bepaalt' : 'De ontvanger bepaalt'} hoe ze worden gebruikt; ${brand} bewaart ze namens ${count > 1 ? 'hen' : 'de ontvanger'}. Open deze link en bevestig om je gegevens te wissen:`,
    buttonOffer: 'Nu ophalen',
    buttonCard: ({ speaker }) => `De contactkaart van ${speaker} bewaren`,
    eraseLink: 'Mijn gegevens wissen',
  },
  /** Feedback in the room (issue 33): the section of the attendee page and its thank-you page. */
  feedback: {
    heading: 'Uw feedback',
    opensOn: ({ time }: { time: string }) => `Feedback op deze talk kan vanaf ${time}.`,
    openUntil: ({ time }: { time: string }) => `Feedback kan tot ${time}.`,
    closedOn: ({ time }: { time: string }) => `Feedback op deze talk kon tot ${time}.`,
    withoutDetails: 'U kunt het geven zonder uw gegevens achter te laten.',
    changeUntil: ({ time }: { time: string }) => `U gaf vanuit deze browser feedback; u kunt die tot ${time} wijzigen.`,
    given: ({ time }: { time: string }) => `U gaf op ${time} vanuit deze browser feedback op deze talk. Dank u wel!`,
    rating: 'Hoe was de talk? 1 (zwak) tot 5 (uitstekend)',
    better: 'Wat had hem beter gemaakt?',
    use: 'Wat gaat u gebruiken?',
    ifLow: 'Als u 1, 2 of 3 gaf',
    ifHigh: 'Als u 4 of 5 gaf',
    part: ({ label }: { label: string }) => `${label}, 1 tot 5 (optioneel)`,
    content: 'Inhoud',
    delivery: 'Presentatie',
    slides: 'Dia’s',
    quote: ({ speaker }: { speaker: string }) => `${speaker} mag dit met mijn naam op het profiel citeren`,
    quoteTitle: ({ speaker }: { speaker: string }) => `${speaker} mag dit met mijn naam en functie op het profiel citeren`,
    quoteCompany: ({ speaker }: { speaker: string }) => `${speaker} mag dit met mijn naam en bedrijf op het profiel citeren`,
    quoteBoth: ({ speaker }: { speaker: string }) =>
      `${speaker} mag dit met mijn naam, functie en bedrijf op het profiel citeren`,
    withTitle: '… en mijn functie',
    withCompany: '… en mijn bedrijf',
    booking: ({ speaker }: { speaker: string }) => `Moet ${speaker} bij uw bedrijf of evenement spreken?`,
    bookingHint: ({ speaker }: { speaker: string }) =>
      `Vertel ons waar, en laat hieronder uw gegevens achter: ${speaker} neemt contact met u op.`,
    organisation: 'Bedrijf of evenement',
    role: 'Uw rol',
    when: 'Wanneer',
    details: 'Uw gegevens',
    detailsHint: 'Optioneel voor feedback; nodig voor het aanbod, een citaat met uw naam of een boekingsverzoek.',
    submit: 'Versturen',
    partInvalid: 'Kies een cijfer van 1 tot 5, of laat het leeg',
    followUpLong: ({ max }: { max: number }) => `Houd uw antwoord onder ${max} tekens`,
    wrongFollowUp: ({ label }: { label: string }) =>
      `Deze vraag hoort niet bij het gekozen cijfer: schrijf uw antwoord onder ‘${label}’.`,
    quoteNeedsName: 'Vul hieronder uw voornaam en e-mailadres in om met uw naam geciteerd te kunnen worden',
    quotePartWithoutQuote: 'Vink het vakje hierboven aan om een citaat toe te staan, of vink dit uit',
    bookingNeedsDetails: 'Vul hieronder uw voornaam en e-mailadres in zodat de spreker kan reageren',
    organisationMissing: 'Vul het bedrijf of evenement in',
    nothingToSend: 'Kies een cijfer, of laat hieronder uw gegevens achter',
    closed: 'Feedback op deze sessie is gesloten.',
    editExpired: 'U gaf meer dan 24 uur geleden vanuit deze browser feedback; die kan niet meer worden gewijzigd.',
    thanksTitle: 'Bedankt voor uw feedback',
    willRead: ({ speakerStart }: { speakerStart: string }) => `${speakerStart} leest het.`,
    changeFrom: ({ time }: { time: string }) => `U kunt het vanuit deze browser tot ${time} wijzigen.`,
    offer: ({ offer }: { offer: string }) => `Wilt u ${offer}? Laat uw gegevens achter op de pagina van de sessie.`,
    changeLink: 'Mijn feedback wijzigen of mijn gegevens achterlaten',
    back: 'Terug naar de pagina van de sessie',
  },
  event: {
    programme: 'Programma',
    pageTitle: ({ event }) => `${event} – Programma`,
    summary: ({ event, dates, place }) => `Het programma van ${event}: ${dates}, ${place}.`,
    online: 'Online',
    zone: ({ zone }) => `De tijden zijn de lokale tijd van het evenement (${zone}).`,
    soon: 'Het programma wordt binnenkort bekendgemaakt.',
    noRoom: 'Zaal nog niet bekend',
    ended: 'Dit evenement is afgelopen. Het programma blijft hier staan om na te lezen.',
    testimonials: 'Wat het publiek zei',
    attribution: ({ author, talk, event }) => `— ${author}, over ‘${talk}’ op ${event}`,
    back: ({ event }) => `← Programma van ${event}`,
    speakingAt: ({ event }) => `Spreekt op ${event}`,
    about: 'Over',
    talksAt: ({ count, event }) => (count === 1 ? `Presentatie op ${event}` : `Presentaties op ${event}`),
    attendeePage: 'Open de pagina van de presentatie voor het publiek',
    speakerTitle: ({ speaker, event }) => `${speaker} op ${event}`,
    speakerSummary: ({ speaker, role, event }) =>
      role ? `${speaker}, ${role}, spreekt op ${event}.` : `${speaker} spreekt op ${event}.`,
  },
}
