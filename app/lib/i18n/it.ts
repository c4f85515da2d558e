// Italian (Italiano): the attendee's path (issue 31). Same keys as en.ts (the Dictionary type and
// dictionaries.test.ts). The informal "tu" throughout, as most Italian event sites write.
// Checked by: not yet checked by a native reader (written by the Lectern team).

import type { Dictionary } from './en'

export const it: Dictionary = {
  speaker: {
    unnamed: 'chi presenta',
    unnamedStart: 'Chi presenta',
  },
  languages: {
    label: 'Lingua',
  },
  page: {
    preview: 'Anteprima: questa sessione è una bozza. Finché non la pubblichi, chi partecipa qui vede «pagina non trovata».',
    checkFields: ({ count }) =>
      count === 1 ? 'Controlla il campo segnalato qui sotto:' : 'Controlla i campi segnalati qui sotto:',
    offline:
      'Sei offline. I tuoi dati sono salvati su questo telefono e verranno inviati appena tornerai online: tieni aperta questa pagina.',
    optional: '(facoltativo)',
    ratingRange: ({ label }) => `${label}: da 1 (basso) a 5 (alto)`,
    honeypot: 'Lascia vuoto questo campo',
    contact: 'Contatto',
    privacyNotice: 'Informativa sulla privacy',
    submit: 'Invia i miei dati',
  },
  fields: {
    firstName: 'Nome',
    email: 'Email',
    company: 'Azienda',
    jobTitle: 'Ruolo',
    phone: 'Telefono',
    linkedin: 'Profilo LinkedIn',
  },
  errors: {
    firstNameMissing: 'Inserisci il tuo nome',
    firstNameLong: ({ max }) => `Il tuo nome deve avere meno di ${max} caratteri`,
    emailMissing: 'Inserisci il tuo indirizzo email',
    emailInvalid: 'Inserisci un indirizzo email valido, come nome@example.com',
    emailUnicode:
      'Questo indirizzo contiene prima della @ lettere diverse da a–z, e il nostro servizio email non può recapitare messaggi a indirizzi di questo tipo. Inserisci un altro indirizzo.',
    tooLong: ({ max }) => `Usa meno di ${max} caratteri`,
    phoneInvalid: 'Inserisci un numero di telefono in cifre (spazi, +, -, punti e parentesi vanno bene)',
    linkedinInvalid: 'Inserisci l’indirizzo di un profilo LinkedIn, come https://www.linkedin.com/in/il-tuo-nome',
    answerMissing: 'Rispondi a questa domanda',
    singleMissing: 'Scegli un’opzione',
    singleInvalid: 'Scegli una delle opzioni mostrate',
    multiMissing: 'Scegli almeno un’opzione',
    multiInvalid: 'Scegli solo tra le opzioni mostrate',
    ratingMissing: 'Scegli un voto da 1 a 5',
    linkRefused: 'Togli l’indirizzo web: in questo campo non si possono inviare link',
  },
  form: {
    unreadable: 'Non siamo riusciti a leggere il modulo. Compilalo di nuovo.',
    tooLarge: 'Il modulo era troppo grande per essere inviato. Accorcia le risposte e invialo di nuovo.',
    expiredCheck: 'Questo modulo era scaduto. Controlla i tuoi dati e inviali di nuovo.',
    expired: 'Questo modulo era scaduto. Invialo di nuovo.',
    busy: 'In questo momento si stanno iscrivendo così tante persone che il tuo invio non è andato a buon fine. Invialo di nuovo tra un minuto.',
  },
  consent: {
    defaultWording: ({ speakerStart }) =>
      `${speakerStart} userà i dati che inserisci qui per inviarti ciò che viene offerto e per ricontattarti su questo talk. Puoi farli cancellare in qualsiasi momento con il link nella tua email di conferma.`,
    eventWording:
      'I dati che inserisci qui servono per inviarti ciò che viene offerto e per ricontattarti su questo talk. Puoi farli cancellare in qualsiasi momento con il link nella tua email di conferma.',
    defaultMarketing: ({ speaker }) => `Sì, ${speaker} può anche scrivermi via email su talk e risorse future.`,
    controller: ({ speaker, brand }) =>
      `I tuoi dati vanno a ${speaker}, che decide come usarli. ${brand} li conserva per conto di ${speaker}.`,
    toOrganiser: ({ organiser, speaker, brand }) =>
      `I tuoi dati vanno a ${organiser ? `${organiser}, che organizza questo evento` : 'chi organizza questo evento'} e decide come usarli. Chi presenta il talk, ${speaker}, non li riceve. ${brand} li conserva per conto di ${organiser ?? 'chi organizza l’evento'}.`,
    toSpeaker: ({ organiser, speaker, brand }) =>
      `I tuoi dati vanno a ${speaker}, che presenta il talk e decide come usarli. ${organiser ? `Chi organizza l’evento, ${organiser},` : 'Chi organizza l’evento'} non li riceve. ${brand} li conserva per conto di ${speaker}.`,
    toBoth: ({ organiser, speaker, brand }) =>
      `I tuoi dati vanno a ${organiser ? `${organiser}, che organizza questo evento` : 'chi organizza questo evento'} e decide come usarli. ${speaker}, che presenta il talk, li riceve a sua volta solo se spunti la casella qui sotto. ${brand} li conserva per loro conto.`,
    shareBox: ({ speaker }) =>
      `Condividi i miei dati anche con ${speaker}, che presenta il talk e potrà così contattarmi in merito`,
    contactLine: ({ contact }) => `Contatto: ${contact}`,
    privacyLine: ({ url }) => `Informativa sulla privacy: ${url}`,
    organiserNamed: ({ organiser }) => `${organiser} (organizzazione)`,
    organiserUnnamed: 'chi organizza questo evento',
    speakerRole: ({ speaker }) => `${speaker} (chi presenta il talk)`,
  },
  thanks: {
    title: 'Grazie',
    heading: ({ firstName }) => `Grazie, ${firstName}!`,
    detailsWith: ({ names }) => `Destinatari dei tuoi dati: ${names}.`,
    emailSent: 'Ti abbiamo anche inviato un’email con tutto quello che trovi in questa pagina.',
    emailSkipped:
      'Non ti abbiamo inviato un’email di conferma: di recente ne sono partite troppe verso questo indirizzo o da questa pagina. Salva questa pagina nei preferiti per non perdere l’offerta.',
    download: ({ file }) => `Scarica ${file}`,
    downloadFile: 'Scarica il file',
    openOffer: 'Apri l’offerta',
    keepInTouch: 'Restiamo in contatto',
    saveCard: ({ speaker }) => `Salva il biglietto da visita di ${speaker}`,
    changedMindAsk: ({ speaker }) => `Hai cambiato idea? Chiedi a ${speaker} di cancellare i tuoi dati.`,
    changedMindEmail: 'Hai cambiato idea? L’email che ti abbiamo inviato contiene un link per cancellare i tuoi dati.',
    spamLine: 'I tuoi dati sono stati inviati.',
    notFound: 'Questa pagina di ringraziamento non esiste, oppure i dati a cui si riferisce sono stati cancellati.',
  },
  messages: {
    notFoundTitle: 'Pagina non trovata',
    notFound: 'A questo indirizzo non c’è nessuna pagina di sessione. Controlla il link o scansiona di nuovo il codice QR.',
    cardUnavailable: 'Questo biglietto da visita non è disponibile.',
    fileNotFoundTitle: 'File non trovato',
    downloadUnavailable: 'Questo download non è disponibile.',
    endedTitle: 'Questa sessione è terminata',
    ended: ({ speakerStart, headline, event }) => `${speakerStart} non raccoglie più dati per «${headline}» a ${event}.`,
    endedEmail: 'Se hai già lasciato i tuoi dati, l’email che hai ricevuto contiene ancora tutto.',
  },
  unsubscribe: {
    title: 'Annulla l’iscrizione',
    description: 'Non ricevere più email da questo mittente.',
    ask: ({ speaker }) => `Non vuoi più ricevere email da ${speaker}? Ha effetto subito.`,
    button: 'Annulla l’iscrizione',
    done: ({ speaker }) => `Iscrizione annullata: ${speaker} non ti scriverà più.`,
    unknownTitle: 'Link sconosciuto',
    unknown: 'Questo link per annullare l’iscrizione non è riconosciuto. Se l’hai copiato da un’email, controlla che sia completo.',
  },
  erase: {
    title: 'Cancella i tuoi dati',
    explain: ({ firstName }) =>
      `${firstName}, così cancelli i dati che hai lasciato su questa pagina di sessione: chi presenta non li avrà più e non potranno essere recuperati.`,
    button: 'Cancella i miei dati',
    nothingTitle: 'Niente da cancellare',
    nothing: 'Questi dati sono già stati cancellati, oppure questo link non è valido.',
    erasedTitle: 'I tuoi dati sono stati cancellati',
    erased:
      'Chi presenta non ha più i dati che hai lasciato su questa pagina di sessione. Abbiamo tenuto solo traccia dell’avvenuta cancellazione, senza i tuoi dati.',
    quoteOr: 'Oppure lascia i tuoi dati a chi presenta e ritira solo il permesso di citare il tuo feedback.',
    quoteButton: 'Ritira solo la mia citazione',
    withdrawnTitle: 'La tua citazione è stata ritirata',
    withdrawn:
      'Chi presenta non può più citare il tuo feedback: è stato tolto dal suo profilo e dalla pagina dell’evento. I tuoi dati restano a chi presenta; il link nella tua email li cancella comunque.',
  },
  email: {
    subjectOffer: ({ offer, speaker }) => `${offer}, da ${speaker}`,
    subject: ({ speaker }) => `Grazie per l’interesse per il talk di ${speaker}`,
    title: ({ firstName }) => `Grazie, ${firstName}`,
    opening: ({ firstName, speaker, talk, event }) =>
      `Ciao ${firstName}, grazie per aver lasciato i tuoi dati al talk «${talk}» di ${speaker} a ${event}.`,
    promisedNamed: ({ speaker, offer }) => `Ecco quello che ${speaker} ti ha promesso: ${offer}.`,
    promised: ({ speaker }) => `Ecco quello che ${speaker} ti ha promesso.`,
    getIt: ({ url }) => `Lo trovi qui: ${url}`,
    cardPage: ({ speaker, url }) => `La tua pagina con il biglietto da visita di ${speaker}: ${url}`,
    privacySpeaker: ({ speaker, brand }) =>
      `I tuoi dati sono andati a ${speaker}, che decide come usarli; ${brand} li conserva per conto di ${speaker}. Per cancellare i tuoi dati, apri questo link e conferma:`,
    privacyMany: ({ names, count, brand }) =>
      `Destinatari dei tuoi dati: ${names}. ${count > 1 ? 'Ciascuno decide' : 'Chi li ha ricevuti decide'} come usarli; ${brand} li conserva per ${count > 1 ? 'loro' : 'suo'} conto. Per cancellare i tuoi dati, apri questo link e conferma:`,
    buttonOffer: 'Ottienilo ora',
    buttonCard: ({ speaker }) => `Salva il biglietto da visita di ${speaker}`,
    eraseLink: 'Cancella i miei dati',
  },
  /** Feedback in the room (issue 33): the section of the attendee page and its thank-you page. */
  feedback: {
    heading: 'Il tuo feedback',
    opensOn: ({ time }: { time: string }) => `Il feedback su questo intervento si apre il ${time}.`,
    openUntil: ({ time }: { time: string }) => `Puoi lasciare un feedback fino al ${time}.`,
    closedOn: ({ time }: { time: string }) => `Il feedback su questo intervento si è chiuso il ${time}.`,
    withoutDetails: 'Puoi lasciarlo senza inserire i tuoi dati.',
    changeUntil: ({ time }: { time: string }) => `Hai lasciato un feedback da questo browser; puoi modificarlo fino al ${time}.`,
    given: ({ time }: { time: string }) => `Hai lasciato un feedback su questo intervento da questo browser il ${time}. Grazie!`,
    rating: 'Com’è stato l’intervento? Da 1 (scarso) a 5 (ottimo)',
    better: 'Che cosa lo avrebbe reso migliore?',
    use: 'Che cosa metterai in pratica?',
    ifLow: 'Se hai scelto 1, 2 o 3',
    ifHigh: 'Se hai scelto 4 o 5',
    part: ({ label }: { label: string }) => `${label}, da 1 a 5 (facoltativo)`,
    content: 'Contenuti',
    delivery: 'Esposizione',
    slides: 'Slide',
    quote: ({ speaker }: { speaker: string }) => `${speaker} può citare questo testo sul suo profilo con il mio nome`,
    quoteTitle: ({ speaker }: { speaker: string }) =>
      `${speaker} può citare questo testo sul suo profilo con il mio nome e il mio ruolo`,
    quoteCompany: ({ speaker }: { speaker: string }) =>
      `${speaker} può citare questo testo sul suo profilo con il mio nome e la mia azienda`,
    quoteBoth: ({ speaker }: { speaker: string }) =>
      `${speaker} può citare questo testo sul suo profilo con il mio nome, il mio ruolo e la mia azienda`,
    withTitle: '… e il mio ruolo',
    withCompany: '… e la mia azienda',
    booking: ({ speaker }: { speaker: string }) => `${speaker} dovrebbe intervenire nella tua azienda o al tuo evento?`,
    bookingHint: ({ speaker }: { speaker: string }) => `Dicci dove e lascia i tuoi dati qui sotto: ${speaker} ti ricontatterà.`,
    organisation: 'Azienda o evento',
    role: 'Il tuo ruolo',
    when: 'Quando',
    details: 'I tuoi dati',
    detailsHint:
      'Facoltativi per il feedback; necessari per l’offerta, una citazione con il tuo nome o una richiesta di intervento.',
    submit: 'Invia',
    partInvalid: 'Scegli un voto da 1 a 5, oppure lascia vuoto',
    followUpLong: ({ max }: { max: number }) => `La risposta deve avere meno di ${max} caratteri`,
    wrongFollowUp: ({ label }: { label: string }) =>
      `Questa domanda non corrisponde al voto scelto: scrivi la risposta sotto «${label}».`,
    quoteNeedsName: 'Inserisci qui sotto nome ed email per poter essere citato con il tuo nome',
    quotePartWithoutQuote: 'Spunta la casella sopra per consentire la citazione, oppure togli questa spunta',
    bookingNeedsDetails: 'Inserisci qui sotto nome ed email per poter ricevere una risposta',
    organisationMissing: 'Inserisci l’azienda o l’evento',
    nothingToSend: 'Scegli un voto, oppure lascia i tuoi dati qui sotto',
    closed: 'Il feedback su questa sessione è chiuso.',
    editExpired: 'Hai lasciato un feedback da questo browser più di 24 ore fa; non può più essere modificato.',
    thanksTitle: 'Grazie per il tuo feedback',
    willRead: ({ speakerStart }: { speakerStart: string }) => `${speakerStart} lo leggerà.`,
    changeFrom: ({ time }: { time: string }) => `Puoi modificarlo da questo browser fino al ${time}.`,
    offer: ({ offer }: { offer: string }) => `Vuoi ${offer}? Lascia i tuoi dati nella pagina della sessione.`,
    changeLink: 'Modifica il mio feedback o lascia i miei dati',
    back: 'Torna alla pagina della sessione',
  },
  event: {
    programme: 'Programma',
    pageTitle: ({ event }) => `${event} – Programma`,
    summary: ({ event, dates, place }) => `Il programma di ${event}: ${dates}, ${place}.`,
    online: 'Online',
    zone: ({ zone }) => `Gli orari sono quelli locali dell’evento (${zone}).`,
    soon: 'Il programma sarà annunciato a breve.',
    noRoom: 'Sala da definire',
    ended: 'Questo evento è terminato. Il suo programma resta qui da consultare.',
    testimonials: 'Cosa ha detto il pubblico',
    attribution: ({ author, talk, event }) => `— ${author}, su «${talk}» a ${event}`,
    back: ({ event }) => `← Programma di ${event}`,
    speakingAt: ({ event }) => `Interviene a ${event}`,
    about: 'Biografia',
    talksAt: ({ count, event }) => (count === 1 ? `Intervento a ${event}` : `Interventi a ${event}`),
    attendeePage: 'Apri la pagina dell’intervento per il pubblico',
    speakerTitle: ({ speaker, event }) => `${speaker} a ${event}`,
    speakerSummary: ({ speaker, role, event }) =>
      role ? `${speaker}, ${role}, interviene a ${event}.` : `${speaker} interviene a ${event}.`,
  },
}
