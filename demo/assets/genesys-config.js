// The Polish deployment (deployment-config.js) written as a Genesys Widgets 9 site writes it: the
// `window._genesys.widgets` object, Widgets' option names (ajaxTimeout, calenderHours, form.inputs,
// ewt.immediateCallback …) and an extension, loaded before /dist/genesys/widgets.min.js. The few options
// Widgets has no name for (the availability rule, opening hours, the data-protection notice) are
// live-assist's own and are kept as they are; the drop-in names each once in the console.
if (!window._genesys) window._genesys = {};
window._genesys.widgets = {
  main: {
    deploymentID: 'ppk-genesys',
    lang: 'pl',
    theme: 'light',
    timeFormat: 24,
    mobileMode: 'auto',
    preload: [],
  },

  sidebar: {
    position: 'right',
    showOnStartup: true,
    expandOnHover: true,
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open', clickOptions: {} },
      { name: 'Callback', clickCommand: 'Callback.open', clickOptions: {} },
      { name: 'WebChat', clickCommand: 'WebChat.open', clickOptions: {} },
      { name: 'SendMessage', clickCommand: 'SendMessage.redirect', clickOptions: { url: '/kontakt' } },
      { name: 'Search', clickCommand: 'Search.open', clickOptions: {} },
    ],
  },

  channelselector: {
    ewtRefreshInterval: '10',
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open', ewt: { display: true, queue: 'PPK_Chat', availabilityThresholdMin: 300, availabilityThresholdMax: 3600, hideChannelWhenThresholdMax: false } },
      { name: 'SendMessage', clickCommand: 'SendMessage.redirect', clickOptions: { url: '/kontakt' } },
      { name: 'Callback', clickCommand: 'Callback.open' },
    ],
  },

  callus: {
    contacts: [{ displayName: 'Infolinia PPK', i18n: 'callus.helpline', number: '+48 22 100 20 30' }],
    hours: ['Poniedziałek–piątek: 8:00–17:00'],
    openingHours: { timeZone: 'Europe/Warsaw', days: [1, 2, 3, 4, 5], openHour: 8, closeHour: 17 },
  },

  stats: {
    ajaxTimeout: 3000,
    ewt: { dataURL: '/api/stats/v1', apikey: 'demo-key', apiVersion: 'v1' },
    groupEWT: { url: '/api/ewt/group', queue: 'PPK_Chat', timeout: 3000, refreshInterval: 10 },
    availability: {
      timeZone: 'Europe/Warsaw',
      openHour: 8,
      closeHour: 17,
      chatUnavailableWait: 10000,
      whenOpen: ['CallUs', 'WebChat', 'SendMessage', 'Callback', 'Search'],
      whenClosed: ['CallUs', 'SendMessage', 'Callback', 'Search'],
    },
  },

  callback: {
    apiVersion: 'v3',
    dataURL: '/api/callback/v3',
    serviceName: 'ppk-callback',
    apikey: 'demo-key',
    ajaxTimeout: 3000,
    countryCodes: true,
    immediateCallback: true,
    scheduledCallback: true,
    userData: { service: 'PPK' },
    ewt: { display: true, queue: 'PPK_Callback', threshold: '60', refreshInterval: '10', immediateCallback: { thresholdMin: 0, thresholdMax: 300 } },
    form: {
      wrapper: '<table></table>',
      inputs: [
        { id: 'cx_form_callback_firstname', name: 'firstname', maxlength: '100', placeholder: '@i18n:callback.CallbackPlaceholderRequired', label: '@i18n:callback.CallbackFirstName', validate: (event, form, input) => Boolean(input && input.val()) },
        { id: 'cx_form_callback_lastname', name: 'lastname', maxlength: '100', placeholder: '@i18n:callback.CallbackPlaceholderOptional', label: '@i18n:callback.CallbackLastName' },
        { id: 'cx_form_callback_phone_number', name: 'phonenumber', maxlength: '12', value: '+48', placeholder: '@i18n:callback.CallbackPlaceholderRequired', label: '@i18n:callback.CallbackPhoneNumber', validate: (event, form, input) => Boolean(input && input.val()) },
        { id: 'cx_form_callback_subject', name: 'subject', type: 'textarea', maxlength: '100', label: '@i18n:callback.CallbackNotes', validate: (event, form, input) => Boolean(input && input.val()) },
      ],
    },
    countries: [{ iso2: 'pl', dialCode: '48' }],
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
    dataURL: '/api/chat/customer-chat-bot',
    endpoint: 'customer-chat-bot',
    ajaxTimeout: 3000,
    cometD: { enabled: false },
    autoInvite: { enabled: true, timeToInviteSeconds: 10, inviteTimeoutSeconds: 30 },
    chatButton: { enabled: true, hideDuringInvite: true, openDelay: 1000, effect: 'fade', effectDuration: 300 },
    uploadsEnabled: false,
    emojis: true,
    timeFormat: 24,
    form: {
      wrapper: '<table></table>',
      inputs: [{ id: 'cx_webchat_form_firstname', name: 'firstname', maxlength: '100', label: '@i18n:webchat.ChatFormFirstName', validate: (event, form, input) => Boolean(input && input.val()) }],
    },
    dataProtection: {
      controller: 'Centrum Informacji PPK sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa',
      purpose: 'obsługa Twojego pytania kontaktowego',
      pdf: '/ochrona-danych.pdf',
    },
  },

  knowledgecenter: {
    apiVersion: 'v2',
    host: '/api/kc',
    apikey: 'demo-key',
    lang: 'pl',
    knowledgebases: ['ppk'],
    maxSearchResults: 5,
    timeout: 3000,
  },

  chatdeflection: { enabled: true, agentTranscript: 'readable', country: 'PL' },

  sendmessage: {
    redirectURL: '/kontakt',
    dataURL: '/api/sendmessage',
    limitsURL: '/api/sendmessage/limits',
    ajaxTimeout: 3000,
  },

  // An extension as Widgets sites write them: a plugin of its own with a command, a before hook that adds
  // to the chat's user data, and a subscription; Widgets hands it jQuery, CXBus and Common.
  extensions: {
    PpkDemo: function ($, CXBus, Common) {
      var plugin = CXBus.registerPlugin('PpkDemo');
      var opened = 0;
      plugin.before('WebChat.open', function (options) {
        options = options || {};
        options.userData = $.extend({}, options.userData, { campaign: 'genesys-demo' });
        return options;
      });
      plugin.registerCommand('status', function (e) {
        e.deferred.resolve({ opened: opened, jquery: $.fn.jquery, commander: e.commander, echo: e.data });
      });
      plugin.subscribe('WebChat.opened', function () {
        opened += 1;
        Common.log('PpkDemo: the chat window opened (' + opened + ')');
      });
      plugin.republish('ready');
      plugin.ready();
    },
  },
};

// Widgets calls onReady with CXBus once the widgets are up: here it marks the page, which the
// end-to-end test reads (test/e2e/genesys.test.mjs).
window._genesys.widgets.onReady = function (CXBus) {
  CXBus.subscribe('WebChat.opened', function (e) {
    document.documentElement.setAttribute('data-chat-opened', e.event);
  });
  document.documentElement.setAttribute('data-genesys-ready', CXBus === window.CXBus ? 'CXBus' : 'other');
};
