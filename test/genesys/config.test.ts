import { expect } from '@esm-bundle/chai';
import { loadConfig } from '../../src/app/config.ts';
import { readSection } from '../../src/app/section.ts';
import { editDistance, loadGenesysConfig, nearestKey, readGenesysConfig, type ReadOptions } from '../../src/genesys/config.ts';
import { SECTIONS } from '../../src/genesys/config-map.ts';
import { calendarSection } from '../../src/plugins/calendar/calendar.ts';
import { callbackSection } from '../../src/plugins/callback/callback-config.ts';
import { sendMessageSection } from '../../src/plugins/send-message/send-message.ts';
import { statsSection } from '../../src/plugins/shared/stats-config.ts';
import { readWebChatService } from '../../src/plugins/shared/webchat-config.ts';
import { readWebChatInvite, readWebChatWindow } from '../../src/plugins/webchat/webchat-window-config.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- a host page's window, written as sites write it */

/** Reads with a fresh "said once" memory and the reports collected. */
const read = (win: unknown, reported = new Set<string>()) => {
  const lines: string[] = [];
  const options: ReadOptions = { reported, log: (level, message) => lines.push(`${level} ${message}`) };
  return { ...readGenesysConfig(win, options), lines };
};
const quiet: ReadOptions['log'] = () => {};
const noLog = () => {};

describe('readGenesysConfig: the three entry styles', () => {
  it('reads `window._genesys = { widgets: {...} }`', () => {
    const win: any = { _genesys: { widgets: { main: { lang: 'pl', theme: 'light' }, sidebar: { position: 'left' } } } };
    const { config } = read(win);
    expect(config.main).to.deep.equal({ lang: 'pl', theme: 'light' });
    expect(config.sidebar).to.deep.equal({ position: 'left' });
  });

  it('reads `if (!window._genesys) window._genesys = {}; window._genesys.widgets = {...}`', () => {
    const win: any = {};
    if (!win._genesys) win._genesys = {};
    win._genesys.widgets = { main: { timeFormat: 24 }, callus: { contacts: [{ number: '+48 22 100 20 30' }], hours: ['8–17'] } };
    const { config } = read(win);
    expect(config.main).to.deep.equal({ timeFormat: 24 });
    expect(config.callus).to.deep.equal({ contacts: [{ number: '+48 22 100 20 30' }], hours: ['8–17'] });
  });

  it('hands back `widgets.onReady` and the extensions (functions only) for the entry point to run', () => {
    const onReady = () => {};
    const mine = () => {};
    const win: any = { _genesys: { widgets: { onReady, extensions: { Mine: mine, Broken: 'not a function' } } } };
    const { config, onReady: got, extensions, lines } = read(win);
    expect(got).to.equal(onReady);
    expect(extensions).to.deep.equal({ Mine: mine });
    expect(config).to.deep.equal({}); // neither is a section
    expect(lines).to.deep.equal([]);
  });

  it('reads at call time: assignments after the object literal count, and nothing before it is needed', () => {
    const win: any = {};
    expect(read(win).config).to.deep.equal({}); // no _genesys yet: our defaults
    win._genesys = { widgets: { webchat: { userData: { source: 'page' } } } };
    win._genesys.widgets.webchat.userData.campaign = 'spring';
    win._genesys.widgets.main = { lang: 'pl' };
    const { config } = read(win);
    expect(config.webchat!.userData).to.deep.equal({ source: 'page', campaign: 'spring' });
    expect(config.main).to.deep.equal({ lang: 'pl' });
  });

  it("never changes the page's object, and reads past a getter that throws", () => {
    const widgets: any = { webchat: { dataURL: '/gms/chat' }, stats: { ewt: { dataURL: '/ewt' } } };
    Object.defineProperty(widgets, 'callback', { enumerable: true, get: () => { throw new Error('no'); } }); // prettier-ignore
    const { config } = read({ _genesys: { widgets } });
    expect(config.webchat).to.deep.equal({ transport: { dataURL: '/gms/chat' } });
    expect(widgets.webchat).to.deep.equal({ dataURL: '/gms/chat' });
    expect(widgets.stats).to.deep.equal({ ewt: { dataURL: '/ewt' } });
    expect(config).to.not.have.property('callback');
    const throwing = { get _genesys() { throw new Error('no'); } }; // prettier-ignore
    expect(read(throwing).config).to.deep.equal({});
  });
});

