// French (Français): the attendee's path (issue 31). Same keys as en.ts (the Dictionary type and
// dictionaries.test.ts). "Vous" throughout; a no-break space before : ; ! ? and inside « », as French
// typography wants.
// Checked by: not yet checked by a native reader (written by the Lectern team).

import type { Dictionary } from './en'

export const fr: Dictionary = {
  speaker: {
    unnamed: 'l’intervenant',
    unnamedStart: 'L’intervenant',
  },
  languages: {
    label: 'Langue',
  },
  page: {
    preview:
      'Aperçu\u00a0: cette session est un brouillon. Les participants voient ici «\u00a0introuvable\u00a0» tant que vous ne l’avez pas mise en ligne.',
    checkFields: ({ count }) =>
      count === 1
        ? 'Veuillez vérifier le champ signalé ci-dessous\u00a0:'
        : 'Veuillez vérifier les champs signalés ci-dessous\u00a0:',
    offline:
      'Vous êtes hors ligne. Vos coordonnées sont enregistrées sur ce téléphone et seront envoyées dès que vous serez de nouveau en ligne\u00a0: gardez cette page ouverte.',
    optional: '(facultatif)',
    ratingRange: ({ label }) => `${label} — de 1 (faible) à 5 (élevé)`,
    honeypot: 'Laissez ce champ vide',
    contact: 'Contact',
    privacyNotice: 'Politique de confidentialité',
    submit: 'Envoyer mes coordonnées',
  },
  fields: {
    firstName: 'Prénom',
    email: 'E-mail',
    company: 'Entreprise',
    jobTitle: 'Fonction',
    phone: 'Téléphone',
    linkedin: 'Profil LinkedIn',
  },
  errors: {
    firstNameMissing: 'Saisissez votre prénom',
    firstNameLong: ({ max }) => `Votre prénom doit faire moins de ${max} caractères`,
    emailMissing: 'Saisissez votre adresse e-mail',
    emailInvalid: 'Saisissez une adresse e-mail valide, par exemple nom@example.com',
    emailUnicode:
      'Cette adresse contient avant le @ des lettres autres que a–z, et notre service d’e-mail ne peut pas livrer à ce type d’adresse. Veuillez saisir une autre adresse.',
    tooLong: ({ max }) => `Ne dépassez pas ${max} caractères`,
    phoneInvalid: 'Saisissez un numéro de téléphone en chiffres (les espaces, +, -, points et parenthèses sont acceptés)',
    linkedinInvalid: 'Saisissez l’adresse d’un profil LinkedIn, par exemple https://www.linkedin.com/in/votre-nom',
    answerMissing: 'Répondez à cette question',
    singleMissing: 'Choisissez une option',
    singleInvalid: 'Choisissez l’une des options proposées',
    multiMissing: 'Choisissez au moins une option',
    multiInvalid: 'Choisissez uniquement parmi les options proposées',
    ratingMissing: 'Choisissez une note de 1 à 5',
    linkRefused: 'Retirez l’adresse web\u00a0: ce champ n’accepte pas de liens',
  },
  form: {
    unreadable: 'Nous n’avons pas pu lire ce formulaire. Veuillez le remplir à nouveau.',
    tooLarge: 'Ce formulaire était trop volumineux pour être envoyé. Raccourcissez vos réponses et envoyez-le à nouveau.',
    expiredCheck: 'Ce formulaire avait expiré. Vérifiez vos coordonnées et envoyez-les à nouveau.',
    expired: 'Ce formulaire avait expiré. Veuillez l’envoyer à nouveau.',
    busy: 'Tant de personnes s’inscrivent en ce moment que votre envoi n’est pas passé. Veuillez réessayer dans une minute.',
  },
  consent: {
    defaultWording: ({ speakerStart }) =>
      `${speakerStart} utilisera les coordonnées que vous saisissez ici pour vous envoyer ce qui est proposé et pour vous recontacter au sujet de cette intervention. Vous pouvez les faire effacer à tout moment grâce au lien de votre e-mail de confirmation.`,
    eventWording:
      'Les coordonnées que vous saisissez ici servent à vous envoyer ce qui est proposé et à vous recontacter au sujet de cette intervention. Vous pouvez les faire effacer à tout moment grâce au lien de votre e-mail de confirmation.',
    defaultMarketing: ({ speaker }) =>
      `Oui, ${speaker} peut aussi m’écrire au sujet de ses prochaines interventions et ressources.`,
    controller: ({ speaker, brand }) =>
      `Vos coordonnées sont transmises à ${speaker}, qui décide de leur utilisation. ${brand} les conserve pour le compte de ${speaker}.`,
    toOrganiser: ({ organiser, speaker, brand }) =>
      `Vos coordonnées sont transmises à ${organiser ? `${organiser}, l’organisateur de cet événement,` : 'l’organisateur de cet événement,'} qui décide de leur utilisation. L’intervenant, ${speaker}, ne les reçoit pas. ${brand} les conserve pour le compte de ${organiser ?? 'l’organisateur'}.`,
    toSpeaker: ({ organiser, speaker, brand }) =>
      `Vos coordonnées sont transmises à ${speaker}, l’intervenant, qui décide de leur utilisation. ${organiser ? `L’organisateur, ${organiser},` : 'L’organisateur'} ne les reçoit pas. ${brand} les conserve pour le compte de ${speaker}.`,
    toBoth: ({ organiser, speaker, brand }) =>
      `Vos coordonnées sont transmises à ${organiser ? `${organiser}, l’organisateur de cet événement,` : 'l’organisateur de cet événement,'} qui décide de leur utilisation. ${speaker}, l’intervenant, ne les reçoit aussi que si vous cochez la case ci-dessous. ${brand} les conserve pour leur compte.`,
    shareBox: ({ speaker }) =>
      `Partager aussi mes coordonnées avec ${speaker}, l’intervenant, qui pourra alors me contacter au sujet de cette intervention`,
    contactLine: ({ contact }) => `Contact\u00a0: ${contact}`,
    privacyLine: ({ url }) => `Politique de confidentialité\u00a0: ${url}`,
    organiserNamed: ({ organiser }) => `${organiser} (l’organisateur)`,
    organiserUnnamed: 'l’organisateur de cet événement',
    speakerRole: ({ speaker }) => `${speaker} (l’intervenant)`,
  },
  thanks: {
    title: 'Merci',
    heading: ({ firstName }) => `Merci, ${firstName}\u00a0!`,
    detailsWith: ({ names }) => `Destinataires de vos coordonnées\u00a0: ${names}.`,
    emailSent: 'Nous vous avons aussi envoyé un e-mail qui reprend tout ce qui figure sur cette page.',
    emailSkipped:
      'Nous ne vous avons pas envoyé d’e-mail de confirmation\u00a0: trop de messages sont partis récemment vers cette adresse ou depuis cette page. Ajoutez cette page à vos favoris pour garder l’offre.',
    download: ({ file }) => `Télécharger ${file}`,
    downloadFile: 'Télécharger le fichier',
    openOffer: 'Ouvrir l’offre',
    keepInTouch: 'Restons en contact',
    saveCard: ({ speaker }) => `Enregistrer la carte de contact de ${speaker}`,
    changedMindAsk: ({ speaker }) => `Vous avez changé d’avis\u00a0? Demandez à ${speaker} d’effacer vos coordonnées.`,
    changedMindEmail:
      'Vous avez changé d’avis\u00a0? L’e-mail que nous vous avons envoyé contient un lien pour effacer vos coordonnées.',
    spamLine: 'Vos coordonnées ont été envoyées.',
    notFound: 'Cette page de remerciement n’existe pas, ou les coordonnées associées ont été effacées.',
  },
  messages: {
    notFoundTitle: 'Page introuvable',
    notFound: 'Il n’y a pas de page de session à cette adresse. Vérifiez le lien ou scannez à nouveau le QR code.',
    cardUnavailable: 'Cette carte de contact n’est pas disponible.',
    fileNotFoundTitle: 'Fichier introuvable',
    downloadUnavailable: 'Ce téléchargement n’est pas disponible.',
    endedTitle: 'Cette session est terminée',
    ended: ({ speakerStart, headline, event }) =>
      `${speakerStart} ne recueille plus de coordonnées pour «\u00a0${headline}\u00a0» à ${event}.`,
    endedEmail: 'Si vous avez déjà laissé vos coordonnées, l’e-mail que vous avez reçu contient toujours tout.',
  },
  unsubscribe: {
    title: 'Se désabonner',
    description: 'Ne plus recevoir d’e-mails de cet expéditeur.',
    ask: ({ speaker }) => `Ne plus recevoir d’e-mails de ${speaker}\u00a0? Cela prend effet immédiatement.`,
    button: 'Me désabonner',
    done: ({ speaker }) => `Vous êtes désabonné\u00a0: ${speaker} ne vous écrira plus.`,
    unknownTitle: 'Lien inconnu',
    unknown: 'Ce lien de désabonnement est inconnu. Si vous l’avez copié depuis un e-mail, vérifiez qu’il est complet.',
  },
  erase: {
    title: 'Effacer vos coordonnées',
    explain: ({ firstName }) =>
      `${firstName}, cette action efface les coordonnées que vous avez laissées sur cette page de session\u00a0: l’intervenant ne les aura plus, et elles ne pourront pas être restaurées.`,
    button: 'Effacer mes coordonnées',
    nothingTitle: 'Rien à effacer',
    nothing: 'Ces coordonnées ont déjà été effacées, ou ce lien n’est pas valide.',
    erasedTitle: 'Vos coordonnées ont été effacées',
    erased:
      'L’intervenant n’a plus les coordonnées que vous avez laissées sur cette page de session. Nous avons seulement gardé une trace de l’effacement, sans vos coordonnées.',
    quoteOr: 'Ou gardez vos coordonnées chez l’intervenant et retirez seulement votre permission de citer votre avis.',
    quoteButton: 'Retirer seulement ma citation',
    withdrawnTitle: 'Votre citation a été retirée',
    withdrawn:
      'L’intervenant ne peut plus citer votre avis : il a été retiré de son profil et de la page de l’événement. Vos coordonnées restent chez l’intervenant ; le lien de votre e-mail permet toujours de les effacer.',
  },
  email: {
    subjectOffer: ({ offer, speaker }) => `${offer}, de la part de ${speaker}`,
    subject: ({ speaker }) => `Merci de votre intérêt pour l’intervention de ${speaker}`,
    title: ({ firstName }) => `Merci, ${firstName}`,
    opening: ({ firstName, speaker, talk, event }) =>
      `Bonjour ${firstName}, merci d’avoir laissé vos coordonnées lors de l’intervention «\u00a0${talk}\u00a0» de ${speaker} à ${event}.`,
    promisedNamed: ({ speaker, offer }) => `Voici ce que ${speaker} vous a promis\u00a0: ${offer}.`,
    promised: ({ speaker }) => `Voici ce que ${speaker} vous a promis.`,
    getIt: ({ url }) => `Pour l’obtenir\u00a0: ${url}`,
    cardPage: ({ speaker, url }) => `Votre page avec la carte de contact de ${speaker}\u00a0: ${url}`,
    privacySpeaker: ({ speaker, brand }) =>
      `Vos coordonnées ont été transmises à ${speaker}, qui décide de leur utilisation\u00a0; ${brand} les conserve pour le compte de ${speaker}. Pour effacer vos coordonnées, ouvrez ce lien et confirmez\u00a0:`,
    privacyMany: ({ names, count, brand }) =>
      `Destinataires de vos coordonnées\u00a0: ${names}. ${count > 1 ? 'Chacun décide' : 'Le destinataire décide'} de leur utilisation\u00a0; ${brand} les conserve pour ${count > 1 ? 'leur' : 'son'} compte. Pour effacer vos coordonnées, ouvrez ce lien et confirmez\u00a0:`,
    buttonOffer: 'L’obtenir maintenant',
    buttonCard: ({ speaker }) => `Enregistrer la carte de contact de ${speaker}`,
    eraseLink: 'Effacer mes coordonnées',
  },
  /** Feedback in the room (issue 33): the section of the attendee page and its thank-you page. */
  feedback: {
    heading: 'Votre avis',
    opensOn: ({ time }: { time: string }) => `Les avis sur cette intervention seront ouverts le ${time}.`,
    openUntil: ({ time }: { time: string }) => `Vous pouvez donner votre avis jusqu’au ${time}.`,
    closedOn: ({ time }: { time: string }) => `Les avis sur cette intervention ont été clos le ${time}.`,
    withoutDetails: 'Vous pouvez le donner sans laisser vos coordonnées.',
    changeUntil: ({ time }: { time: string }) =>
      `Vous avez donné votre avis depuis ce navigateur ; vous pouvez le modifier jusqu’au ${time}.`,
    given: ({ time }: { time: string }) =>
      `Vous avez donné votre avis sur cette intervention depuis ce navigateur le ${time}. Merci !`,
    rating: 'Comment avez-vous trouvé l’intervention ? 1 (faible) à 5 (excellent)',
    better: 'Qu’est-ce qui l’aurait rendue meilleure ?',
    use: 'Qu’allez-vous en retenir et utiliser ?',
    ifLow: 'Si vous avez choisi 1, 2 ou 3',
    ifHigh: 'Si vous avez choisi 4 ou 5',
    part: ({ label }: { label: string }) => `${label}, de 1 à 5 (facultatif)`,
    content: 'Contenu',
    delivery: 'Présentation orale',
    slides: 'Diapositives',
    quote: ({ speaker }: { speaker: string }) => `${speaker} peut citer ceci sur son profil avec mon nom`,
    quoteTitle: ({ speaker }: { speaker: string }) => `${speaker} peut citer ceci sur son profil avec mon nom et ma fonction`,
    quoteCompany: ({ speaker }: { speaker: string }) =>
      `${speaker} peut citer ceci sur son profil avec mon nom et mon entreprise`,
    quoteBoth: ({ speaker }: { speaker: string }) =>
      `${speaker} peut citer ceci sur son profil avec mon nom, ma fonction et mon entreprise`,
    withTitle: '… et ma fonction',
    withCompany: '… et mon entreprise',
    booking: ({ speaker }: { speaker: string }) =>
      `${speaker} devrait-il ou elle intervenir dans votre entreprise ou votre événement ?`,
    bookingHint: ({ speaker }: { speaker: string }) =>
      `Dites-nous où, et laissez vos coordonnées ci-dessous : ${speaker} reviendra vers vous.`,
    organisation: 'Entreprise ou événement',
    role: 'Votre rôle',
    when: 'Quand',
    details: 'Vos coordonnées',
    detailsHint:
      'Facultatives pour un avis ; nécessaires pour l’offre, une citation avec votre nom ou une demande d’intervention.',
    submit: 'Envoyer',
    partInvalid: 'Choisissez une note de 1 à 5, ou laissez vide',
    followUpLong: ({ max }: { max: number }) => `Votre réponse doit faire moins de ${max} caractères`,
    wrongFollowUp: ({ label }: { label: string }) =>
      `Cette question ne correspond pas à la note choisie : écrivez votre réponse sous « ${label} ».`,
    quoteNeedsName: 'Indiquez ci-dessous votre prénom et votre e-mail pour pouvoir être cité avec votre nom',
    quotePartWithoutQuote: 'Cochez la case ci-dessus pour autoriser la citation, ou décochez celle-ci',
    bookingNeedsDetails: 'Indiquez ci-dessous votre prénom et votre e-mail pour que l’intervenant puisse vous répondre',
    organisationMissing: 'Indiquez l’entreprise ou l’événement',
    nothingToSend: 'Choisissez une note, ou laissez vos coordonnées ci-dessous',
    closed: 'Les avis sur cette session sont clos.',
    editExpired: 'Vous avez donné votre avis depuis ce navigateur il y a plus de 24 heures ; il ne peut plus être modifié.',
    thanksTitle: 'Merci pour votre avis',
    willRead: ({ speakerStart }: { speakerStart: string }) => `${speakerStart} le lira.`,
    changeFrom: ({ time }: { time: string }) => `Vous pouvez le modifier depuis ce navigateur jusqu’au ${time}.`,
    offer: ({ offer }: { offer: string }) => `Vous voulez ${offer} ? Laissez vos coordonnées sur la page de la session.`,
    changeLink: 'Modifier mon avis ou laisser mes coordonnées',
    back: 'Retour à la page de la session',
  },
  event: {
    programme: 'Programme',
    pageTitle: ({ event }) => `${event} – Programme`,
    summary: ({ event, dates, place }) => `Le programme de ${event}\u00a0: ${dates}, ${place}.`,
    online: 'En ligne',
    zone: ({ zone }) => `Les horaires sont à l’heure locale de l’événement (${zone}).`,
    soon: 'Le programme sera annoncé prochainement.',
    noRoom: 'Salle à confirmer',
    ended: 'Cet événement est terminé. Son programme reste consultable ici.',
    testimonials: 'Ce qu’en a dit le public',
    attribution: ({ author, talk, event }) => `— ${author}, à propos de «\u00a0${talk}\u00a0» à ${event}`,
    back: ({ event }) => `← Programme de ${event}`,
    speakingAt: ({ event }) => `Intervient à ${event}`,
    about: 'À propos',
    talksAt: ({ count, event }) => (count === 1 ? `Intervention à ${event}` : `Interventions à ${event}`),
    attendeePage: 'Ouvrir la page de l’intervention pour le public',
    speakerTitle: ({ speaker, event }) => `${speaker} à ${event}`,
    speakerSummary: ({ speaker, role, event }) =>
      role ? `${speaker}, ${role}, intervient à ${event}.` : `${speaker} intervient à ${event}.`,
  },
}
