// The same suite in English, for developers and integrators. Identical to the Polish deployment
// except for the language, the dark theme and callback API v1 (so both callback versions are exercised).
window.liveAssistConfig = {
  main: { deploymentID: 'ppk-en', lang: 'en', theme: 'dark', timeFormat: 24, mobileMode: 'auto' },
  sidebar: {
    position: 'right',
    showOnStartup: true,
    expandOnHover: true,
    channels: [
      { name: 'ChannelSelector', clickCommand: 'ChannelSelector.open', displayName: 'Live Assistance' },
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open' },
      { name: 'SendMessage', clickCommand: 'SendMessage.open' },
      { name: 'Search', clickCommand: 'Search.open' },
    ],
  },
  channelselector: {
    ewtRefreshInterval: 10,
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      {
        name: 'WebChat',
        clickCommand: 'WebChat.open',
        ewt: { display: true, queue: 'PPK_Chat', availabilityThresholdMin: 300, availabilityThresholdMax: 3600, hideChannelWhenThresholdMax: false },
      },
      { name: 'SendMessage', clickCommand: 'SendMessage.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
    ],
  },
  callus: {
    contacts: [{ number: '+48 22 100 20 30', displayName: 'PPK helpline' }],
    hours: ['Monday–Friday: 8:00–17:00'],
  },
  stats: {
    groupEWT: { url: '/api/ewt/group', queue: 'PPK_Chat', timeout: 3000, refreshInterval: 10 },
    availability: {
      timeZone: 'Europe/Warsaw',
      openHour: 8,
      closeHour: 17,
      chatUnavailableWait: 10000,
      whenOpen: ['CallUs', 'WebChat', 'SendMessage', 'Callback'],
      whenClosed: ['CallUs', 'SendMessage', 'Callback'],
    },
    apiVersion: 'v3',
    dataURL: '/api/stats/v3',
    apikey: 'demo-key',
    timeout: 3000,
  },
  callback: {
    apiVersion: 'v1',
    dataURL: '/api/callback/v1/ppk-callback',
    serviceName: 'ppk-callback',
    apikey: 'demo-key',
    timeout: 3000,
    countryCodes: true,
    countries: [{ iso2: 'pl', dialCode: '48' }],
    immediateCallback: true,
    scheduledCallback: true,
    ewt: { display: true, queue: 'PPK_Callback', threshold: 60, refreshInterval: 10, immediateCallbackMin: 0, immediateCallbackMax: 300 },
    formFields: [
      { name: 'firstname', type: 'text', required: true, maxlength: 100 },
      { name: 'lastname', type: 'text', required: false, maxlength: 100 },
      { name: 'phonenumber', type: 'tel', required: true, maxlength: 12, value: '+48' },
      { name: 'subject', type: 'textarea', required: true, maxlength: 100, label: 'Notes' },
    ],
    dataProtection: {
      controller: 'Centrum Informacji PPK sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa',
      purpose: 'handling your contact question',
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
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    cometD: { enabled: false },
    autoInvite: { enabled: false },
    chatButton: { enabled: true, openDelay: 1000, effect: 'slide', effectDuration: 300 },
    uploadsEnabled: true,
    emojis: true,
    timeFormat: 24,
    form: {
      fields: [
        { name: 'firstname', required: true, maxlength: 100 },
        { name: 'lastname', required: true, maxlength: 100 },
        { name: 'email', maxlength: 100 },
        { name: 'subject', maxlength: 100 },
      ],
    },
  },
  clicktocall: { dataURL: '/api/clicktocall', apikey: 'demo-key', timeout: 3000, wait: { display: true, queue: 'PPK_Callback', threshold: 30, refresh: 10 } },
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits', uploadsEnabled: true, timeout: 3000, userData: { source: 'en-demo' } },
  // Co-browse through the simulator's relay (demo/SIMULATOR.md "Co-browse"): offered in the chat's actions
  // menu and the call-us panel once an agent is connected and co-browse is online.
  cobrowse: { url: '/api/cobrowse' },
  // The developer console (the Console.open button on this page) runs any command: it loads only where
  // a site enables it. The Polish deployment does not.
  console: { enabled: true },
  // The simulator's engagement server: invites polled every 10 s, the stand-in tracking script, dispositions.
  webengagement: { endpoint: `${location.origin}/api/gwe` },
};

// /en?form=custom: the start form as a site configures it (webchat.form.inputs, docs/elements/chat.md
// "Start form"): a select, an optional plan number checked by a validate function as the visitor types, a
// consent checkbox and a hidden field holding the page, called when the form is drawn. The inputs that are
// not start fields (topic, planNumber, consent, page) go with the chat's start as userData.
if (new URLSearchParams(window.location.search).get('form') === 'custom') {
  window.liveAssistConfig.webchat.form = {
    inputs: [
      { name: 'firstname', required: true },
      { name: 'email', required: true },
      {
        name: 'topic',
        type: 'select',
        label: 'Topic',
        options: [
          { text: 'Joining a plan', value: 'joining' },
          { text: 'Contributions', value: 'contributions', selected: true },
          { text: 'Withdrawals', value: 'withdrawals' },
        ],
      },
      {
        name: 'planNumber',
        label: 'Plan number (optional)',
        placeholder: 'PPK-123456',
        maxlength: 10,
        validate: (event, form, input) => input.value.trim() === '' || /^PPK-\d{6}$/.test(input.value.trim()),
        validateWhileTyping: true,
        errorText: 'A plan number is PPK- and six digits',
      },
      { name: 'consent', type: 'checkbox', label: 'I agree to be contacted about my question', required: true, value: 'yes' },
      { name: 'page', type: 'hidden', value: () => window.location.pathname + window.location.search },
    ],
  };
}

// /en?transport=cometd: the same chat over CometD — the official cometd client against the simulator's
// Bayeux endpoint (cometd-nodejs-server at /api/cometd), the customer chat bot first, files over HTTP
// (docs/cometd.md). WebSocket is tried first; the Node server speaks long-polling, so the client falls back.
if (new URLSearchParams(window.location.search).get('transport') === 'cometd') {
  window.liveAssistConfig.main.deploymentID = 'ppk-en-cometd';
  window.liveAssistConfig.webchat.transport = { ...window.liveAssistConfig.webchat.transport, bot: true };
  window.liveAssistConfig.webchat.cometD = {
    enabled: true,
    cometURL: '/api/cometd',
    channel: '/service/chatV2/customer-chat-bot',
    apiURL: '/api/chat/customer-chat-bot',
    websocketEnabled: true,
    logLevel: 'warn',
  };
}

// /en?transport=ngrest: the same chat over the next-generation REST API (demo/simulator/ngrest.js, the
// 'ppk' contact centre): a client token in a header, JSON calls with an operationId, its own poll timing
// (docs/ngrest.md). The customer chat bot first, as on the CometD page.
if (new URLSearchParams(window.location.search).get('transport') === 'ngrest') {
  window.liveAssistConfig.main.deploymentID = 'ppk-en-ngrest';
  window.liveAssistConfig.webchat.transport = { type: 'ngrest', dataURL: '/api/ngrest/ppk', endpoint: 'customer-chat-bot', bot: true };
}

// /en?transport=cloud: the same chat over the cloud guest API (demo/simulator/cloud.js): a conversation
// created with the conversation options, a jwt on every call and a WebSocket event stream with heartbeats
// (docs/cloud.md). The customer chat bot first, as on the other pages.
if (new URLSearchParams(window.location.search).get('transport') === 'cloud') {
  window.liveAssistConfig.main.deploymentID = 'ppk-en-cloud';
  window.liveAssistConfig.webchat.transport = {
    type: 'cloud',
    dataURL: '/api/v2/webchat/guest/conversations',
    endpoint: 'customer-chat-bot',
    bot: true,
    organizationId: 'ppk-org',
    deploymentId: 'ppk-webchat',
    routingTarget: { targetType: 'QUEUE', language: 'en' },
    memberInfo: { displayName: 'Customer' },
  };
  window.liveAssistConfig.webchat.uploadsEnabled = false;
}

// /en?transport=webmessaging: the same chat over Genesys Cloud Messenger's guest API (demo/simulator/webmessaging.js):
// one WebSocket at /v1 as on webmessaging.{region}, the session token kept per deployment, the history read with
// the socket's JWT (docs/webmessaging.md). The customer chat bot first, as on the other pages.
if (new URLSearchParams(window.location.search).get('transport') === 'webmessaging') {
  window.liveAssistConfig.main.deploymentID = 'ppk-en-webmessaging';
  window.liveAssistConfig.webchat.transport = { type: 'webmessaging', dataURL: '/', deploymentId: 'ppk-messaging', bot: true };
  window.liveAssistConfig.webchat.uploadsEnabled = false;
}