describe('readGenesysConfig: each section written our way', () => {
  it('main: custom themes, the face’s own options, fonts, preload, numbers given as strings', () => {
    const main = {
      theme: 'brand',
      themes: { brand: 'cx-theme-brand' },
      customStylesheetID: 'genesys_widgets_custom',
      plugins: ['cx-webchat', 'cx-webchat-service'],
      preload: ['webchat'],
      cookieOptions: { secure: true, domain: 'example.com' },
      downloadGoogleFont: true,
      timeFormat: '24',
      mobileMode: 'auto',
      mobileModeBreakpoint: '600',
      debug: true,
      lang: 'pl',
      deploymentID: 'ppk',
      header: { Authorization: 'Bearer x' },
    };
    const { config, extras } = read({ _genesys: { widgets: { main } } });
    expect(config.main).to.deep.equal({
      theme: 'brand',
      themes: { brand: 'cx-theme-brand' },
      customStylesheetID: 'genesys_widgets_custom',
      lang: 'pl',
      timeFormat: 24,
      mobileMode: 'auto',
      mobileModeBreakpoint: 600,
      debug: true,
      deploymentID: 'ppk',
      header: { Authorization: 'Bearer x' },
      preload: 'idle',
      fonts: { enabled: true },
    });
    expect(extras).to.deep.equal({
      plugins: ['cx-webchat', 'cx-webchat-service'],
      preload: ['webchat'],
      cookieOptions: { secure: true, domain: 'example.com' },
    });
    // What our loader makes of it: every value accepted as given.
    expect(loadConfig(config, ['en', 'pl']).clean).to.equal(true);
  });

  it('main: an empty preload list loads on intent, downloadGoogleFont false fetches nothing, dark and light stay themes', () => {
    const { config } = read({ _genesys: { widgets: { main: { preload: [], downloadGoogleFont: false, theme: 'light', themes: { x: 'cx-x' } } } } });
    expect(config.main).to.deep.equal({ preload: 'intent', theme: 'light', themes: { x: 'cx-x' } });
    // A theme named nowhere stays for our check to report ("Invalid theme specified").
    expect(read({ _genesys: { widgets: { main: { theme: 'blue' } } } }).config.main).to.deep.equal({ theme: 'blue' });
    expect(loadConfig(read({ _genesys: { widgets: { main: { theme: 'blue', lang: 'en' } } } }).config, ['en']).main.theme).to.equal('dark');
  });

  it('sidebar, channelselector, callus, knowledgecenter, search, chatdeflection, toaster, overlay: the same options', () => {
    const channel = { name: 'WebChat', clickCommand: 'WebChat.open', displayName: 'Chat', icon: 'chat', ewt: { display: true, queue: 'PPK_Chat' } };
    const widgets = {
      sidebar: { showOnStartup: true, position: 'right', expandOnHover: false, channels: [channel] },
      channelselector: { ewtRefreshInterval: '15', channels: [channel] },
      callus: { contacts: [{ displayName: 'Helpline', i18n: 'Number001', number: '1 888' }], hours: ['8am - 8pm'] },
      knowledgecenter: { host: '/api/kc', knowledgebases: ['faq'], lang: 'pl', maxSearchResults: 3 },
      search: { autocomplete: false },
      chatdeflection: { enabled: true },
      toaster: {},
      overlay: {},
    };
    const { config, lines } = read({ _genesys: { widgets } });
    expect(config).to.deep.equal({ ...widgets, channelselector: { ewtRefreshInterval: 15, channels: [channel] } });
    expect(lines).to.deep.equal([]);
  });

  it('callback: ajaxTimeout, the ASAP thresholds, numbers as strings, the form’s inputs as our form fields', () => {
    const validate = () => true;
    const callback = {
      dataURL: '/api/callback/v1/ppk-callback',
      apikey: 'key',
      ajaxTimeout: 5000,
      serviceName: 'ppk-callback',
      callDirection: 'USERTERMINATED',
      countryCodes: false,
      ewt: { display: true, queue: 'PPK_Callback', threshold: '60', refreshInterval: '30', immediateCallback: { thresholdMin: null, thresholdMax: 300 } },
      form: {
        wrapper: '<table></table>',
        inputs: [
          { id: 'cx_form_callback_firstname', name: 'firstname', maxlength: '100', label: '@i18n:callback.CallbackFirstName', validate },
          { id: 'cx_form_callback_phone_number', name: 'phonenumber', maxlength: '14', label: '@i18n:callback.CallbackPhoneNumber' },
          { id: 'cx_form_callback_department', name: 'department', type: 'select' },
        ],
      },
    };
    const { config } = read({ _genesys: { widgets: { callback } } });
    expect(config.callback).to.deep.include({ timeout: 5000, callDirection: 'USERTERMINATED', countryCodes: false });
    expect(config.callback!.ewt).to.deep.equal({ display: true, queue: 'PPK_Callback', threshold: 60, refreshInterval: 30, immediateCallbackMax: 300 });
    expect(config.callback!.formFields).to.deep.equal([
      { name: 'firstname', required: true, maxlength: 100 },
      { name: 'phonenumber', required: false, maxlength: 14 },
    ]);
    expect((config.callback!.form as any).inputs).to.have.length(3); // the site's definition stays for the entry point
    // Our reader takes every mapped option without a word.
    const issues = readSection('callback', config.callback, callbackSection, noLog).issues;
    expect(issues).to.deep.equal([]);
    expect(readSection('callback', config.callback, callbackSection, noLog).value.ewt.immediateCallbackMax).to.equal(300);
  });

  it('calendar: `calendarHours` as ours is spelled (`calenderHours`), which wins when both are given', () => {
    const hours = { interval: 10, morning: { enable: true, openTime: '09:00', closeTime: '11:59' } };
    const { config } = read({ _genesys: { widgets: { calendar: { numberOfDays: '5', timeFormat: 24, calendarHours: hours } } } });
    expect(config.calendar).to.deep.equal({ numberOfDays: 5, timeFormat: 24, calenderHours: hours });
    expect(readSection('calendar', config.calendar, calendarSection(24), noLog).value.calenderHours.morning.enable).to.equal(true);
    const both = read({ _genesys: { widgets: { calendar: { calenderHours: { interval: 20 }, calendarHours: { interval: 10 } } } } }).config.calendar;
    expect(both).to.deep.equal({ calenderHours: { interval: 20 } });
  });

  it('webchat (GMS REST): dataURL, apikey, endpoint, ajaxTimeout and the custom header go into our transport', () => {
    const widgets = {
      main: { header: { Authorization: 'Bearer t' } },
      webchat: {
        dataURL: '/api/chat/customer-chat-bot',
        apikey: 'k',
        endpoint: 'bot',
        ajaxTimeout: '4000',
        enableCustomHeader: true,
        userData: { n: 1, b: true },
      },
    };
    const { config } = read({ _genesys: { widgets } });
    expect(config.webchat).to.deep.equal({
      transport: { dataURL: '/api/chat/customer-chat-bot', apikey: 'k', endpoint: 'bot', timeout: 4000, headers: { Authorization: 'Bearer t' } },
      userData: { n: '1', b: 'true' },
    });
    const settings = readWebChatService(config.webchat, noLog);
    expect(settings.transport).to.deep.include({ type: 'rest', dataURL: '/api/chat/customer-chat-bot', apikey: 'k', endpoint: 'bot', timeout: 4000 });
    expect(settings.userData).to.deep.equal({ n: '1', b: 'true' });
  });

  it('webchat (Genesys Cloud): the sockets transport is our cloud transport, its routing our routing target', () => {
    const transport = {
      type: 'purecloud-v2-sockets',
      dataURL: 'https://api.mypurecloud.de',
      deploymentKey: 'dep-1',
      orgGuid: 'org-1',
      interactionData: { routing: { targetType: 'QUEUE', targetAddress: 'Support', priority: 2 } },
    };
    const { config } = read({ _genesys: { widgets: { webchat: { transport } } } });
    expect(config.webchat!.transport).to.deep.equal({
      type: 'cloud',
      dataURL: 'https://api.mypurecloud.de/api/v2/webchat/guest/conversations',
      deploymentId: 'dep-1',
      organizationId: 'org-1',
      routingTarget: { targetType: 'QUEUE', targetAddress: 'Support', priority: 2 },
    });
    expect(readWebChatService(config.webchat, noLog).transport).to.deep.include({ type: 'cloud', organizationId: 'org-1', deploymentId: 'dep-1' });
  });

  it('webchat (Genesys Cloud now): the sockets transport with a messaging deployment and no orgGuid is Web Messaging, on the API origin', () => {
    const transport = { type: 'purecloud-v2-sockets', dataURL: 'https://api.mypurecloud.de', deploymentKey: 'messenger-1' };
    const { config } = read({ _genesys: { widgets: { webchat: { transport } } } });
    expect(config.webchat!.transport).to.deep.equal({ type: 'webmessaging', dataURL: 'https://api.mypurecloud.de', deploymentId: 'messenger-1' });
    expect(readWebChatService(config.webchat, noLog).transport).to.deep.include({ type: 'webmessaging', deploymentId: 'messenger-1' });
  });

  it('webchat: cometD as it is; proactive and inviteOnRestoreTimeout into autoInvite; chatButton; the form’s inputs as ours', () => {
    const validate = () => true;
    const webchat = {
      cometD: { enabled: true, cometURL: '/api/cometd', channel: '/service/chatV2/customer-support' },
      proactive: { enabled: true, idleTimer: 7, cancelTimer: 20 },
      inviteOnRestoreTimeout: true,
      chatButton: { enabled: true, template: '<div>CHAT</div>', openDelay: 500, effect: 'slide', effectDuration: 200, hideDuringInvite: true },
      emojis: false,
      uploadsEnabled: true,
      maxMessageLength: '140',
      timeFormat: '24',
      formJSON: {
        wrapper: '<table></table>',
        inputs: [
          { id: 'cx_webchat_form_firstname', name: 'firstname', maxlength: '50', placeholder: '@i18n:webchat.ChatFormPlaceholderFirstName', validate },
          { id: 'cx_webchat_form_email', name: 'email', maxlength: '100' },
          { id: 'cx_webchat_form_dni', name: 'cedula', maxlength: '20' },
        ],
      },
    };
    const { config } = read({ _genesys: { widgets: { webchat } } });
    const chat = config.webchat!;
    expect(chat.cometD).to.deep.equal(webchat.cometD);
    expect(chat.autoInvite).to.deep.equal({ enabled: true, timeToInviteSeconds: 7, inviteTimeoutSeconds: 20, inviteOnRestoreTimeout: true });
    // Every input is drawn, written our way; tokens and validates are the entry point's (src/genesys/form.ts).
    expect((chat.form as any).inputs).to.deep.equal([
      { name: 'firstname', maxlength: 50, placeholder: '@i18n:webchat.ChatFormPlaceholderFirstName', validate },
      { name: 'email', maxlength: 100 },
      { name: 'cedula', maxlength: 20 },
    ]);
    const invite = readWebChatInvite(chat, noLog);
    expect(invite.autoInvite).to.deep.equal({ enabled: true, timeToInviteSeconds: 7, inviteTimeoutSeconds: 20, inviteOnRestoreTimeout: true });
    // The template too: ours draws it (through the sanitiser).
    expect(invite.chatButton).to.deep.equal({
      enabled: true,
      hideDuringInvite: true,
      openDelay: 500,
      effect: 'slide',
      effectDuration: 200,
      template: '<div>CHAT</div>',
    });
    const window = readWebChatWindow(chat, noLog);
    expect(window.form.inputs.map((f) => f.name)).to.deep.equal(['firstname', 'email', 'cedula']);
    expect(window).to.deep.include({ emojis: false, timeFormat: 24 });
    expect(readWebChatService(chat, noLog)).to.deep.include({ maxMessageLength: 140, uploadsEnabled: true });
  });

  it('webchat.async: Widgets’ getSessionData stores and setSessionData restores; ours are named the other way round', () => {
    const stored: unknown[] = [];
    const cookieOptions = { secure: true };
    const async = {
      enabled: true,
      newMessageRestoreState: 'minimized',
      getSessionData: (data: unknown, cookie: unknown, options: unknown) => stored.push([data, typeof (cookie as any).set, options]),
      setSessionData: () => JSON.stringify({ chatId: 'c1' }),
    };
    const { config } = read({ _genesys: { widgets: { main: { cookieOptions }, webchat: { async } } } });
    const ours = config.webchat!.async as any;
    expect(ours.enabled).to.equal(true);
    ours.setSessionData({ chatId: 'c2' });
    expect(stored).to.deep.equal([[{ chatId: 'c2' }, 'function', cookieOptions]]);
    expect(ours.getSessionData()).to.deep.equal({ chatId: 'c1' });
    expect(readWebChatService(config.webchat, noLog).async.newMessageRestoreState).to.equal('minimized');
  });

  it('sendmessage: the SendMessageButton is our side button; ajaxTimeout our timeout', () => {
    const sendmessage = {
      dataURL: '/api/sendmessage',
      apikey: 'k',
      ajaxTimeout: 2000,
      SendMessageButton: { enabled: true, openDelay: 100, effect: 'fade', effectDuration: 50, template: '<b>x</b>' },
    };
    const { config } = read({ _genesys: { widgets: { sendmessage } } });
    expect(config.sendmessage).to.deep.equal({
      dataURL: '/api/sendmessage',
      apikey: 'k',
      timeout: 2000,
      sideButton: { visible: true, openDelay: 100, effect: 'fade', effectDuration: 50 },
      SendMessageButton: { template: '<b>x</b>' },
    });
    expect(readSection('sendmessage', config.sendmessage, sendMessageSection, noLog).value.sideButton).to.deep.include({ visible: true, openDelay: 100 });
  });

  it('stats: `ewt.*` and ajaxTimeout at the top of ours; console: `open` is our `enabled`', () => {
    const widgets = { stats: { ajaxTimeout: 3000, ewt: { dataURL: '/api/ewt', apikey: 'k', apiVersion: 'v2', mode: 'ewt2' } }, console: { open: true } };
    const { config } = read({ _genesys: { widgets } });
    expect(config.stats).to.deep.equal({ timeout: 3000, dataURL: '/api/ewt', apikey: 'k', apiVersion: 'v2', mode: 'ewt2' });
    expect(readSection('stats', config.stats, statsSection, noLog).issues).to.deep.equal([]);
    expect(config.console).to.deep.equal({ enabled: true });
  });

  it('has a row for every section our loader hands to a plugin', () => {
    for (const name of [
      'sidebar',
      'channelselector',
      'callus',
      'callback',
      'calendar',
      'webchat',
      'sendmessage',
      'knowledgecenter',
      'search',
      'chatdeflection',
      'stats',
      'console',
      'toaster',
      'overlay',
    ]) {
      expect(SECTIONS, name).to.have.property(name);
      expect(SECTIONS[name]!.unsupported, name).to.equal(undefined);
    }
  });
});

