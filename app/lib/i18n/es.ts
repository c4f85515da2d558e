// Spanish (Español): the attendee's path (issue 31). Same keys as en.ts (the Dictionary type and
// dictionaries.test.ts). "Usted" throughout, understood in Spain and in Latin America alike.
// Checked by: not yet checked by a native reader (written by the Lectern team).

import type { Dictionary } from './en'

export const es: Dictionary = {
  speaker: {
    unnamed: 'la persona ponente',
    unnamedStart: 'La persona ponente',
  },
  languages: {
    label: 'Idioma',
  },
  page: {
    preview: 'Vista previa: esta sesión es un borrador. Los asistentes verán «no encontrada» aquí hasta que la publique.',
    checkFields: ({ count }) => (count === 1 ? 'Revise el campo marcado abajo:' : 'Revise los campos marcados abajo:'),
    offline:
      'No tiene conexión. Sus datos se han guardado en este teléfono y se enviarán en cuanto vuelva a estar en línea: mantenga esta página abierta.',
    optional: '(opcional)',
    ratingRange: ({ label }) => `${label}: de 1 (bajo) a 5 (alto)`,
    honeypot: 'Deje este campo vacío',
    contact: 'Contacto',
    privacyNotice: 'Aviso de privacidad',
    submit: 'Enviar mis datos',
  },
  fields: {
    firstName: 'Nombre',
    email: 'Correo electrónico',
    company: 'Empresa',
    jobTitle: 'Cargo',
    phone: 'Teléfono',
    linkedin: 'Perfil de LinkedIn',
  },
  errors: {
    firstNameMissing: 'Escriba su nombre',
    firstNameLong: ({ max }) => `Su nombre debe tener menos de ${max} caracteres`,
    emailMissing: 'Escriba su dirección de correo electrónico',
    emailInvalid: 'Escriba una dirección de correo válida, como nombre@example.com',
    emailUnicode:
      'Esta dirección tiene antes de la @ letras distintas de a–z, y nuestro servicio de correo no puede entregar mensajes a esas direcciones. Escriba otra dirección.',
    tooLong: ({ max }) => `Use menos de ${max} caracteres`,
    phoneInvalid: 'Escriba un número de teléfono con cifras (se admiten espacios, +, -, puntos y paréntesis)',
    linkedinInvalid: 'Escriba la dirección de un perfil de LinkedIn, como https://www.linkedin.com/in/su-nombre',
    answerMissing: 'Responda a esta pregunta',
    singleMissing: 'Elija una opción',
    singleInvalid: 'Elija una de las opciones que se muestran',
    multiMissing: 'Elija al menos una opción',
    multiInvalid: 'Elija solo entre las opciones que se muestran',
    ratingMissing: 'Elija una valoración del 1 al 5',
    linkRefused: 'Quite la dirección web: en este campo no se pueden enviar enlaces',
  },
  form: {
    unreadable: 'No pudimos leer el formulario. Vuelva a rellenarlo.',
    tooLarge: 'El formulario era demasiado grande para enviarlo. Acorte sus respuestas y vuelva a enviarlo.',
    expiredCheck: 'Este formulario había caducado. Revise sus datos y vuelva a enviarlos.',
    expired: 'Este formulario había caducado. Vuelva a enviarlo.',
    busy: 'Se está registrando tanta gente ahora mismo que su envío no ha llegado. Vuelva a enviarlo dentro de un minuto.',
  },
  consent: {
    defaultWording: ({ speakerStart }) =>
      `${speakerStart} usará los datos que introduzca aquí para enviarle lo que se ofrece y para hacer un seguimiento de esta charla. Puede pedir que se borren en cualquier momento con el enlace de su correo de confirmación.`,
    eventWording:
      'Los datos que introduzca aquí se usan para enviarle lo que se ofrece y para hacer un seguimiento de esta charla. Puede pedir que se borren en cualquier momento con el enlace de su correo de confirmación.',
    defaultMarketing: ({ speaker }) => `Sí, ${speaker} también puede escribirme sobre futuras charlas y recursos.`,
    controller: ({ speaker, brand }) =>
      `Sus datos van a ${speaker}, que decide cómo se usan. ${brand} los guarda en nombre de ${speaker}.`,
    toOrganiser: ({ organiser, speaker, brand }) =>
      `Sus datos van a ${organiser ? `${organiser}, la organización de este evento,` : 'la organización de este evento,'} que decide cómo se usan. La persona ponente, ${speaker}, no los recibe. ${brand} los guarda en nombre de ${organiser ?? 'la organización'}.`,
    toSpeaker: ({ organiser, speaker, brand }) =>
      `Sus datos van a ${speaker}, la persona ponente, que decide cómo se usan. ${organiser ? `La organización, ${organiser},` : 'La organización'} no los recibe. ${brand} los guarda en nombre de ${speaker}.`,
    toBoth: ({ organiser, speaker, brand }) =>
      `Sus datos van a ${organiser ? `${organiser}, la organización de este evento,` : 'la organización de este evento,'} que decide cómo se usan. ${speaker}, la persona ponente, solo los recibe también si marca la casilla de abajo. ${brand} los guarda en nombre de ambas partes.`,
    shareBox: ({ speaker }) =>
      `Compartir también mis datos con ${speaker}, la persona ponente, que podrá contactarme sobre esta charla`,
    contactLine: ({ contact }) => `Contacto: ${contact}`,
    privacyLine: ({ url }) => `Aviso de privacidad: ${url}`,
    organiserNamed: ({ organiser }) => `${organiser} (la organización)`,
    organiserUnnamed: 'la organización de este evento',
    speakerRole: ({ speaker }) => `${speaker} (la persona ponente)`,
  },
  thanks: {
    title: 'Gracias',
    heading: ({ firstName }) => `¡Gracias, ${firstName}!`,
    detailsWith: ({ names }) => `Destinatarios de sus datos: ${names}.`,
    emailSent: 'También le hemos enviado un correo con todo lo que aparece en esta página.',
    emailSkipped:
      'No le hemos enviado un correo de confirmación: últimamente se han enviado demasiados a esta dirección o desde esta página. Guarde esta página en favoritos para conservar la oferta.',
    download: ({ file }) => `Descargar ${file}`,
    downloadFile: 'Descargar el archivo',
    openOffer: 'Abrir la oferta',
    keepInTouch: 'Sigamos en contacto',
    saveCard: ({ speaker }) => `Guardar la tarjeta de contacto de ${speaker}`,
    changedMindAsk: ({ speaker }) => `¿Ha cambiado de opinión? Pida a ${speaker} que borre sus datos.`,
    changedMindEmail: '¿Ha cambiado de opinión? El correo que le enviamos tiene un enlace para borrar sus datos.',
    spamLine: 'Sus datos se han enviado.',
    notFound: 'Esta página de agradecimiento no existe, o los datos a los que corresponde se han borrado.',
  },
  messages: {
    notFoundTitle: 'Página no encontrada',
    notFound: 'No hay ninguna página de sesión en esta dirección. Compruebe el enlace o vuelva a escanear el código QR.',
    cardUnavailable: 'Esta tarjeta de contacto no está disponible.',
    fileNotFoundTitle: 'Archivo no encontrado',
    downloadUnavailable: 'Esta descarga no está disponible.',
    endedTitle: 'Esta sesión ha terminado',
    ended: ({ speakerStart, headline, event }) => `${speakerStart} ya no recoge datos para «${headline}» en ${event}.`,
    endedEmail: 'Si ya dejó sus datos, el correo que recibió sigue teniéndolo todo.',
  },
  erase: {
    title: 'Borrar sus datos',
    explain: ({ firstName }) =>
      `${firstName}, esto borra los datos que dejó en esta página de sesión: la persona ponente dejará de tenerlos y no se podrán recuperar.`,
    button: 'Borrar mis datos',
    nothingTitle: 'No hay nada que borrar',
    nothing: 'Estos datos ya se han borrado, o este enlace no es válido.',
    erasedTitle: 'Sus datos se han borrado',
    erased:
      'La persona ponente ya no tiene los datos que dejó en esta página de sesión. Solo hemos guardado constancia de que se hizo un borrado, sin sus datos.',
    quoteOr: 'O mantenga sus datos con la persona ponente y retire solo su permiso para citar su opinión.',
    quoteButton: 'Retirar solo mi cita',
    withdrawnTitle: 'Su cita se ha retirado',
    withdrawn:
      'La persona ponente ya no puede citar su opinión: se ha quitado de su perfil y de la página del evento. Sus datos siguen con la persona ponente; el enlace de su correo sigue borrándolos.',
  },
  email: {
    subjectOffer: ({ offer, speaker }) => `${offer}, de ${speaker}`,
    subject: ({ speaker }) => `Gracias por su interés en la charla de ${speaker}`,
    title: ({ firstName }) => `Gracias, ${firstName}`,
    opening: ({ firstName, speaker, talk, event }) =>
      `Hola, ${firstName}: gracias por dejar sus datos en la charla «${talk}» de ${speaker} en ${event}.`,
    promisedNamed: ({ speaker, offer }) => `Esto es lo que prometió ${speaker}: ${offer}.`,
    promised: ({ speaker }) => `Esto es lo que prometió ${speaker}.`,
    getIt: ({ url }) => `Consígalo aquí: ${url}`,
    cardPage: ({ speaker, url }) => `Su página con la tarjeta de contacto de ${speaker}: ${url}`,
    privacySpeaker: ({ speaker, brand }) =>
      `Sus datos han ido a ${speaker}, que decide cómo se usan; ${brand} los guarda en nombre de ${speaker}. Para borrar sus datos, abra este enlace y confírmelo:`,
    privacyMany: ({ names, count, brand }) =>
      `Destinatarios de sus datos: ${names}. ${count > 1 ? 'Cada uno decide' : 'Quien los recibe decide'} cómo se usan; ${brand} los guarda en su nombre. Para borrar sus datos, abra este enlace y confírmelo:`,
    buttonOffer: 'Conseguirlo ahora',
    buttonCard: ({ speaker }) => `Guardar la tarjeta de contacto de ${speaker}`,
    eraseLink: 'Borrar mis datos',
  },
  /** Feedback in the room (issue 33): the section of the attendee page and its thank-you page. */
  feedback: {
    heading: 'Tu opinión',
    opensOn: ({ time }: { time: string }) => `Podrás opinar sobre esta charla a partir del ${time}.`,
    openUntil: ({ time }: { time: string }) => `Puedes opinar hasta el ${time}.`,
    closedOn: ({ time }: { time: string }) => `Las opiniones sobre esta charla se cerraron el ${time}.`,
    withoutDetails: 'Puedes darla sin dejar tus datos.',
    changeUntil: ({ time }: { time: string }) => `Ya diste tu opinión desde este navegador; puedes cambiarla hasta el ${time}.`,
    given: ({ time }: { time: string }) => `Diste tu opinión sobre esta charla desde este navegador el ${time}. ¡Gracias!`,
    rating: '¿Qué te pareció la charla? 1 (flojo) a 5 (excelente)',
    better: '¿Qué la habría mejorado?',
    use: '¿Qué vas a aplicar?',
    ifLow: 'Si la puntuaste con 1, 2 o 3',
    ifHigh: 'Si la puntuaste con 4 o 5',
    part: ({ label }: { label: string }) => `${label}, de 1 a 5 (opcional)`,
    content: 'Contenido',
    delivery: 'Exposición',
    slides: 'Diapositivas',
    quote: ({ speaker }: { speaker: string }) => `${speaker} puede citar esto en su perfil con mi nombre`,
    quoteTitle: ({ speaker }: { speaker: string }) => `${speaker} puede citar esto en su perfil con mi nombre y cargo`,
    quoteCompany: ({ speaker }: { speaker: string }) => `${speaker} puede citar esto en su perfil con mi nombre y empresa`,
    quoteBoth: ({ speaker }: { speaker: string }) => `${speaker} puede citar esto en su perfil con mi nombre, cargo y empresa`,
    withTitle: '… y mi cargo',
    withCompany: '… y mi empresa',
    booking: ({ speaker }: { speaker: string }) => `¿Debería ${speaker} hablar en tu empresa o evento?`,
    bookingHint: ({ speaker }: { speaker: string }) =>
      `Dinos dónde y deja tus datos abajo: ${speaker} se pondrá en contacto contigo.`,
    organisation: 'Empresa o evento',
    role: 'Tu función',
    when: 'Cuándo',
    details: 'Tus datos',
    detailsHint: 'Opcionales para opinar; necesarios para la oferta, una cita con tu nombre o una solicitud de charla.',
    submit: 'Enviar',
    partInvalid: 'Elige una puntuación de 1 a 5, o déjalo vacío',
    followUpLong: ({ max }: { max: number }) => `Tu respuesta debe tener menos de ${max} caracteres`,
    wrongFollowUp: ({ label }: { label: string }) =>
      `Esta pregunta no corresponde a la puntuación elegida: escribe tu respuesta en «${label}».`,
    quoteNeedsName: 'Escribe abajo tu nombre y tu correo para que puedan citarte con tu nombre',
    quotePartWithoutQuote: 'Marca la casilla de arriba para permitir la cita, o desmarca esta',
    bookingNeedsDetails: 'Escribe abajo tu nombre y tu correo para que puedan responderte',
    organisationMissing: 'Escribe la empresa o el evento',
    nothingToSend: 'Elige una puntuación, o deja tus datos abajo',
    closed: 'Las opiniones sobre esta sesión están cerradas.',
    editExpired: 'Diste tu opinión desde este navegador hace más de 24 horas; ya no se puede cambiar.',
    thanksTitle: 'Gracias por tu opinión',
    willRead: ({ speakerStart }: { speakerStart: string }) => `${speakerStart} la leerá.`,
    changeFrom: ({ time }: { time: string }) => `Puedes cambiarla desde este navegador hasta el ${time}.`,
    offer: ({ offer }: { offer: string }) => `¿Quieres ${offer}? Deja tus datos en la página de la sesión.`,
    changeLink: 'Cambiar mi opinión o dejar mis datos',
    back: 'Volver a la página de la sesión',
  },
}
