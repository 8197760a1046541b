import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { cobrowseMachine, cobrowseMessages, startRefusal } from '../../../machines/cobrowse.machine.ts';
import { isProvider, type CobrowseProvider } from '../../services/cobrowse/provider.ts';
import { rrwebProvider } from '../../services/cobrowse/rrweb-provider.ts';

export type CobrowseActor = ActorRefFrom<typeof cobrowseMachine>;

/** The relay's path on the contact centre's host when `cobrowse.url` is not set (the demo simulator's). */
export const DEFAULT_RELAY_URL = '/api/cobrowse';

export const cobrowseConfigMessages = {
  invalid: 'Invalid configuration: cobrowse.provider must be an object with available, start and stop functions, and cobrowse.url a string',
} as const;

/** The `cobrowse` section: the relay's URL for the built-in provider, or a site's own provider. */
function providerOf(app: App): CobrowseProvider {
  const { url, provider } = app.section('cobrowse');
  if (provider !== undefined) {
    if (!isProvider(provider)) throw new Error(cobrowseConfigMessages.invalid);
    return provider;
  }
  if (url !== undefined && (typeof url !== 'string' || url.trim() === '')) throw new Error(cobrowseConfigMessages.invalid);
  return rrwebProvider({ url: (url as string | undefined) ?? DEFAULT_RELAY_URL, window: app.window });
}

/**
 * The Cobrowse plugin (plugins-and-infrastructure.md §2, §4, §7): whether co-browse is online, and one
 * session at a time. `Cobrowse.start` shows the warning dialog (`<la-cobrowse>`) unless the call-us panel
 * showed it already, then has the provider share the page; the bar stays on the page while it runs, and
 * its Stop (or `Cobrowse.stop`) ends it at once. A start sends the start marker `{start}<token>` through a
 * running chat, which hides it from the visitor's transcript (web-chat.md §7).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Cobrowse');
  const commander = { commander: 'Cobrowse' };
  let provider: CobrowseProvider | null = null;
  let configError: Error | null = null;
  try {
    provider = providerOf(app);
  } catch (error) {
    configError = error as Error;
    console.error(`[live-assist] ${configError.message}`);
  }

  const actor: CobrowseActor = createActor(
    cobrowseMachine.provide({
      actors: {
        startSession: fromPromise(() => provider!.start({ ended: (reason) => actor.send({ type: 'session.ended', reason }) })),
        stopSession: fromPromise(() => provider!.stop()),
      },
    }),
  ).start();

  /** Asks the provider whether co-browse is online; the answer is published when it changed. */
  const refresh = async (): Promise<void> => {
    if (!provider) return;
    const online = await provider.available().catch(() => false);
    actor.send({ type: 'status', online });
  };

  const running = (name: string) => app.bus.describe().some((p) => p.name === name && p.ready);
  let online = false;
  let started: string | null = null;
  actor.subscribe((snapshot) => {
    if (snapshot.context.online !== online) {
      online = snapshot.context.online;
      plugin.publish(online ? 'online' : 'offline', undefined);
    }
    if (snapshot.hasTag('dialog') || snapshot.hasTag('bar')) app.ensureElement('la-cobrowse');
    const token = snapshot.matches({ session: 'started' }) ? snapshot.context.token : null;
    if (token && !started) {
      started = token;
      plugin.publish('started', { token });
      // The agent of a running chat learns the token from the start marker, sent as a custom notice: a
      // visitor's message would wait in the outbox for a server copy the transcript's filter hides.
      if (running('WebChatService')) void app.bus.command('WebChatService.sendCustomNotice', { message: `{start}${token}` }, commander).catch(() => undefined);
    } else if (!token && started && !snapshot.matches({ session: 'stopping' })) {
      started = null;
      plugin.publish('stopped', { reason: snapshot.context.reason ?? 'visitor' });
    }
  });

  /** Resolves when the session runs, rejects when the start ends otherwise (cancelled, failed). */
  const outcome = () =>
    new Promise<void>((resolve, reject) => {
      const sub = actor.subscribe((snapshot) => {
        if (snapshot.matches({ session: 'started' })) {
          sub.unsubscribe();
          resolve();
        } else if (snapshot.matches({ session: 'stopped' })) {
          sub.unsubscribe();
          const { reason, error } = snapshot.context;
          reject(new Error(reason === 'visitor' ? cobrowseMessages.cancelled : (error ?? cobrowseMessages.notStarted)));
        }
      });
    });

  plugin.registerCommand('start', async (options, meta) => {
    if (configError) throw configError;
    // The call-us panel showed this warning itself; from anywhere else the visitor is asked here.
    const agreed = meta.commander === 'CallUs' && (options as { agreed?: unknown } | undefined)?.agreed === true;
    // Not known online (the first command loaded this plugin, or the service was down): ask first.
    if (!actor.getSnapshot().context.online && actor.getSnapshot().matches({ pending: 'clear' })) await refresh();
    const refused = startRefusal(actor.getSnapshot());
    if (refused) throw new Error(refused);
    const done = outcome();
    actor.send({ type: 'start', agreed });
    await done;
  });
  plugin.registerCommand('stop', async () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches({ session: 'stopped' })) throw new Error(cobrowseMessages.notStarted);
    if (snapshot.matches({ session: 'consent' })) return void actor.send({ type: 'consent.cancel' });
    actor.send({ type: 'stop' });
  });
  plugin.registerCommand('getState', async () => {
    if (actor.getSnapshot().matches({ session: 'stopped' })) await refresh();
    const { context } = actor.getSnapshot();
    return { online: context.online, started: actor.getSnapshot().hasTag('bar'), token: context.token };
  });

  app.provide('Cobrowse', actor);
  plugin.ready();
  void refresh();
}