describe('readGenesysConfig: unknown options', () => {
  it('keeps them where they were and says each once, naming the option a letter or two away', () => {
    const widgets = {
      main: { lang: 'pl', i10n: { pl: {} } },
      webchat: {
        form: {
          inputs: [
            { name: 'firstname', maxlenght: 20 },
            { name: 'lastname', maxlenght: 20 },
          ],
        },
        myFlag: true,
      },
      videoengager: { tenantId: 't1' },
      webchta: { emojis: true },
      offers: { mode: 'toaster' },
    };
    const reported = new Set<string>();
    const { config, unknown, lines } = read({ _genesys: { widgets } }, reported);
    expect(config.main).to.deep.equal({ lang: 'pl', i10n: { pl: {} } });
    expect((config.webchat!.form as any).inputs[0].maxlenght).to.equal(20);
    expect(config.webchat!.myFlag).to.equal(true);
    expect(config.videoengager).to.deep.equal({ tenantId: 't1' });
    expect(config.webchta).to.deep.equal({ emojis: true });
    expect(config.offers).to.deep.equal({ mode: 'toaster' });
    expect(unknown.map((u) => u.path)).to.deep.equal([
      'main.i10n',
      'webchat.form.inputs[].maxlenght',
      'webchat.form.inputs[].maxlenght',
      'webchat.myFlag',
      'videoengager',
      'webchta',
      'offers',
    ]);
    expect(lines).to.deep.equal([
      'warn [live-assist] _genesys.widgets.main.i10n is not a Widgets 9 option (did you mean i18n?); it is kept as given',
      'warn [live-assist] _genesys.widgets.webchat.form.inputs[].maxlenght is not a Widgets 9 option (did you mean maxlength?); it is kept as given',
      'warn [live-assist] _genesys.widgets.webchat.myFlag is not a Widgets 9 option; it is kept as given',
      'info [live-assist] _genesys.widgets.videoengager is not a Widgets 9 section; it is kept for extensions',
      'warn [live-assist] _genesys.widgets.webchta is not a Widgets 9 option (did you mean webchat?); it is kept as given',
      'warn [live-assist] _genesys.widgets.offers: live-assist has no Offers widget; the section is kept for extensions',
    ]);
    // Read again on the same page: nothing more is said.
    expect(read({ _genesys: { widgets } }, reported).lines).to.deep.equal([]);
  });

  it('a documented configuration has nothing unknown', () => {
    const widgets = {
      main: { theme: 'dark', lang: 'en', i18n: 'https://example.com/i18n.json', customStylesheetID: 'x', downloadGoogleFont: false, preload: [] },
      webchat: { dataURL: '/chat', cometD: { enabled: false }, autoInvite: { enabled: false }, chatButton: { enabled: true }, async: { enabled: false } },
      calendar: { calenderHours: { allDay: { enable: true, openTime: '09:00', closeTime: '17:00' } } },
      stats: { ewt: { dataURL: '/ewt' } },
      clicktocall: { dataURL: '/c2c', ajaxTimeout: 3000, wait: { display: true, threshold: 30 } },
    };
    const { unknown, lines } = read({ _genesys: { widgets } });
    expect(unknown).to.deep.equal([]);
    expect(lines).to.deep.equal([]);
  });

  it('measures closeness by edits, a swap of two letters being one', () => {
    expect(editDistance('maxlenght', 'maxlength')).to.equal(1);
    expect(editDistance('i10n', 'i18n')).to.equal(1);
    expect(editDistance('Theme', 'theme')).to.equal(0);
    expect(nearestKey('maxlenght', ['name', 'maxlength', 'label'])).to.equal('maxlength');
    expect(nearestKey('cometd', ['cometD', 'async'])).to.equal('cometD');
    expect(nearestKey('colour', ['theme', 'lang'])).to.equal(undefined);
    expect(nearestKey('ab', ['ewt'])).to.equal(undefined); // two-letter keys: one edit at most
  });
});

