// Configuration of the Polish deployment (employee capital plans information service), loaded as a
// deferred classic script BEFORE /dist/live-assist.js (deferred scripts and modules run in document order). Kept in a file (not inline) so the page works under a
// strict Content-Security-Policy. Every URL points at the local simulator (demo/SIMULATOR.md).
// The shape is described in demo/README-config.md.
window.liveAssistConfig = {
  main: {
    deploymentID: 'ppk',
    lang: 'pl',
    theme: 'light',
    timeFormat: 24,
    mobileMode: 'auto',
  },

  // The launcher strip on the right edge with this deployment's five channels.
  sidebar: {
    position: 'right',
    showOnStartup: true,
    expandOnHover: true,
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open', clickOptions: {} },
      { name: 'Callback', clickCommand: 'Callback.open', clickOptions: {} },
      { name: 'WebChat', clickCommand: 'WebChat.open', clickOptions: {} },
      // Send message does not open a window here: it sends the browser to the contact page.
      { name: 'SendMessage', clickCommand: 'SendMessage.redirect', clickOptions: { url: '/kontakt' } },
      // 'Szukaj': the knowledge search window 'Zadaj pytanie' over the knowledge centre below.
      { name: 'Search', clickCommand: 'Search.open', clickOptions: {} },
    ],
  },

  // The knowledge search window (docs/elements/search.md): suggestions while typing, the star rating
  // under an article. Its 'Szukaj' side button stays off here: the chat button holds the lower right
  // (Search.showSearchButton shows it; a page using both moves one with --la-side-button-bottom).
  search: {
    autocomplete: true,
    rating: true,
    sideButton: { visible: false, openDelay: 1000, effect: 'slide', effectDuration: 300, clickCommand: 'Search.open' },
  },

  // Live Assistance overlay: one tile per channel with its status; the list follows the availability
  // rule in `stats.availability` (spec §4).
  channelselector: {
    ewtRefreshInterval: 10,
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      {
        name: 'WebChat',
        clickCommand: 'WebChat.open',
        ewt: {
          display: true,
          queue: 'PPK_Chat',
          availabilityThresholdMin: 300,
          availabilityThresholdMax: 3600,
          hideChannelWhenThresholdMax: false,
        },
      },
      { name: 'SendMessage', clickCommand: 'SendMessage.redirect', clickOptions: { url: '/kontakt' } },
      { name: 'Callback', clickCommand: 'Callback.open' },
    ],
  },

  callus: {
    contacts: [{ number: '+48 22 100 20 30', displayName: 'Infolinia PPK', i18n: 'callus.helpline' }],
    hours: ['Poniedziałek–piątek: 8:00–17:00'],
    // The same hours as a rule: the panel and the selector's helpline tile say 'Teraz nieczynne' and
    // when it opens outside them (server time, Warsaw).
    openingHours: { timeZone: 'Europe/Warsaw', days: [1, 2, 3, 4, 5], openHour: 8, closeHour: 17 },
  },

  // Wait-time statistics: the deployment's group-EWT request answers { ewt, time }.
  stats: {
    groupEWT: { url: '/api/ewt/group', queue: 'PPK_Chat', timeout: 3000, refreshInterval: 10 },
    // The deployment's availability rule (spec §4), applied by the sidebar and the channel selector:
    // outside 8:00-17:00 server time (Warsaw), or with a chat wait of 10000 s or more → call us,
    // e-mail, callback; otherwise (and when the wait-time request fails) → call us, chat, e-mail, callback.
    // The knowledge search needs no consultant: it is offered at any hour.
    availability: {
      timeZone: 'Europe/Warsaw',
      openHour: 8,
      closeHour: 17,
      chatUnavailableWait: 10000,
      whenOpen: ['CallUs', 'WebChat', 'SendMessage', 'Callback', 'Search'],
      whenClosed: ['CallUs', 'SendMessage', 'Callback', 'Search'],
    },
    // Generic statistics service (used for the callback queue): v1 with the apikey header.
    apiVersion: 'v1',
    dataURL: '/api/stats/v1',
    apikey: 'demo-key',
    timeout: 3000,
  },

  callback: {
    apiVersion: 'v3',
    dataURL: '/api/callback/v3',
    serviceName: 'ppk-callback',
    apikey: 'demo-key',
    timeout: 3000,
    countryCodes: true,
    countries: [{ iso2: 'pl', dialCode: '48' }],
    immediateCallback: true,
    scheduledCallback: true,
    ewt: {
      display: true,
      queue: 'PPK_Callback',
      threshold: 60,
      refreshInterval: 10,
      immediateCallbackMin: 0,
      immediateCallbackMax: 300,
    },
    formFields: [
      { name: 'firstname', type: 'text', required: true, maxlength: 100 },
      { name: 'lastname', type: 'text', required: false, maxlength: 100 },
      { name: 'phonenumber', type: 'tel', required: true, maxlength: 12, value: '+48' },
      { name: 'subject', type: 'textarea', required: true, maxlength: 100, label: 'Notes' },
    ],
    userData: { service: 'PPK' },
    // When callbacks are taken (the simulator's callback hours, server time): outside them the form
    // pre-selects a date and says when the office opens, instead of offering ASAP and answering 7042.
    openingHours: { timeZone: 'Europe/Warsaw', openHour: 9, closeHour: 17 },
    dataProtection: {
      controller: 'Centrum Informacji PPK sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa',
      purpose: 'obsługa Twojego pytania kontaktowego',
      pdf: '/ochrona-danych.pdf',
    },
  },

  calendar: {
    showAvailability: true,
    numberOfDays: 5,
    timeFormat: 24,
    convertToUTC: true,
    hideUnavailableTimeSlots: false,
    calenderHours: {
      interval: 15,
      allDay: { openTime: '09:00', closeTime: '17:00', enable: true },
      morning: { enable: false },
      afternoon: { enable: false },
      evening: { enable: false },
    },
  },

  webchat: {
    transport: {
      type: 'rest',
      // The customer chat bot path on the chat service: a bot greets, then hands over to an agent.
      dataURL: '/api/chat/customer-chat-bot',
      endpoint: 'customer-chat-bot',
      bot: true,
      // No api key in this deployment.
    },
    cometD: { enabled: false },
    autoInvite: { enabled: true, timeToInviteSeconds: 10, inviteTimeoutSeconds: 30 },
    chatButton: { enabled: true, hideDuringInvite: true, openDelay: 1000, effect: 'fade', effectDuration: 300 },
    uploadsEnabled: false,
    emojis: true,
    timeFormat: 24,
    form: {
      fields: [{ name: 'firstname', required: true, maxlength: 100 }],
    },
    dataProtection: {
      controller: 'Centrum Informacji PPK sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa',
      purpose: 'obsługa Twojego pytania kontaktowego',
      pdf: '/ochrona-danych.pdf',
    },
  },

  // Knowledge centre (the simulator's v2 API over its PPK knowledge base, Polish articles): the search
  // window and the chat's deflection read it through the KnowledgeCenterService.
  knowledgecenter: {
    apiVersion: 'v2',
    host: '/api/kc',
    apikey: 'demo-key',
    lang: 'pl',
    knowledgebases: ['ppk'],
    maxSearchResults: 5,
    timeout: 3000,
  },

  // Chat deflection: while the visitor waits for a consultant, each of their chat messages is searched
  // in the knowledge centre above and the answers appear in the chat as the knowledge assistant's
  // bubbles; the reporting and workspace keys go into the chat's user data (docs/chat-deflection.md).
  chatdeflection: {
    enabled: true,
    agentTranscript: 'readable',
    country: 'PL',
  },

  // Co-browse: online in office hours (the simulator's 'auto' mode), offered by the call-us panel and the chat
  // once an agent is connected.
  cobrowse: { url: '/api/cobrowse' },
  // Send message: the channel runs SendMessage.redirect, which navigates to the contact page
  // (redirectURL, or the channel's clickOptions.url) instead of opening the window.
  sendmessage: {
    redirectURL: '/kontakt',
    dataURL: '/api/sendmessage',
    limitsURL: '/api/sendmessage/limits',
    timeout: 3000,
  },
};
