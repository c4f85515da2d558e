// German (Deutsch): the attendee's path (issue 31). Same keys as en.ts (the Dictionary type and
// dictionaries.test.ts). The formal "Sie" throughout.
// Checked by: not yet checked by a native reader (written by the Lectern team).

import type { Dictionary } from './en'

export const de: Dictionary = {
  speaker: {
    unnamed: 'die vortragende Person',
    unnamedStart: 'Die vortragende Person',
  },
  languages: {
    label: 'Sprache',
  },
  page: {
    preview: 'Vorschau: Diese Session ist ein Entwurf. Teilnehmende sehen hier „nicht gefunden“, bis Sie sie live schalten.',
    checkFields: ({ count }) =>
      count === 1 ? 'Bitte prüfen Sie das unten markierte Feld:' : 'Bitte prüfen Sie die unten markierten Felder:',
    offline:
      'Sie sind offline. Ihre Angaben sind auf diesem Telefon gespeichert und werden gesendet, sobald Sie wieder online sind: Lassen Sie diese Seite geöffnet.',
    optional: '(optional)',
    ratingRange: ({ label }) => `${label} – 1 (niedrig) bis 5 (hoch)`,
    honeypot: 'Dieses Feld bitte leer lassen',
    contact: 'Kontakt',
    privacyNotice: 'Datenschutzhinweis',
    submit: 'Meine Angaben senden',
  },
  fields: {
    firstName: 'Vorname',
    email: 'E-Mail',
    company: 'Unternehmen',
    jobTitle: 'Position',
    phone: 'Telefon',
    linkedin: 'LinkedIn-Profil',
  },
  errors: {
    firstNameMissing: 'Geben Sie Ihren Vornamen ein',
    firstNameLong: ({ max }) => `Ihr Vorname darf höchstens ${max} Zeichen lang sein`,
    emailMissing: 'Geben Sie Ihre E-Mail-Adresse ein',
    emailInvalid: 'Geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@example.com',
    emailUnicode:
      'Diese Adresse enthält vor dem @ Buchstaben außerhalb von a–z, und unser E-Mail-Dienst kann an solche Adressen nicht zustellen. Bitte geben Sie eine andere Adresse ein.',
    tooLong: ({ max }) => `Bitte höchstens ${max} Zeichen`,
    phoneInvalid: 'Geben Sie eine Telefonnummer aus Ziffern ein (Leerzeichen, +, -, Punkte und Klammern sind erlaubt)',
    linkedinInvalid: 'Geben Sie die Adresse eines LinkedIn-Profils ein, zum Beispiel https://www.linkedin.com/in/ihr-name',
    answerMissing: 'Beantworten Sie diese Frage',
    singleMissing: 'Wählen Sie eine Option',
    singleInvalid: 'Wählen Sie eine der angezeigten Optionen',
    multiMissing: 'Wählen Sie mindestens eine Option',
    multiInvalid: 'Wählen Sie nur aus den angezeigten Optionen',
    ratingMissing: 'Wählen Sie eine Bewertung von 1 bis 5',
    linkRefused: 'Entfernen Sie die Webadresse: In diesem Feld können keine Links gesendet werden',
  },
  form: {
    unreadable: 'Wir konnten das Formular nicht lesen. Bitte füllen Sie es erneut aus.',
    tooLarge: 'Das Formular war zu groß zum Senden. Bitte kürzen Sie Ihre Antworten und senden Sie es erneut.',
    expiredCheck: 'Dieses Formular war abgelaufen. Bitte prüfen Sie Ihre Angaben und senden Sie sie erneut.',
    expired: 'Dieses Formular war abgelaufen. Bitte senden Sie es erneut.',
    busy: 'Gerade melden sich so viele Menschen an, dass Ihre Angaben nicht durchgekommen sind. Bitte senden Sie sie in einer Minute erneut.',
  },
  consent: {
    defaultWording: ({ speakerStart }) =>
      `${speakerStart} verwendet die Angaben, die Sie hier eintragen, um Ihnen das Angebotene zu schicken und sich zu diesem Vortrag bei Ihnen zu melden. Sie können sie jederzeit über den Link in Ihrer Bestätigungs-E-Mail löschen lassen.`,
    eventWording:
      'Die Angaben, die Sie hier eintragen, werden verwendet, um Ihnen das Angebotene zu schicken und sich zu diesem Vortrag bei Ihnen zu melden. Sie können sie jederzeit über den Link in Ihrer Bestätigungs-E-Mail löschen lassen.',
    defaultMarketing: ({ speaker }) => `Ja, ${speaker} darf mir auch zu künftigen Vorträgen und Materialien E-Mails schicken.`,
    controller: ({ speaker, brand }) =>
      `Ihre Angaben gehen an ${speaker}, die oder der über ihre Verwendung entscheidet. ${brand} speichert sie im Auftrag von ${speaker}.`,
    toOrganiser: ({ organiser, speaker, brand }) =>
      `Ihre Angaben gehen an ${organiser ? `${organiser}, den Veranstalter dieses Events,` : 'den Veranstalter dieses Events,'} der über ihre Verwendung entscheidet. Die vortragende Person, ${speaker}, erhält sie nicht. ${brand} speichert sie im Auftrag von ${organiser ?? 'dem Veranstalter'}.`,
    toSpeaker: ({ organiser, speaker, brand }) =>
      `Ihre Angaben gehen an ${speaker}, die vortragende Person, die über ihre Verwendung entscheidet. ${organiser ? `Der Veranstalter, ${organiser},` : 'Der Veranstalter'} erhält sie nicht. ${brand} speichert sie im Auftrag von ${speaker}.`,
    toBoth: ({ organiser, speaker, brand }) =>
      `Ihre Angaben gehen an ${organiser ? `${organiser}, den Veranstalter dieses Events,` : 'den Veranstalter dieses Events,'} der über ihre Verwendung entscheidet. ${speaker}, die vortragende Person, erhält sie nur dann ebenfalls, wenn Sie das Kästchen unten ankreuzen. ${brand} speichert sie in deren Auftrag.`,
    shareBox: ({ speaker }) =>
      `Meine Angaben auch an ${speaker}, die vortragende Person, weitergeben, die sich dann zu diesem Vortrag bei mir melden darf`,
    contactLine: ({ contact }) => `Kontakt: ${contact}`,
    privacyLine: ({ url }) => `Datenschutzhinweis: ${url}`,
    organiserNamed: ({ organiser }) => `${organiser} (der Veranstalter)`,
    organiserUnnamed: 'der Veranstalter dieses Events',
    speakerRole: ({ speaker }) => `${speaker} (die vortragende Person)`,
  },
  thanks: {
    title: 'Vielen Dank',
    heading: ({ firstName }) => `Danke, ${firstName}!`,
    detailsWith: ({ names }) => `Empfänger Ihrer Angaben: ${names}.`,
    emailSent: 'Wir haben Ihnen außerdem eine E-Mail mit allem geschickt, was auf dieser Seite steht.',
    emailSkipped:
      'Wir haben Ihnen keine Bestätigungs-E-Mail geschickt: In letzter Zeit sind zu viele an diese Adresse oder von dieser Seite gegangen. Setzen Sie ein Lesezeichen auf diese Seite, um das Angebot zu behalten.',
    download: ({ file }) => `${file} herunterladen`,
    downloadFile: 'Die Datei herunterladen',
    openOffer: 'Das Angebot öffnen',
    keepInTouch: 'In Kontakt bleiben',
    saveCard: ({ speaker }) => `Die Kontaktkarte von ${speaker} speichern`,
    changedMindAsk: ({ speaker }) => `Sie haben es sich anders überlegt? Bitten Sie ${speaker}, Ihre Angaben zu löschen.`,
    changedMindEmail:
      'Sie haben es sich anders überlegt? Die E-Mail, die wir Ihnen geschickt haben, enthält einen Link zum Löschen Ihrer Angaben.',
    spamLine: 'Ihre Angaben wurden gesendet.',
    notFound: 'Diese Dankesseite gibt es nicht, oder die Angaben dahinter wurden gelöscht.',
  },
  messages: {
    notFoundTitle: 'Seite nicht gefunden',
    notFound: 'Unter dieser Adresse gibt es keine Session-Seite. Prüfen Sie den Link oder scannen Sie den QR-Code erneut.',
    cardUnavailable: 'Diese Kontaktkarte ist nicht verfügbar.',
    fileNotFoundTitle: 'Datei nicht gefunden',
    downloadUnavailable: 'Dieser Download ist nicht verfügbar.',
    endedTitle: 'Diese Session ist beendet',
    ended: ({ speakerStart, headline, event }) => `${speakerStart} sammelt für „${headline}“ bei ${event} keine Angaben mehr.`,
    endedEmail: 'Falls Sie Ihre Angaben schon hinterlassen haben: Die E-Mail, die Sie bekommen haben, enthält weiterhin alles.',
  },
  unsubscribe: {
    title: 'Abmelden',
    description: 'Keine E-Mails mehr von diesem Absender erhalten.',
    ask: ({ speaker }) => `Keine E-Mails mehr von ${speaker} erhalten? Die Abmeldung gilt sofort.`,
    button: 'Abmelden',
    done: ({ speaker }) => `Sie sind abgemeldet: ${speaker} wird Ihnen keine E-Mails mehr schicken.`,
    unknownTitle: 'Link unbekannt',
    unknown: 'Dieser Abmeldelink ist nicht bekannt. Wenn Sie ihn aus einer E-Mail kopiert haben, prüfen Sie, ob er vollständig ist.',
  },
  erase: {
    title: 'Ihre Angaben löschen',
    explain: ({ firstName }) =>
      `${firstName}, hiermit werden die Angaben gelöscht, die Sie auf dieser Session-Seite hinterlassen haben: Die vortragende Person hat sie danach nicht mehr, und sie lassen sich nicht wiederherstellen.`,
    button: 'Meine Angaben löschen',
    nothingTitle: 'Nichts zu löschen',
    nothing: 'Diese Angaben wurden bereits gelöscht, oder dieser Link ist ungültig.',
    erasedTitle: 'Ihre Angaben wurden gelöscht',
    erased:
      'Die vortragende Person hat die Angaben, die Sie auf dieser Session-Seite hinterlassen haben, nicht mehr. Wir haben nur vermerkt, dass eine Löschung stattgefunden hat, ohne Ihre Angaben.',
    quoteOr:
      'Oder lassen Sie Ihre Angaben bei der vortragenden Person und ziehen Sie nur Ihre Erlaubnis zurück, Ihr Feedback zu zitieren.',
    quoteButton: 'Nur mein Zitat zurückziehen',
    withdrawnTitle: 'Ihr Zitat wurde zurückgezogen',
    withdrawn:
      'Die vortragende Person kann Ihr Feedback nicht mehr zitieren: Es wurde von ihrem Profil und der Veranstaltungsseite entfernt. Ihre Angaben bleiben bei der vortragenden Person; der Link in Ihrer E-Mail löscht sie weiterhin.',
  },
  email: {
    subjectOffer: ({ offer, speaker }) => `${offer}, von ${speaker}`,
    subject: ({ speaker }) => `Danke für Ihr Interesse am Vortrag von ${speaker}`,
    title: ({ firstName }) => `Danke, ${firstName}`,
    opening: ({ firstName, speaker, talk, event }) =>
      `Hallo ${firstName}, danke, dass Sie beim Vortrag „${talk}“ von ${speaker} bei ${event} Ihre Angaben hinterlassen haben.`,
    promisedNamed: ({ speaker, offer }) => `Hier ist, was ${speaker} versprochen hat: ${offer}.`,
    promised: ({ speaker }) => `Hier ist, was ${speaker} versprochen hat.`,
    getIt: ({ url }) => `Hier bekommen Sie es: ${url}`,
    cardPage: ({ speaker, url }) => `Ihre Seite mit der Kontaktkarte von ${speaker}: ${url}`,
    privacySpeaker: ({ speaker, brand }) =>
      `Ihre Angaben sind an ${speaker} gegangen, die oder der über ihre Verwendung entscheidet; ${brand} speichert sie im Auftrag von ${speaker}. Um Ihre Angaben zu löschen, öffnen Sie diesen Link und bestätigen Sie:`,
    privacyMany: ({ names, count, brand }) =>
      `Empfänger Ihrer Angaben: ${names}. ${count > 1 ? 'Jeder Empfänger entscheidet selbst' : 'Der Empfänger entscheidet'} über ihre Verwendung; ${brand} speichert sie ${count > 1 ? 'in ihrem' : 'in seinem'} Auftrag. Um Ihre Angaben zu löschen, öffnen Sie diesen Link und bestätigen Sie:`,
    buttonOffer: 'Jetzt holen',
    buttonCard: ({ speaker }) => `Die Kontaktkarte von ${speaker} speichern`,
    eraseLink: 'Meine Angaben löschen',
  },
  /** Feedback in the room (issue 33): the section of the attendee page and its thank-you page. */
  feedback: {
    heading: 'Ihr Feedback',
    opensOn: ({ time }: { time: string }) => `Feedback zu diesem Vortrag ist ab ${time} möglich.`,
    openUntil: ({ time }: { time: string }) => `Feedback ist bis ${time} möglich.`,
    closedOn: ({ time }: { time: string }) => `Feedback zu diesem Vortrag war bis ${time} möglich.`,
    withoutDetails: 'Sie können es geben, ohne Ihre Daten zu hinterlassen.',
    changeUntil: ({ time }: { time: string }) =>
      `Sie haben von diesem Browser aus Feedback gegeben; Sie können es bis ${time} ändern.`,
    given: ({ time }: { time: string }) =>
      `Sie haben am ${time} von diesem Browser aus Feedback zu diesem Vortrag gegeben. Vielen Dank!`,
    rating: 'Wie war der Vortrag? 1 (schwach) bis 5 (sehr gut)',
    better: 'Was hätte ihn besser gemacht?',
    use: 'Was werden Sie davon nutzen?',
    ifLow: 'Wenn Sie 1, 2 oder 3 gewählt haben',
    ifHigh: 'Wenn Sie 4 oder 5 gewählt haben',
    part: ({ label }: { label: string }) => `${label}, 1 bis 5 (optional)`,
    content: 'Inhalt',
    delivery: 'Vortragsweise',
    slides: 'Folien',
    quote: ({ speaker }: { speaker: string }) => `${speaker} darf dies mit meinem Namen im Profil zitieren`,
    quoteTitle: ({ speaker }: { speaker: string }) =>
      `${speaker} darf dies mit meinem Namen und meiner Position im Profil zitieren`,
    quoteCompany: ({ speaker }: { speaker: string }) =>
      `${speaker} darf dies mit meinem Namen und meinem Unternehmen im Profil zitieren`,
    quoteBoth: ({ speaker }: { speaker: string }) =>
      `${speaker} darf dies mit meinem Namen, meiner Position und meinem Unternehmen im Profil zitieren`,
    withTitle: '… und meiner Position',
    withCompany: '… und meinem Unternehmen',
    booking: ({ speaker }: { speaker: string }) => `Soll ${speaker} bei Ihrem Unternehmen oder Ihrer Veranstaltung sprechen?`,
    bookingHint: ({ speaker }: { speaker: string }) =>
      `Sagen Sie uns, wo, und hinterlassen Sie unten Ihre Daten: ${speaker} meldet sich bei Ihnen.`,
    organisation: 'Unternehmen oder Veranstaltung',
    role: 'Ihre Rolle',
    when: 'Wann',
    details: 'Ihre Daten',
    detailsHint: 'Für Feedback optional; nötig für das Angebot, ein Zitat mit Ihrem Namen oder eine Buchungsanfrage.',
    submit: 'Senden',
    partInvalid: 'Wählen Sie eine Bewertung von 1 bis 5 oder lassen Sie das Feld leer',
    followUpLong: ({ max }: { max: number }) => `Ihre Antwort darf höchstens ${max} Zeichen lang sein`,
    wrongFollowUp: ({ label }: { label: string }) =>
      `Diese Frage gehört nicht zu Ihrer Bewertung: Schreiben Sie Ihre Antwort unter „${label}“.`,
    quoteNeedsName: 'Geben Sie unten Ihren Vornamen und Ihre E-Mail-Adresse an, damit Sie mit Ihrem Namen zitiert werden können',
    quotePartWithoutQuote: 'Setzen Sie oben das Häkchen, um ein Zitat zu erlauben, oder entfernen Sie dieses',
    bookingNeedsDetails: 'Geben Sie unten Ihren Vornamen und Ihre E-Mail-Adresse an, damit die vortragende Person antworten kann',
    organisationMissing: 'Geben Sie das Unternehmen oder die Veranstaltung an',
    nothingToSend: 'Wählen Sie eine Bewertung oder hinterlassen Sie unten Ihre Daten',
    closed: 'Feedback zu dieser Session ist nicht mehr möglich.',
    editExpired: 'Sie haben vor mehr als 24 Stunden von diesem Browser aus Feedback gegeben; es kann nicht mehr geändert werden.',
    thanksTitle: 'Vielen Dank für Ihr Feedback',
    willRead: ({ speakerStart }: { speakerStart: string }) => `${speakerStart} wird es lesen.`,
    changeFrom: ({ time }: { time: string }) => `Sie können es von diesem Browser aus bis ${time} ändern.`,
    offer: ({ offer }: { offer: string }) => `Möchten Sie ${offer}? Hinterlassen Sie Ihre Daten auf der Seite der Session.`,
    changeLink: 'Mein Feedback ändern oder meine Daten hinterlassen',
    back: 'Zurück zur Seite der Session',
  },
  event: {
    programme: 'Programm',
    pageTitle: ({ event }) => `${event} – Programm`,
    summary: ({ event, dates, place }) => `Das Programm von ${event}: ${dates}, ${place}.`,
    online: 'Online',
    zone: ({ zone }) => `Alle Zeiten in der Ortszeit der Veranstaltung (${zone}).`,
    soon: 'Das Programm wird bald bekannt gegeben.',
    noRoom: 'Raum wird noch bekannt gegeben',
    ended: 'Diese Veranstaltung ist vorbei. Ihr Programm bleibt hier zum Nachlesen.',
    testimonials: 'Das sagte das Publikum',
    attribution: ({ author, talk, event }) => `— ${author}, zu „${talk}“ bei ${event}`,
    back: ({ event }) => `← Programm von ${event}`,
    speakingAt: ({ event }) => `Spricht bei ${event}`,
    about: 'Zur Person',
    talksAt: ({ count, event }) => (count === 1 ? `Vortrag bei ${event}` : `Vorträge bei ${event}`),
    attendeePage: 'Zur Seite des Vortrags für Teilnehmende',
    speakerTitle: ({ speaker, event }) => `${speaker} bei ${event}`,
    speakerSummary: ({ speaker, role, event }) =>
      role ? `${speaker}, ${role}, spricht bei ${event}.` : `${speaker} spricht bei ${event}.`,
  },
}
