import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { sendMessageMachine, sendMessageMessages as M } from '../../../machines/send-message.machine.ts';
import { SIDE_BUTTON_DEFAULTS, sideButtonMachine, sideButtonMessages } from '../../../machines/side-button.machine.ts';
import { createSendMessageService, sendMessageServiceMessages, type SendMessageServiceConfig } from '../../services/send-message.ts';
import {
  clickCommand,
  clickOptions,
  dataProtectionSchema,
  flag,
  milliseconds,
  readSection,
  sectionReader,
  someNumber,
  text,
  textOr,
  MAX_KEYS,
  MAX_TEXT,
  v,
  type SectionOf,
  type SectionSchema,
} from '../../app/section.ts';

/** `sendmessage.sideButton`: the optional 'Send Message' side button (README "Send message"). */
export const sideButtonSection = {
  /** Shown when the plugin loads (the app loads it once the page is idle when this is true). */
  visible: flag(false),
  /** ms before it appears (spec: 1000). */
  openDelay: milliseconds(SIDE_BUTTON_DEFAULTS.openDelay),
  effect: v.optional(v.picklist(['fade', 'slide'], "must be 'fade' or 'slide'"), SIDE_BUTTON_DEFAULTS.effect),
  /** ms of the fade or slide (spec: 300); no motion under `prefers-reduced-motion`. */
  effectDuration: milliseconds(SIDE_BUTTON_DEFAULTS.effectDuration),
  /** What a click runs: `SendMessage.open` by default (a deployment that redirects: `SendMessage.redirect`). */
  clickCommand: v.optional(clickCommand(), 'SendMessage.open'),
  clickOptions: clickOptions(),
};

/** Extra key=value pairs sent with every message (values as text). */
const userDataSchema = v.optional(
  v.pipe(
    v.record(
      v.string(),
      v.union(
        [v.pipe(v.string(), v.maxLength(MAX_TEXT, `must be at most ${MAX_TEXT} characters long`)), v.number(), v.boolean()],
        'each value must be a string, number or boolean',
      ),
      'must be an object',
    ),
    v.maxEntries(MAX_KEYS, `must have at most ${MAX_KEYS} keys`),
    v.transform((data) => Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]))),
  ),
  () => ({}),
);

/** The `sendmessage` configuration section (README "Send message", contact-widgets.md §7). */
export const sendMessageSection = {
  dataURL: textOr('/api/sendmessage'),
  /** Falls back to `main.header.apikey`. */
  apikey: text(),
  contactCenterId: text(),
  timeout: milliseconds(3000, 1),
  redirectURL: text(),
  uploadsEnabled: flag(true),
  validation: flag(true),
  /** Attachment limits until the server's (`limitsURL`) arrive. */
  limits: { maxFiles: someNumber(1, 'files'), maxTotalSize: someNumber(1, 'bytes') },
  limitsURL: text(),
  userData: userDataSchema,
  dataProtection: v.optional(dataProtectionSchema),
  sideButton: sideButtonSection,
};

export type SendMessageSettings = SectionOf<typeof sendMessageSection>;
export type SideButtonSettings = SendMessageSettings['sideButton'];

/** What `SendMessageService.configure` may change. */
const serviceSection = { dataURL: text(), apikey: text(), contactCenterId: text(), timeout: someNumber(1, 'milliseconds') };

/** Reads the section (again only when it was replaced); bad options are reported and take their defaults. */
const readSendMessageSection = sectionReader('sendmessage', sendMessageSection);

/** The section's settings, the api key falling back to the app's (`main.header.apikey`). */
export function readSettings(raw: unknown, fallbackApikey?: string): SendMessageSettings {
  const settings = readSendMessageSection(raw);
  return settings.apikey || !fallbackApikey ? settings : { ...settings, apikey: fallbackApikey };
}

/** Options merged over `current`, refused whole (naming the option) when one is bad. */
function checked<S extends SectionSchema>(name: string, current: Record<string, unknown>, options: object, schema: S): SectionOf<S> {
  const { value, issues } = readSection(name, { ...current, ...options }, schema, () => undefined);
  const [issue] = issues;
  if (issue) throw new Error(`${M.invalidConfiguration}: ${issue.path} ${issue.message}`);
  return value;
}

export type SendMessageActor = ActorRefFrom<typeof sendMessageMachine>;
export type SideButtonActor = ActorRefFrom<typeof sideButtonMachine>;

/** What the plugin hands to `<la-send-message>`'s view. */
export interface SendMessageController {
  actor: SendMessageActor;
  /** The side button's visibility (hidden, waiting for its delay, visible, aside while the window is open). */
  sideButton: SideButtonActor;
  settings(): SendMessageSettings;
  /** The side button was activated: runs `sideButton.clickCommand` (commander `SendMessage`). */
  clickSideButton(): Promise<unknown>;
}

