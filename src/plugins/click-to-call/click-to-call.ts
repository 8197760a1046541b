import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { readSection } from '../../app/section.ts';
import { clickToCallMachine, clickToCallMessages as M, type ClickToCallNumber } from '../../../machines/click-to-call.machine.ts';
import { checkClickToCallConfig, requestNumber } from '../../services/click-to-call.ts';
import { clickToCallSection, clickToCallServiceConfig, clickToCallSettings, readClickToCallSection } from './click-to-call-config.ts';

export type ClickToCallActor = ActorRefFrom<typeof clickToCallMachine>;

export const CLICK_TO_CALL_WIDTH_PX = 360;

/** The deployment's cookies (host-only, prefixed by the deployment id): the number while it lasts, and the open window. */
export const NUMBER_COOKIE = 'clicktocall_number';
export const OPEN_COOKIE = 'clicktocall_open';
const HOST_ONLY = { hostOnly: true } as const;
/** An expired number's cookie outlives it by this long, so a page opened soon after still says it expired. */
const EXPIRED_GRACE_S = 3600;

const TEL = /^tel:\+?[\d*#,;pw().-]{1,120}$/i;

/** The kept number, when the cookie holds a well-formed one (a tel: link only), else null. */
export function readStoredNumber(raw: string | undefined): ClickToCallNumber | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ClickToCallNumber> | null;
    if (!value || typeof value !== 'object') return null;
    const { number, code, telHref, expires } = value;
    if (typeof number !== 'string' || typeof code !== 'string' || typeof telHref !== 'string' || typeof expires !== 'number') return null;
    if (!TEL.test(telHref) || !Number.isFinite(expires) || number.length > 200 || code.length > 200) return null;
    return { number, code, telHref, expires };
  } catch {
    return null;
  }
}

const isEmpty = (value: unknown): boolean => !value || typeof value !== 'object' || Object.keys(value).length === 0;

/**
 * The ClickToCall plugin: owns the window's actor, answers ClickToCall.open / close / configure (rejections
 * with the spec's messages), publishes the lifecycle report with every event, docks the window, asks for
 * the number (src/services/click-to-call.ts) and the queue's wait (StatsService.getGroupEWT), and keeps
 * the number and the open window in the deployment's cookies, so another page opens into the display step.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('ClickToCall');
  const section = () => readClickToCallSection(app.section('clicktocall'));
  const actor: ClickToCallActor = createActor(
    clickToCallMachine.provide({
      actors: {
        requestNumber: fromPromise(({ input }) => requestNumber(clickToCallServiceConfig(section()), input)),
        // Asked once the browser is idle after the open (1 s at the latest), so its answer stays out of the open's frames.
        fetchWait: fromPromise(async ({ signal }) => {
          await app.idle(1000, signal);
          const queue = section().wait.queue;
          return (await app.bus.command('StatsService.getGroupEWT', { queue }, { commander: 'ClickToCall' })).ewt;
        }),
      },
    }),
    { input: { settings: clickToCallSettings(section()) } },
  ).start();

  actor.on('*', (event) => {
    if (event.type === 'numberReceived') {
      const left = Math.max(0, Math.ceil((event.number.expires - Date.now()) / 1000));
      app.cookies.set(NUMBER_COOKIE, JSON.stringify(event.number), { ...HOST_ONLY, maxAgeSeconds: left + EXPIRED_GRACE_S });
      return;
    }
    if (event.type === 'opened') {
      app.ensureElement('la-click-to-call');
      app.cookies.set(OPEN_COOKIE, '1', HOST_ONLY);
      void app.bus.command('WindowManager.dock', { plugin: 'ClickToCall', width: CLICK_TO_CALL_WIDTH_PX }, { commander: 'ClickToCall' });
    }
    if (event.type === 'expired') app.cookies.remove(NUMBER_COOKIE, HOST_ONLY);
    if (event.type === 'closed') {
      app.cookies.remove(OPEN_COOKIE, HOST_ONLY);
      void app.bus.command('WindowManager.undock', { plugin: 'ClickToCall' }, { commander: 'ClickToCall' });
    }
    plugin.publish(event.type, event.report);
  });

  plugin.registerCommand('open', (options, { commander }) => {
    if (checkClickToCallConfig(clickToCallServiceConfig(section()))) throw new Error(M.apiNotAvailable);
    const stored = readStoredNumber(app.cookies.get(NUMBER_COOKIE, HOST_ONLY));
    // Reopened by the app on a new page (src/after-boot.ts): the page keeps its focus.
    const event = { type: 'open' as const, ...(options && typeof options === 'object' ? options : {}), stored, quiet: commander === 'App' };
    if (!actor.getSnapshot().can(event)) throw new Error(M.alreadyOpened);
    actor.send({ type: 'configure', settings: clickToCallSettings(section()) });
    actor.send(event);
  });
  plugin.registerCommand('close', () => {
    if (actor.getSnapshot().matches('closed')) throw new Error(M.alreadyClosed);
    actor.send({ type: 'close', force: true });
  });
  plugin.registerCommand('configure', (options) => {
    if (isEmpty(options)) throw new Error(M.invalidConfiguration);
    const next = { ...app.section('clicktocall'), ...options };
    // Refused whole when an option is bad: the message names it (the section is left as it was).
    const [issue] = readSection('clicktocall', next, clickToCallSection, () => undefined).issues;
    if (issue) throw new Error(`${M.invalidConfiguration}: ${issue.path} ${issue.message}`);
    app.configure('clicktocall', next);
  });
  app.bus.subscribe('App.closeAll', () => {
    if (!actor.getSnapshot().matches('closed')) actor.send({ type: 'close', force: true });
  });

  app.provide('ClickToCall', actor);
  plugin.ready();
}
