// @ts-check
/** What the simulated bot, agent, supervisor and system say, in Polish and English. */

/** @typedef {'pl' | 'en'} Lang */

export const TEXTS = {
  pl: {
    botName: 'Asystent PPK',
    supervisorName: 'Kierownik zmiany',
    systemName: 'system',
    botGreeting: 'Dzień dobry! Jestem wirtualnym asystentem Centrum Informacji PPK. Napisz proszę, w jakiej sprawie się kontaktujesz.',
    botHandover: 'Dziękuję. Przekazuję rozmowę do konsultanta — to potrwa tylko chwilę.',
    waiting: 'Dziękujemy za cierpliwość. Za chwilę połączymy Cię z konsultantem.',
    /** @param {string} name */
    agentGreeting: (name) => `Dzień dobry, nazywam się ${name}. W czym mogę pomóc?`,
    file: 'Przesyłam ulotkę „PPK w pigułce” w formacie PDF.',
    survey: 'Będę wdzięczna za wypełnienie krótkiej ankiety o tej rozmowie.',
    rich: 'Proszę bardzo:',
    supervisor: 'Dzień dobry, tu kierownik zmiany. Dołączam do rozmowy, aby pomóc.',
    link: 'Otwieram dla Ciebie stronę z opisem wpłat.',
    thanks: 'Proszę bardzo! Czy mogę pomóc w czymś jeszcze?',
    goodbye: 'Dziękuję za rozmowę i życzę miłego dnia. Do widzenia!',
    idleAlert: 'Czy nadal jesteś z nami? Napisz wiadomość, aby kontynuować rozmowę.',
    idleClose: 'Rozmowa została zakończona z powodu braku aktywności.',
    topics: [
      [
        /wplat|skladk|procent|ile plac/,
        'Wpłata podstawowa pracownika wynosi 2% wynagrodzenia, a pracodawcy 1,5%. Obie strony mogą zadeklarować wpłaty dodatkowe: pracownik do 2%, pracodawca do 2,5%.',
      ],
      [
        /rezygn|wypis|deklarac/,
        'Z oszczędzania w PPK możesz zrezygnować w każdej chwili, składając pracodawcy deklarację o rezygnacji. Co cztery lata pracodawca ponownie zapisze Cię do PPK, chyba że znów złożysz deklarację.',
      ],
      [
        /doplat|powitaln|panstw|250|240/,
        'Państwo przekazuje wpłatę powitalną 250 zł oraz dopłatę roczną 240 zł, jeśli suma wpłat w danym roku osiągnie wymagany próg.',
      ],
      [
        /wyplat|emeryt|wiek|60/,
        'Po ukończeniu 60 lat możesz wypłacić 25% środków jednorazowo, a 75% w co najmniej 120 miesięcznych ratach — bez podatku od zysków kapitałowych.',
      ],
    ],
    fallback: [
      'Dziękuję za pytanie. Sprawdzam to w naszych materiałach.',
      'Rozumiem. Czy chodzi o Twoje wpłaty, czy o wpłaty pracodawcy?',
      'Dobrze. Jeśli chcesz, mogę przesłać ulotkę PDF — napisz „plik”.',
    ],
  },
  en: {
    botName: 'PPK assistant',
    supervisorName: 'Shift supervisor',
    systemName: 'system',
    botGreeting: 'Hello! I am the virtual assistant of the PPK information centre. Please tell me what you would like to ask about.',
    botHandover: 'Thank you. I am passing the conversation to an agent — it will only take a moment.',
    waiting: 'Thank you for waiting. An agent will be with you shortly.',
    /** @param {string} name */
    agentGreeting: (name) => `Hello, my name is ${name}. How can I help you?`,
    file: 'Here is the leaflet "PPK in a nutshell" as a PDF.',
    survey: 'I would be grateful if you could fill in a short survey about this chat.',
    rich: 'Here you are:',
    supervisor: 'Hello, this is the shift supervisor. I am joining to help.',
    link: 'I am opening the page about contributions for you.',
    thanks: 'You are welcome! Is there anything else I can help with?',
    goodbye: 'Thank you for the chat, have a nice day. Goodbye!',
    idleAlert: 'Are you still there? Send a message to continue the chat.',
    idleClose: 'The chat was closed because of inactivity.',
    topics: [
      [
        /contribut|how much|percent/,
        'The basic employee contribution is 2% of pay and the employer pays 1.5%. Both may add voluntary contributions: up to 2% for the employee and up to 2.5% for the employer.',
      ],
      [
        /opt.?out|resign|leave the plan/,
        'You can opt out at any time by handing your employer an opt-out declaration. Every four years you are enrolled again unless you opt out again.',
      ],
      [
        /state|welcome|annual|bonus/,
        'The state pays a 250 PLN welcome payment and a 240 PLN annual payment when your contributions in the year reach the threshold.',
      ],
      [
        /withdraw|retire|age|60/,
        'From the age of 60 you may take 25% as a lump sum and the remaining 75% in at least 120 monthly instalments, free of capital gains tax.',
      ],
    ],
    fallback: [
      'Thank you for your question. Let me check our materials.',
      "I see. Is this about your own contributions or your employer's?",
      'All right. If you like I can send you a PDF leaflet — just type "file".',
    ],
  },
};

/** Lower-case and strip Polish diacritics for keyword matching. @param {string} s */
export function fold(s) {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l');
}

/**
 * The simulator's own messages — injected faults and its generic errors — in the visitor's language,
 * because the widgets show a server's `error` / `reason` text in their dialogs. The contract messages
 * of the simulated services (callback codes, send-message validation) stay English, as the real
 * services answer and as the library's classification expects.
 */
export const SIMULATOR_TEXTS = {
  en: {
    simulatedFailure: 'Simulated failure',
    simulatedChatFailure: 'Simulated chat server failure',
    internalError: 'Internal simulator error',
    notFound: 'Not found',
    bodyTooLarge: 'Request body too large',
    requestTimeout: 'The request body did not arrive in time',
  },
  pl: {
    simulatedFailure: 'Symulowana awaria serwera',
    simulatedChatFailure: 'Symulowana awaria serwera czatu',
    internalError: 'Wewnętrzny błąd symulatora',
    notFound: 'Nie znaleziono',
    bodyTooLarge: 'Treść żądania jest zbyt duża',
    requestTimeout: 'Treść żądania nie dotarła na czas',
  },
};

/**
 * The language to answer a request in: the first of its `Accept-Language` ranges (by q-value) that
 * the simulator speaks; English otherwise (the real services' language).
 * @param {Request | { headers: { get(name: string): string | null } }} request
 * @returns {Lang}
 */
export function requestLanguage(request) {
  const header = request.headers.get('accept-language') || '';
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, order };
    })
    .filter((r) => r.tag && r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (primary === 'pl' || primary === 'en') return primary;
  }
  return 'en';
}