export const SEND_MESSAGE_WIDTH_PX = 360;
const TAG = 'la-send-message';

const isEmpty = (options: unknown) => !options || typeof options !== 'object' || Array.isArray(options) || Object.keys(options).length === 0;

/** A redirect target: http(s) only (never `javascript:`), resolved against the page. */
export function redirectTarget(url: string, base: string): string {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    throw new Error(M.invalidRedirect);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(M.invalidRedirect);
  return target.href;
}

/**
 * The SendMessageService plugin: the network side of sending a message (POST multipart or
 * form-encoded, headers, timeout), on the bus so other plugins and the host page can use it.
 */
export function registerService(app: App): void {
  const plugin = app.bus.registerPlugin('SendMessageService');
  const settings = readSettings(app.section('sendmessage'), app.config.main.header.apikey);
  const config: SendMessageServiceConfig = {
    dataURL: settings.dataURL,
    apikey: settings.apikey,
    contactCenterId: settings.contactCenterId,
    timeout: settings.timeout,
    lang: () => app.t.lang,
  };
  const service = createSendMessageService(config);
  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section !== 'sendmessage') return;
    const next = readSettings(app.section('sendmessage'), app.config.main.header.apikey);
    Object.assign(config, { dataURL: next.dataURL, apikey: next.apikey, contactCenterId: next.contactCenterId, timeout: next.timeout });
  });
  plugin.registerCommand('sendForm', (options) => {
    if (!options || typeof options !== 'object' || !options.formData) throw new Error(sendMessageServiceMessages.noFormData);
    return service.sendForm(options.formData, typeof options.idempotencyKey === 'string' ? options.idempotencyKey : undefined);
  });
  plugin.registerCommand('getLimits', (options) => {
    if (!options || typeof options !== 'object' || typeof options.url !== 'string' || options.url.trim() === '') throw new Error(M.invalidConfiguration);
    return service.getLimits(options.url);
  });
  plugin.registerCommand('configure', (options) => {
    if (isEmpty(options)) throw new Error(sendMessageServiceMessages.invalidConfiguration);
    const next = checked('SendMessageService', { ...config }, options, serviceSection);
    Object.assign(config, { ...next, dataURL: next.dataURL ?? config.dataURL, timeout: next.timeout ?? config.timeout });
  });
  plugin.ready();
}