describe('readGenesysConfig and loadGenesysConfig: main.i18n', () => {
  it('maps an inline pack (keyed by language) onto our keys, and our loader takes its language', () => {
    const main = { lang: 'es', i18n: { es: { webchat: { ChatTitle: 'Chat en línea' } } } };
    const { config, extras } = read({ _genesys: { widgets: { main } } });
    expect((config.main!.i18n as any).es['chat.title']).to.equal('Chat en línea');
    expect(extras.i18nURL).to.equal(undefined);
    expect(loadConfig(config, ['en', 'pl']).main.lang).to.equal('es');
  });

  it('fetches the pack as our loader does and gives it our keys', async () => {
    const urls: string[] = [];
    const fetchImpl = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ es: { webchat: { ChatTitle: 'Chat en vivo' } } }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const win = { _genesys: { widgets: { main: { lang: 'es', i18n: 'https://cdn.example/widgets-es.i18n.json' } } } };
    const { config, extras } = await loadGenesysConfig(win, { fetch: fetchImpl, reported: new Set(), log: quiet });
    expect(urls).to.deep.equal(['https://cdn.example/widgets-es.i18n.json']);
    expect(extras.i18nURL).to.equal('https://cdn.example/widgets-es.i18n.json');
    expect((config.main!.i18n as any).es['chat.title']).to.equal('Chat en vivo');
    expect(loadConfig(config, ['en', 'pl']).main.lang).to.equal('es');
  });

  it('leaves i18n out when the fetch fails: our bundled texts, as our loader does', async () => {
    const fetchImpl = (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    const win = { _genesys: { widgets: { main: { lang: 'en', i18n: '/missing.json' } } } };
    const { config } = await loadGenesysConfig(win, { fetch: fetchImpl, reported: new Set(), log: quiet });
    expect(config.main).to.deep.equal({ lang: 'en' });
  });
});
