// The Widgets 9 configuration (`window._genesys.widgets`) against ours (`window.liveAssistConfig`), as
// data: each section's documented options, and the few that are named, placed or written otherwise in
// ours. config.ts applies it; docs/genesys/configuration.md gives the sources and the reasons.
import { isRecord } from '../app/records.ts';
import { widgetsForm } from './form.ts';
import { adaptSessionFunctions } from './session.ts';

/**
 * A section's documented options: `1` a value, a nested `Shape` an object of its own options, `[Shape]`
 * a list of such objects, `ANY` an object whose keys are the site's own (userData, header, i18n …).
 */
export const ANY = 'any';
export type Shape = { readonly [key: string]: 1 | typeof ANY | Shape | readonly [Shape] };

/** What one section needs beyond "same name, same place". Paths are dotted, within the section. */
export interface SectionRow {
  options: Shape | typeof ANY;
  /** Genesys path → our path: the value moves (ours, when also given, wins). */
  moves?: Readonly<Record<string, string>>;
  /** Genesys path → the value written our way (applied before the moves). */
  values?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** Options built from several of theirs; `root` is the whole `_genesys.widgets`. Runs after the moves. */
  derive?: (section: Record<string, unknown>, root: Record<string, unknown>) => void;
  /** Widgets 9 has this section and live-assist has no such widget: kept for extensions, and said. */
  unsupported?: string;
}

/** '24' (Widgets accepts strings for numbers) → 24; anything else unchanged, for our checks to report. */
export const numeric = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

const channel: Shape = {
  name: 1,
  enable: 1,
  clickCommand: 1,
  clickOptions: ANY,
  readyEvent: 1,
  displayName: 1,
  displayTitle: 1,
  icon: 1,
  html: 1,
  i18n: 1,
  subtitle: 1,
  onClick: 1,
  ewt: { display: 1, queue: 1, availabilityThresholdMin: 1, availabilityThresholdMax: 1, hideChannelWhenThresholdMax: 1 },
};

/** One input of a Widgets registration form (webchat.form, callback.form, WebChat.open's formJSON). */
const formInput: Shape = {
  id: 1,
  name: 1,
  type: 1,
  label: 1,
  placeholder: 1,
  value: 1,
  maxlength: 1,
  rows: 1,
  options: ANY,
  wrapper: 1,
  validate: 1,
  validateWhileTyping: 1,
  autofocus: 1,
  disabled: 1,
  onkeypress: 1,
  title: 1,
};
const form: Shape = { wrapper: 1, inputs: [formInput], autoSubmit: 1, firstname: 1, lastname: 1, email: 1, subject: 1, userData: ANY };

const button: Shape = { enabled: 1, template: 1, effect: 1, openDelay: 1, effectDuration: 1, hideDuringInvite: 1 };
const period: Shape = { enable: 1, openTime: 1, closeTime: 1 };
const calendarHours: Shape = { interval: 1, allDay: period, morning: period, afternoon: period, evening: period };

/** Our form fields from a Widgets form's inputs: the ones our form has, with their length; a field is
 * required when it carries a validate function (Widgets has no required flag: validation is the function). */
const fieldsOf = (section: Record<string, unknown>, key: string, names: readonly string[], to: string): void => {
  const definition = section[key];
  if (!isRecord(definition) || !Array.isArray(definition.inputs) || getPath(section, to) !== undefined) return;
  const fields = definition.inputs.flatMap((input: unknown) => {
    if (!isRecord(input) || typeof input.name !== 'string' || !names.includes(input.name.toLowerCase())) return [];
    const maxlength = numeric(input.maxlength);
    return [{ name: input.name.toLowerCase(), required: typeof input.validate === 'function', ...(maxlength === undefined ? {} : { maxlength }) }];
  });
  if (fields.length) setPath(section, to, fields);
};