/**
 * The SendMessage plugin: owns the window's actor, answers SendMessage.* commands (rejections via
 * `snapshot.can`), publishes the lifecycle, docks the window (unless the page embeds the element),
 * fetches the server's attachment limits, and redirects to the contact page when asked.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('SendMessage');
  let settings = readSettings(app.section('sendmessage'), app.config.main.header.apikey);
  const actor: SendMessageActor = createActor(
    sendMessageMachine.provide({
      actors: {
        sendForm: fromPromise(({ input }) =>
          app.bus.command(
            'SendMessageService.sendForm',
            { formData: { ...input.values, userData: input.userData, files: input.files as File[] }, idempotencyKey: input.idempotencyKey },
            { commander: 'SendMessage' },
          ),
        ),
      },
    }),
    { input: { validation: settings.validation, limits: settings.limits, userData: settings.userData } },
  ).start();

  // The side button: its own small actor (the shared side-button machine), told about the window.
  const sideButtonOptions = ({ openDelay, effect, effectDuration }: SideButtonSettings) => ({ openDelay, effect, effectDuration });
  const sideButton: SideButtonActor = createActor(sideButtonMachine, { input: sideButtonOptions(settings.sideButton) }).start();

  const applySettings = () => {
    settings = readSettings(app.section('sendmessage'), app.config.main.header.apikey);
    actor.send({ type: 'configure', validation: settings.validation, limits: settings.limits, userData: settings.userData });
    sideButton.send({ type: 'configure', ...sideButtonOptions(settings.sideButton) });
  };
  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section === 'sendmessage') applySettings();
  });

  const element = (): HTMLElement => {
    const doc = app.window.document;
    const existing = doc.querySelector<HTMLElement>(TAG);
    if (existing) return existing;
    // A window opened by a command on a page without the element is docked (an authored one embeds).
    const created = doc.createElement(TAG);
    created.setAttribute('mode', 'dock');
    doc.body.append(created);
    return created;
  };

  sideButton.on('displayed', () => plugin.publish('buttonDisplayed', undefined));
  sideButton.on('hidden', () => plugin.publish('buttonHidden', undefined));

  actor.on('*', (emitted) => {
    switch (emitted.type) {
      case 'opened': {
        sideButton.send({ type: 'window.open' });
        if (element().getAttribute('mode') === 'dock') {
          void app.bus.command('WindowManager.dock', { plugin: 'SendMessage', width: SEND_MESSAGE_WIDTH_PX }, { commander: 'SendMessage' });
        }
        // The server's attachment limits, read once the browser is idle after the open: no file is chosen
        // in the window's first frame, and the request, its answer's check and the form's second render no
        // longer land in the open's own work (about 10 ms of a profiled open at 4×).
        const { limitsURL } = settings;
        if (limitsURL) {
          void app
            .idle()
            .then(() => app.bus.command('SendMessageService.getLimits', { url: limitsURL }, { commander: 'SendMessage' }))
            .then((limits) => limits && actor.send({ type: 'configure', limits }))
            .catch(() => undefined);
        }
        return plugin.publish('opened', undefined);
      }
      case 'closed':
        sideButton.send({ type: 'window.close' });
        void app.bus.command('WindowManager.undock', { plugin: 'SendMessage' }, { commander: 'SendMessage' });
        return plugin.publish('closed', undefined);
      case 'completed':
        return plugin.publish('completed', { interactionId: emitted.interactionId });
      case 'failed':
        return plugin.publish('failed', emitted.failure);
      default:
        return plugin.publish(emitted.type, undefined);
    }
  });

  plugin.registerCommand('open', (options) => {
    if (!actor.getSnapshot().can({ type: 'open' })) throw new Error(M.alreadyOpened);
    const { form, userData } = options && typeof options === 'object' ? options : {};
    actor.send({ type: 'open', ...(form ? { form } : {}), ...(userData ? { userData } : {}) });
  });
  plugin.registerCommand('close', (options) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('closed')) throw new Error(M.alreadyClosed);
    const confirmed = options && typeof options === 'object' && options.confirmed === true;
    actor.send({ type: 'close', ...(confirmed ? { force: true as const } : {}) });
    // Values in the form: the window asks the visitor; the command is refused.
    if (!actor.getSnapshot().matches('closed')) throw new Error(M.confirmClose);
  });
  plugin.registerCommand('minimize', () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('closed')) throw new Error(M.notOpen);
    if (!snapshot.can({ type: 'minimize' })) throw new Error(M.alreadyMinimized);
    actor.send({ type: 'minimize' });
  });
  plugin.registerCommand('unminimize', () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('closed')) throw new Error(M.notOpen);
    if (!snapshot.can({ type: 'restore' })) throw new Error(M.notMinimized);
    actor.send({ type: 'restore' });
  });
  plugin.registerCommand('configure', (options) => {
    if (isEmpty(options)) throw new Error(M.invalidConfiguration);
    checked('sendmessage', app.section('sendmessage'), options, sendMessageSection);
    app.configure('sendmessage', { ...app.section('sendmessage'), ...options });
  });
  plugin.registerCommand('redirect', (options) => {
    const given = options && typeof options === 'object' && typeof options.url === 'string' && options.url.trim() !== '' ? options.url : undefined;
    const url = given ?? settings.redirectURL;
    if (!url) throw new Error(M.noRedirect);
    const target = redirectTarget(url, app.window.location.href);
    plugin.publish('redirected', { url: target });
    app.window.location.assign(target);
    return { url: target };
  });
  // The side button renders in the element's view: make sure the page has one (docked) to show it.
  const showButton = () => {
    element();
    sideButton.send({ type: 'show' });
  };
  plugin.registerCommand('showButton', () => {
    if (!sideButton.getSnapshot().can({ type: 'show' })) throw new Error(sideButtonMessages.alreadyVisible);
    showButton();
  });
  plugin.registerCommand('hideButton', () => {
    if (!sideButton.getSnapshot().can({ type: 'hide' })) throw new Error(sideButtonMessages.alreadyHidden);
    sideButton.send({ type: 'hide' });
  });
  app.bus.subscribe('App.closeAll', () => {
    const snapshot = actor.getSnapshot();
    // Closes an empty window; one holding values asks the visitor (the spec's confirmation), as the Close command does.
    if (!snapshot.matches('closed')) actor.send({ type: 'close' });
  });

  const controller: SendMessageController = {
    actor,
    sideButton,
    settings: () => settings,
    clickSideButton: () =>
      // Named by configuration: only a widget's open or show command runs (`channelCommand`).
      app.bus.channelCommand(settings.sideButton.clickCommand, settings.sideButton.clickOptions, { commander: 'SendMessage' }),
  };
  app.provide('SendMessage', controller);
  // `sideButton.visible`: shown once the plugin has loaded (boot loads it when the page is idle).
  if (settings.sideButton.visible && app.window.document.body) showButton();
  plugin.ready();
}
