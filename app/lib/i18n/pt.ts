// Portuguese (Português): the attendee's path (issue 31). Same keys as en.ts (the Dictionary type and
// dictionaries.test.ts). European Portuguese spelling with the formal third person ("os seus dados"),
// which Brazilian readers (pt-BR is served this file) read without difficulty.
// Checked by: not yet checked by a native reader (written by the Lectern team).

import type { Dictionary } from './en'

export const pt: Dictionary = {
  speaker: {
    unnamed: 'quem apresenta',
    unnamedStart: 'Quem apresenta',
  },
  languages: {
    label: 'Idioma',
  },
  page: {
    preview: 'Pré-visualização: esta sessão é um rascunho. Até a publicar, quem participa vê aqui «página não encontrada».',
    checkFields: ({ count }) =>
      count === 1 ? 'Verifique o campo assinalado abaixo:' : 'Verifique os campos assinalados abaixo:',
    offline:
      'Está sem ligação. Os seus dados ficaram guardados neste telemóvel e serão enviados assim que voltar a estar online: mantenha esta página aberta.',
    optional: '(opcional)',
    ratingRange: ({ label }) => `${label}: de 1 (baixo) a 5 (alto)`,
    honeypot: 'Deixe este campo vazio',
    contact: 'Contacto',
    privacyNotice: 'Aviso de privacidade',
    submit: 'Enviar os meus dados',
  },
  fields: {
    firstName: 'Nome próprio',
    email: 'Email',
    company: 'Empresa',
    jobTitle: 'Cargo',
    phone: 'Telefone',
    linkedin: 'Perfil do LinkedIn',
  },
  errors: {
    firstNameMissing: 'Escreva o seu nome próprio',
    firstNameLong: ({ max }) => `O seu nome próprio deve ter menos de ${max} caracteres`,
    emailMissing: 'Escreva o seu endereço de email',
    emailInvalid: 'Escreva um endereço de email válido, como nome@example.com',
    emailUnicode:
      'Este endereço tem antes do @ letras que não são de a–z, e o nosso serviço de email não consegue entregar mensagens a endereços assim. Escreva outro endereço.',
    tooLong: ({ max }) => `Use menos de ${max} caracteres`,
    phoneInvalid: 'Escreva um número de telefone com algarismos (espaços, +, -, pontos e parênteses são aceites)',
    linkedinInvalid: 'Escreva o endereço de um perfil do LinkedIn, como https://www.linkedin.com/in/o-seu-nome',
    answerMissing: 'Responda a esta pergunta',
    singleMissing: 'Escolha uma opção',
    singleInvalid: 'Escolha uma das opções apresentadas',
    multiMissing: 'Escolha pelo menos uma opção',
    multiInvalid: 'Escolha apenas entre as opções apresentadas',
    ratingMissing: 'Escolha uma classificação de 1 a 5',
    linkRefused: 'Retire o endereço web: este campo não aceita links',
  },
  form: {
    unreadable: 'Não conseguimos ler o formulário. Preencha-o novamente.',
    tooLarge: 'O formulário era demasiado grande para ser enviado. Encurte as respostas e envie-o novamente.',
    expiredCheck: 'Este formulário tinha expirado. Verifique os seus dados e envie-os novamente.',
    expired: 'Este formulário tinha expirado. Envie-o novamente.',
    busy: 'Há tantas pessoas a inscrever-se neste momento que o seu envio não passou. Envie-o novamente daqui a um minuto.',
  },
  consent: {
    defaultWording: ({ speakerStart }) =>
      `${speakerStart} vai usar os dados que introduzir aqui para lhe enviar o que é oferecido e para o contactar sobre esta apresentação. Pode pedir que sejam apagados a qualquer momento com o link do seu email de confirmação.`,
    eventWording:
      'Os dados que introduzir aqui são usados para lhe enviar o que é oferecido e para o contactar sobre esta apresentação. Pode pedir que sejam apagados a qualquer momento com o link do seu email de confirmação.',
    defaultMarketing: ({ speaker }) => `Sim, ${speaker} também me pode enviar emails sobre futuras apresentações e recursos.`,
    controller: ({ speaker, brand }) =>
      `Os seus dados vão para ${speaker}, que decide como são usados. A ${brand} guarda-os em nome de ${speaker}.`,
    toOrganiser: ({ organiser, speaker, brand }) =>
      `Os seus dados vão para ${organiser ? `${organiser}, a organização deste evento,` : 'a organização deste evento,'} que decide como são usados. Quem apresenta, ${speaker}, não os recebe. A ${brand} guarda-os em nome ${organiser ? `de ${organiser}` : 'da organização'}.`,
    toSpeaker: ({ organiser, speaker, brand }) =>
      `Os seus dados vão para ${speaker}, que apresenta esta sessão e decide como são usados. ${organiser ? `A organização, ${organiser},` : 'A organização'} não os recebe. A ${brand} guarda-os em nome de ${speaker}.`,
    toBoth: ({ organiser, speaker, brand }) =>
      `Os seus dados vão para ${organiser ? `${organiser}, a organização deste evento,` : 'a organização deste evento,'} que decide como são usados. ${speaker}, que apresenta esta sessão, só os recebe também se marcar a caixa abaixo. A ${brand} guarda-os em nome de ambos.`,
    shareBox: ({ speaker }) =>
      `Partilhar também os meus dados com ${speaker}, que apresenta esta sessão e poderá então contactar-me sobre ela`,
    contactLine: ({ contact }) => `Contacto: ${contact}`,
    privacyLine: ({ url }) => `Aviso de privacidade: ${url}`,
    organiserNamed: ({ organiser }) => `${organiser} (a organização)`,
    organiserUnnamed: 'a organização deste evento',
    speakerRole: ({ speaker }) => `${speaker} (quem apresenta)`,
  },
  thanks: {
    title: 'Obrigado',
    heading: ({ firstName }) => `Obrigado, ${firstName}!`,
    detailsWith: ({ names }) => `Destinatários dos seus dados: ${names}.`,
    emailSent: 'Também lhe enviámos um email com tudo o que está nesta página.',
    emailSkipped:
      'Não lhe enviámos um email de confirmação: foram enviados demasiados para este endereço, ou a partir desta página, nos últimos tempos. Guarde esta página nos favoritos para não perder a oferta.',
    download: ({ file }) => `Descarregar ${file}`,
    downloadFile: 'Descarregar o ficheiro',
    openOffer: 'Abrir a oferta',
    keepInTouch: 'Mantenha o contacto',
    saveCard: ({ speaker }) => `Guardar o cartão de contacto de ${speaker}`,
    changedMindAsk: ({ speaker }) => `Mudou de ideias? Peça a ${speaker} que apague os seus dados.`,
    changedMindEmail: 'Mudou de ideias? O email que lhe enviámos tem um link para apagar os seus dados.',
    spamLine: 'Os seus dados foram enviados.',
    notFound: 'Esta página de agradecimento não existe, ou os dados a que se refere foram apagados.',
  },
  messages: {
    notFoundTitle: 'Página não encontrada',
    notFound: 'Não há nenhuma página de sessão neste endereço. Verifique o link ou volte a ler o código QR.',
    cardUnavailable: 'Este cartão de contacto não está disponível.',
    fileNotFoundTitle: 'Ficheiro não encontrado',
    downloadUnavailable: 'Esta transferência não está disponível.',
    endedTitle: 'Esta sessão terminou',
    ended: ({ speakerStart, headline, event }) => `${speakerStart} já não está a recolher dados para «${headline}» em ${event}.`,
    endedEmail: 'Se já deixou os seus dados, o email que recebeu continua a ter tudo.',
  },
  erase: {
    title: 'Apagar os seus dados',
    explain: ({ firstName }) =>
      `${firstName}, isto apaga os dados que deixou nesta página de sessão: quem apresenta deixa de os ter, e não podem ser recuperados.`,
    button: 'Apagar os meus dados',
    nothingTitle: 'Nada para apagar',
    nothing: 'Estes dados já foram apagados, ou este link não é válido.',
    erasedTitle: 'Os seus dados foram apagados',
    erased:
      'Quem apresenta já não tem os dados que deixou nesta página de sessão. Guardámos apenas o registo de que houve um apagamento, sem os seus dados.',
    quoteOr: 'Ou mantenha os seus dados com quem apresenta e retire apenas a sua autorização para citar a sua opinião.',
    quoteButton: 'Retirar apenas a minha citação',
    withdrawnTitle: 'A sua citação foi retirada',
    withdrawn:
      'Quem apresenta já não pode citar a sua opinião: foi removida do perfil e da página do evento. Os seus dados ficam com quem apresenta; o link no seu email continua a apagá-los.',
  },
  email: {
    subjectOffer: ({ offer, speaker }) => `${offer}, de ${speaker}`,
    subject: ({ speaker }) => `Obrigado pelo seu interesse na apresentação de ${speaker}`,
    title: ({ firstName }) => `Obrigado, ${firstName}`,
    opening: ({ firstName, speaker, talk, event }) =>
      `Olá ${firstName}, obrigado por ter deixado os seus dados na apresentação «${talk}» de ${speaker} em ${event}.`,
    promisedNamed: ({ speaker, offer }) => `Aqui está o que ${speaker} prometeu: ${offer}.`,
    promised: ({ speaker }) => `Aqui está o que ${speaker} prometeu.`,
    getIt: ({ url }) => `Obtenha-o aqui: ${url}`,
    cardPage: ({ speaker, url }) => `A sua página com o cartão de contacto de ${speaker}: ${url}`,
    privacySpeaker: ({ speaker, brand }) =>
      `Os seus dados foram para ${speaker}, que decide como são usados; a ${brand} guarda-os em nome de ${speaker}. Para apagar os seus dados, abra este link e confirme:`,
    privacyMany: ({ names, count, brand }) =>
      `Destinatários dos seus dados: ${names}. ${count > 1 ? 'Cada um decide' : 'Quem os recebeu decide'} como são usados; a ${brand} guarda-os em ${count > 1 ? 'nome de todos' : 'seu nome'}. Para apagar os seus dados, abra este link e confirme:`,
    buttonOffer: 'Obter agora',
    buttonCard: ({ speaker }) => `Guardar o cartão de contacto de ${speaker}`,
    eraseLink: 'Apagar os meus dados',
  },
  /** Feedback in the room (issue 33): the section of the attendee page and its thank-you page. */
  feedback: {
    heading: 'A sua opinião',
    opensOn: ({ time }: { time: string }) => `As opiniões sobre esta palestra abrem em ${time}.`,
    openUntil: ({ time }: { time: string }) => `Pode dar a sua opinião até ${time}.`,
    closedOn: ({ time }: { time: string }) => `As opiniões sobre esta palestra fecharam em ${time}.`,
    withoutDetails: 'Pode dá-la sem deixar os seus dados.',
    changeUntil: ({ time }: { time: string }) => `Já deu a sua opinião neste navegador; pode alterá-la até ${time}.`,
    given: ({ time }: { time: string }) => `Deu a sua opinião sobre esta palestra neste navegador em ${time}. Obrigado!`,
    rating: 'Como foi a palestra? 1 (fraca) a 5 (excelente)',
    better: 'O que a teria tornado melhor?',
    use: 'O que vai pôr em prática?',
    ifLow: 'Se deu 1, 2 ou 3',
    ifHigh: 'Se deu 4 ou 5',
    part: ({ label }: { label: string }) => `${label}, de 1 a 5 (opcional)`,
    content: 'Conteúdo',
    delivery: 'Apresentação',
    slides: 'Diapositivos',
    quote: ({ speaker }: { speaker: string }) => `${speaker} pode citar isto no seu perfil com o meu nome`,
    quoteTitle: ({ speaker }: { speaker: string }) => `${speaker} pode citar isto no seu perfil com o meu nome e cargo`,
    quoteCompany: ({ speaker }: { speaker: string }) => `${speaker} pode citar isto no seu perfil com o meu nome e empresa`,
    quoteBoth: ({ speaker }: { speaker: string }) => `${speaker} pode citar isto no seu perfil com o meu nome, cargo e empresa`,
    withTitle: '… e o meu cargo',
    withCompany: '… e a minha empresa',
    booking: ({ speaker }: { speaker: string }) => `${speaker} deveria falar na sua empresa ou evento?`,
    bookingHint: ({ speaker }: { speaker: string }) =>
      `Diga-nos onde e deixe os seus dados abaixo: ${speaker} entrará em contacto.`,
    organisation: 'Empresa ou evento',
    role: 'A sua função',
    when: 'Quando',
    details: 'Os seus dados',
    detailsHint: 'Opcionais para a opinião; necessários para a oferta, uma citação com o seu nome ou um pedido de palestra.',
    submit: 'Enviar',
    partInvalid: 'Escolha uma classificação de 1 a 5, ou deixe em branco',
    followUpLong: ({ max }: { max: number }) => `A sua resposta deve ter menos de ${max} caracteres`,
    wrongFollowUp: ({ label }: { label: string }) =>
      `Esta pergunta não corresponde à classificação escolhida: escreva a resposta em «${label}».`,
    quoteNeedsName: 'Indique abaixo o seu nome e e-mail para poder ser citado com o seu nome',
    quotePartWithoutQuote: 'Marque a caixa acima para permitir a citação, ou desmarque esta',
    bookingNeedsDetails: 'Indique abaixo o seu nome e e-mail para que lhe possam responder',
    organisationMissing: 'Indique a empresa ou o evento',
    nothingToSend: 'Escolha uma classificação, ou deixe os seus dados abaixo',
    closed: 'As opiniões sobre esta sessão estão fechadas.',
    editExpired: 'Deu a sua opinião neste navegador há mais de 24 horas; já não pode ser alterada.',
    thanksTitle: 'Obrigado pela sua opinião',
    willRead: ({ speakerStart }: { speakerStart: string }) => `${speakerStart} vai lê-la.`,
    changeFrom: ({ time }: { time: string }) => `Pode alterá-la neste navegador até ${time}.`,
    offer: ({ offer }: { offer: string }) => `Quer ${offer}? Deixe os seus dados na página da sessão.`,
    changeLink: 'Alterar a minha opinião ou deixar os meus dados',
    back: 'Voltar à página da sessão',
  },
}