/** `a.b.c` of `target`, creating the objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let at = target;
  for (const step of steps.slice(0, -1)) {
    if (!isRecord(at[step])) at[step] = {};
    at = at[step] as Record<string, unknown>;
  }
  at[steps.at(-1)!] = value;
}

/** `a.b.c` of `source`, or undefined. */
export function getPath(source: unknown, path: string): unknown {
  let at = source;
  for (const step of path.split('.')) {
    if (!isRecord(at) || !Object.hasOwn(at, step)) return undefined;
    at = at[step];
  }
  return at;
}

/** Widgets' transport types → ours (web-chat: the guest chat API over sockets is our cloud transport). */
export const TRANSPORT_TYPES: Readonly<Record<string, string>> = {
  'purecloud-v2-sockets': 'cloud',
  'pureengage-v3-rest': 'ngrest',
};
/** The guest conversations path our cloud transport posts to; Widgets is given the API's origin. */
const GUEST_CONVERSATIONS = '/api/v2/webchat/guest/conversations';

/** Every section Widgets 9 documents, by its configuration name (the same name as ours where we have it). */
export const SECTIONS: Readonly<Record<string, SectionRow>> = {
  sidebar: {
    options: { showOnStartup: 1, position: 1, expandOnHover: 1, channels: [channel] },
  },
  channelselector: {
    options: { ewtRefreshInterval: 1, channels: [channel] },
    values: { ewtRefreshInterval: numeric },
  },
  callus: {
    options: { contacts: [{ displayName: 1, i18n: 1, number: 1 }], hours: 1 },
  },
  callback: {
    options: {
      apikey: 1,
      dataURL: 1,
      apiVersion: 1,
      serviceName: 1,
      userData: ANY,
      ajaxTimeout: 1,
      callDirection: 1,
      countryCodes: 1,
      immediateCallback: 1,
      scheduledCallback: 1,
      formValidation: 1,
      form,
      ewt: { display: 1, queue: 1, threshold: 1, refreshInterval: 1, immediateCallback: { thresholdMin: 1, thresholdMax: 1 } },
    },
    values: {
      ajaxTimeout: numeric,
      'ewt.threshold': numeric,
      'ewt.refreshInterval': numeric,
      // `null` is Widgets' "no bound"; ours leaves the option out.
      'ewt.immediateCallback.thresholdMin': (value) => (value === null ? undefined : numeric(value)),
      'ewt.immediateCallback.thresholdMax': (value) => (value === null ? undefined : numeric(value)),
    },
    moves: {
      ajaxTimeout: 'timeout',
      'ewt.immediateCallback.thresholdMin': 'ewt.immediateCallbackMin',
      'ewt.immediateCallback.thresholdMax': 'ewt.immediateCallbackMax',
    },
    derive: (section) => fieldsOf(section, 'form', ['firstname', 'lastname', 'phonenumber', 'subject'], 'formFields'),
  },
  calendar: {
    options: { showAvailability: 1, numberOfDays: 1, timeFormat: 1, hideUnavailableTimeSlots: 1, calenderHours: calendarHours, calendarHours },
    values: { timeFormat: numeric, numberOfDays: numeric },
    // The Widgets reference spells it `calenderHours`, and sites (and later pages) `calendarHours`.
    moves: { calendarHours: 'calenderHours' },
  },
  webchat: {
    options: {
      dataURL: 1,
      apikey: 1,
      endpoint: 1,
      enableCustomHeader: 1,
      ajaxTimeout: 1,
      transport: {
        type: 1,
        dataURL: 1,
        endpoint: 1,
        deploymentKey: 1,
        orgGuid: 1,
        deploymentId: 1,
        region: 1,
        markdown: 1,
        async: 1,
        interactionData: { routing: { targetType: 1, targetAddress: 1, priority: 1, skills: 1, language: 1 } },
      },
      cometD: { enabled: 1, cometURL: 1, channel: 1, apiURL: 1, websocketEnabled: 1, logLevel: 1 },
      async: { enabled: 1, newMessageRestoreState: 1, getSessionData: 1, setSessionData: 1 },
      userData: ANY,
      emojis: 1,
      actionsMenu: 1,
      uploadsEnabled: 1,
      confirmFormCloseEnabled: 1,
      maxMessageLength: 1,
      charCountEnabled: 1,
      timeFormat: 1,
      restoreTimeout: 1,
      pollExceptionLimit: 1,
      minimizeOnMobileRestore: 1,
      markdown: 1,
      inviteOnRestoreTimeout: 1,
      form,
      formJSON: form,
      autoInvite: { enabled: 1, timeToInviteSeconds: 1, inviteTimeoutSeconds: 1 },
      proactive: { enabled: 1, idleTimer: 1, cancelTimer: 1 },
      chatButton: button,
    },
    values: {
      ajaxTimeout: numeric,
      timeFormat: numeric,
      maxMessageLength: numeric,
      'transport.type': (type) => (typeof type === 'string' && Object.hasOwn(TRANSPORT_TYPES, type) ? TRANSPORT_TYPES[type] : type),
      'autoInvite.timeToInviteSeconds': numeric,
      'autoInvite.inviteTimeoutSeconds': numeric,
      // Widgets sends user data as it is given; ours sends strings.
      userData: (data) =>
        isRecord(data)
          ? Object.fromEntries(
              Object.entries(data).map(([key, value]) => [key, typeof value === 'number' || typeof value === 'boolean' ? String(value) : value]),
            )
          : data,
    },
    moves: {
      // GMS REST options sit at the top of the section in Widgets, in `transport` in ours.
      dataURL: 'transport.dataURL',
      apikey: 'transport.apikey',
      endpoint: 'transport.endpoint',
      ajaxTimeout: 'transport.timeout',
      'transport.deploymentKey': 'transport.deploymentId',
      'transport.orgGuid': 'transport.organizationId',
      'transport.interactionData.routing.targetType': 'transport.routingTarget.targetType',
      'transport.interactionData.routing.targetAddress': 'transport.routingTarget.targetAddress',
      'transport.interactionData.routing.priority': 'transport.routingTarget.priority',
      'transport.interactionData.routing.skills': 'transport.routingTarget.skills',
      'transport.interactionData.routing.language': 'transport.routingTarget.language',
      inviteOnRestoreTimeout: 'autoInvite.inviteOnRestoreTimeout',
      'proactive.enabled': 'autoInvite.enabled',
      'proactive.idleTimer': 'autoInvite.timeToInviteSeconds',
      'proactive.cancelTimer': 'autoInvite.inviteTimeoutSeconds',
    },
    derive: (section, root) => {
      const transport = section.transport;
      // A messaging deployment (no orgGuid): the Web Messaging transport, on the API's origin or its region.
      if (isRecord(transport) && transport.type === 'cloud' && transport.deploymentId && !transport.organizationId) transport.type = 'webmessaging';
      if (isRecord(transport) && transport.type === 'cloud' && typeof transport.dataURL === 'string' && !transport.dataURL.includes(GUEST_CONVERSATIONS)) {
        transport.dataURL = transport.dataURL.replace(/\/+$/, '') + GUEST_CONVERSATIONS;
      }
      // `enableCustomHeader` sends main.header with every chat request; ours names the headers in the transport.
      const header = getPath(root, 'main.header');
      if (section.enableCustomHeader === true && isRecord(header) && getPath(section, 'transport.headers') === undefined) {
        setPath(section, 'transport.headers', { ...header });
      }
      delete section.enableCustomHeader;
      // WebChat.open's `formJSON` is the same definition as `form`; some sites configure it under that name.
      if (section.form === undefined && section.formJSON !== undefined) section.form = section.formJSON;
      // Every input is drawn (src/genesys/form.ts); the entry point resolves its tokens and wraps its validates.
      if (isRecord(section.form) && Array.isArray(section.form.inputs)) section.form = { ...section.form, ...(widgetsForm(section.form) as object) };
      if (isRecord(section.async)) {
        const cookieOptions = getPath(root, 'main.cookieOptions');
        adaptSessionFunctions(section.async, isRecord(cookieOptions) ? cookieOptions : {});
      }
    },
  },
  sendmessage: {
    options: {
      dataURL: 1,
      apikey: 1,
      userData: ANY,
      ajaxTimeout: 1,
      uploadsEnabled: 1,
      limitsURL: 1,
      limits: { maxFiles: 1, maxTotalSize: 1 },
      SendMessageButton: button,
    },
    values: { ajaxTimeout: numeric },
    moves: {
      ajaxTimeout: 'timeout',
      'SendMessageButton.enabled': 'sideButton.visible',
      'SendMessageButton.openDelay': 'sideButton.openDelay',
      'SendMessageButton.effect': 'sideButton.effect',
      'SendMessageButton.effectDuration': 'sideButton.effectDuration',
    },
  },
  knowledgecenter: {
    options: {
      host: 1,
      apiVersion: 1,
      apikey: 1,
      tenantId: 1,
      customerId: 1,
      apiClientId: 1,
      apiClientMediaType: 1,
      lang: 1,
      knowledgebases: 1,
      media: 1,
      maxTrendingResults: 1,
      maxSearchResults: 1,
      timeout: 1,
    },
  },
  search: {
    options: { autocomplete: 1, rating: 1, sideButton: { visible: 1, openDelay: 1, effect: 1, effectDuration: 1, clickCommand: 1, clickOptions: ANY } },
  },
  chatdeflection: { options: ANY },
  stats: {
    options: { ajaxTimeout: 1, ewt: { dataURL: 1, apikey: 1, apiVersion: 1, mode: 1 } },
    values: { ajaxTimeout: numeric },
    moves: { ajaxTimeout: 'timeout', 'ewt.dataURL': 'dataURL', 'ewt.apikey': 'apikey', 'ewt.apiVersion': 'apiVersion', 'ewt.mode': 'mode' },
  },
  console: {
    options: { open: 1, enabled: 1 },
    // Widgets' console opens at start with `open`; ours loads only when enabled.
    moves: { open: 'enabled' },
  },
  toaster: { options: ANY },
  overlay: { options: ANY },
  clicktocall: {
    options: {
      dataURL: 1,
      apikey: 1,
      ajaxTimeout: 1,
      userData: ANY,
      provideAccessCode: 1,
      autoDialAccessCode: 1,
      enableCountdown: 1,
      confirmFormCloseEnabled: 1,
      wait: { display: 1, queue: 1, threshold: 1, refresh: 1 },
    },
    values: { ajaxTimeout: numeric },
    moves: { ajaxTimeout: 'timeout' },
  },
  offers: { options: ANY, unsupported: 'live-assist has no Offers widget' },
  cobrowse: { options: ANY, unsupported: 'co-browse is started from the chat and call-us windows, not configured here' },
  gwe: { options: ANY, unsupported: 'live-assist has no Genesys Web Engagement tracker' },
};

/** `main`: its documented options; those without a place in ours are the Genesys face's own (plugins, cookieOptions). */
export const MAIN_OPTIONS: Shape = {
  debug: 1,
  theme: 1,
  themes: ANY,
  lang: 1,
  i18n: ANY,
  customStylesheetID: 1,
  downloadGoogleFont: 1,
  mobileMode: 1,
  mobileModeBreakpoint: 1,
  timeFormat: 1,
  preload: 1,
  plugins: 1,
  header: ANY,
  deploymentID: 1,
  cookieOptions: { secure: 1, domain: 1, path: 1, lifetime: 1 },
};

/** `main` options the Genesys face keeps for itself (item by item in config.ts's `GenesysExtras`). */
export const FACE_OPTIONS = ['plugins', 'cookieOptions'] as const;

/** Top-level keys of `_genesys.widgets` that are neither sections nor `main`. `bus` is written there by Widgets itself. */
export const ROOT_KEYS = ['main', 'extensions', 'onReady', 'bus'] as const;
