import { createActor } from 'xstate';
import type { App } from '../../app/app.ts';
import { randomId } from '../../app/ids.ts';
import { sectionReader, v, type SectionOf } from '../../app/section.ts';
import { CHANNEL_COMMAND } from '../../app/section.ts';
import { createEngagementService, inviteSchema, trackerUrl, type EngagementService, type VisitIds } from '../../services/web-engagement.ts';
import {
  BUSY_PLUGINS,
  configureRefusal,
  dispositionOf,
  engagementMessages,
  isEndpoint,
  isTracked,
  mediaBusy,
  pushRefusal,
  webEngagementMachine,
  type Disposition,
  type DispositionResult,
  type EngagementInvite,
} from '../../../machines/web-engagement.machine.ts';
import { webEngagementSection } from './web-engagement-config.ts';

type Settings = SectionOf<typeof webEngagementSection>;
type Tracker = Window & { _gt?: { push(...items: unknown[]): unknown } };

const ACCEPT = 'webengagement-accept';
const DECLINE = 'webengagement-decline';
/** The visit's id: a session cookie of this host, so every page of the visit sends the same one. */
const VISIT_COOKIE = 'gwe_visit';
const RESULTS: readonly DispositionResult[] = ['accept', 'cancel', 'timeout', 'pageExit', 'videoViewed', 'error'];
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The invite's chat options as `WebChat.open` takes them: the form filled in, started at once when registration is off. */
function chatOpenOptions(invite: EngagementInvite) {
  const { registration, userData = {} } = invite.chatOptions ?? {};
  const { firstName, lastName, email, ...rest } = userData;
  const form = Object.fromEntries(
    Object.entries({ firstname: firstName, lastname: lastName, email }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { form: { ...form, ...(registration === false ? { autoSubmit: true } : {}) }, userData: rest };
}

/**
 * The WebEngagement plugin (plugins-and-infrastructure.md §2–§9): server-driven chat invites in the
 * shared toaster, their dispositions, the visit's ids and the tracking script with the tracked bus events.
 * Configured by the `webengagement` section; see docs/web-engagement.md.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('WebEngagement');
  const win = app.window as Tracker;
  const read = sectionReader('webengagement', webEngagementSection);
  let settings: Settings = read(app.section('webengagement'));
  let service: EngagementService | null = null;
  let trackerFor: string | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;

  let visitID = app.cookies.get(VISIT_COOKIE, { hostOnly: true });
  if (!visitID) {
    visitID = randomId();
    app.cookies.set(VISIT_COOKIE, visitID, { hostOnly: true });
  }
  const pageID = randomId();
  const ids = (): VisitIds => ({ visitID: visitID!, pageID, alias: settings.alias ?? '' });

  const actor = createActor(webEngagementMachine, { input: { smartInvites: settings.smartInvites } }).start();
  /** The invite whose toast is shown (the toaster's buttons and close report to it). */
  let toastShown = false;

  actor.on('disposition', ({ disposition }) => void dispose(disposition));
  actor.on('shown', ({ invite, seconds }) => {
    const { actionID, engagementID, media } = dispositionOf(invite, 'accept');
    plugin.publish('inviteShown', { actionID, engagementID, media, seconds });
  });
  actor.on('ended', ({ invite, result }) => {
    if (toastShown) {
      toastShown = false;
      void plugin.command('Toaster.close').catch(() => undefined);
    }
    const { actionID, engagementID, media } = dispositionOf(invite, result);
    plugin.publish('inviteEnded', { actionID, engagementID, media, result });
    if (result === 'accept')
      void plugin
        .command('WebChat.open', chatOpenOptions(invite))
        .catch((error) => console.error('[live-assist] WebEngagement: the chat did not open:', error));
    const rule = result === 'accept' || result === 'cancel' || result === 'timeout' ? invite.dispositions?.[result] : undefined;
    // A rule's command comes from the server's data: only a widget's open command may run (the channel-command rule).
    if (rule?.command && CHANNEL_COMMAND.test(rule.command))
      void app.bus.commandByName(rule.command, rule.data, { commander: 'WebEngagement' }).catch(() => undefined);
  });

  /** Sends a disposition: by a beacon as the page goes away, otherwise a request; published either way. */
  async function dispose(disposition: Disposition): Promise<void> {
    plugin.publish('disposition', disposition);
    if (!service) return;
    if (disposition.result === 'pageExit') {
      service.beaconDisposition(disposition, ids());
      return;
    }
    await service
      .sendDisposition(disposition, ids())
      .catch((error) => console.error('[live-assist] WebEngagement: the disposition was not sent:', messageOf(error)));
  }

  /** Shows an invite: an offer through Offers, otherwise the toast; refused while one shows or a busy window is open. */
  async function show(invite: EngagementInvite): Promise<void> {
    if (invite.offer) {
      await app.bus.commandByName('Offers.open', invite.offer, { commander: 'WebEngagement' });
      return;
    }
    const snapshot = actor.getSnapshot();
    if (snapshot.hasTag('inviting')) throw new Error(engagementMessages.alreadyOpen);
    const busy = mediaBusy(snapshot.context);
    actor.send({ type: 'invite', invite });
    if (busy) throw new Error(engagementMessages.mediaBusy);
    const t = app.t;
    const container = invite.container ?? invite.content;
    try {
      await plugin.command('Toaster.open', {
        title: invite.subject ?? t.t('webengagement.title'),
        ...(container !== undefined ? { content: container } : { body: invite.message ?? t.t('webengagement.body') }),
        buttons: [
          { id: ACCEPT, text: invite.acceptBtnCaption ?? t.t('webengagement.accept'), primary: true },
          { id: DECLINE, text: invite.cancelBtnCaption ?? t.t('webengagement.decline') },
        ],
        immutable: true,
      });
      toastShown = true;
    } catch (error) {
      // Another plugin holds the toaster: the invite cannot show, and the server hears why.
      actor.send({ type: 'cancel' });
      throw error;
    }
  }

  /** The first invite the server has for this visit (or for `engagementID`), shown. */
  async function fetchAndShow(engagementID?: string): Promise<boolean> {
    if (!service) throw new Error(engagementMessages.notAvailable);
    const [invite] = await service.invites(ids(), engagementID);
    if (!invite) return false;
    await show(invite);
    return true;
  }

  // The toast's controls: its buttons end the invite (the toaster closes itself); its close icon or
  // Escape is a close by the Toaster, refused because the invite reserved it: that is a cancel.
  app.bus.subscribe('Toaster.buttonClicked', (event) => {
    if (event.data.owner !== 'WebEngagement' || !toastShown) return;
    toastShown = false;
    if (event.data.id === ACCEPT) actor.send({ type: 'accept' });
    else if (event.data.id === DECLINE) actor.send({ type: 'cancel' });
  });
  app.bus.subscribe('Toaster.closeAttempt', (event) => {
    if (event.data.owner === 'WebEngagement' && toastShown) actor.send({ type: 'cancel' });
  });
  app.bus.subscribe('Toaster.closed', (event) => {
    // Closed by the App (closeAll) while the invite showed.
    if (event.data.owner === 'WebEngagement' && toastShown) {
      toastShown = false;
      actor.send({ type: 'cancel' });
    }
  });
  for (const name of BUSY_PLUGINS) {
    app.bus.events(`${name}.opened`).subscribe(() => actor.send({ type: 'media.opened', name }));
    app.bus.events(`${name}.closed`).subscribe(() => actor.send({ type: 'media.closed', name }));
  }
  // The page goes away while the invite shows: pageExit, by a beacon (a request would be cancelled).
  win.addEventListener('pagehide', () => {
    if (actor.getSnapshot().hasTag('inviting')) actor.send({ type: 'pageExit' });
  });
  // The tracked events go to the tracking script's queue, once it is configured.
  app.bus.events('*').subscribe((event) => {
    if (service && win._gt && isTracked(event.name, settings.trackedEvents)) win._gt.push(['event', event.name, { data: event.data }]);
  });

  /** Loads the tracking script once per endpoint, through the library's Trusted Types policy. */
  async function loadTracker(endpoint: string): Promise<void> {
    if (!settings.tracker || trackerFor === endpoint) return;
    trackerFor = endpoint;
    const queue = (win._gt ??= [] as unknown[] as Tracker['_gt']);
    queue!.push(['config', { endpoint, ...ids() }]);
    const { trustedScriptURL } = await import('../../app/trusted-types.ts');
    const script = win.document.createElement('script');
    script.async = true;
    script.src = trustedScriptURL(trackerUrl(endpoint));
    script.addEventListener('error', () => console.error(`[live-assist] WebEngagement: the tracking script did not load from ${trackerUrl(endpoint)}`));
    win.document.head.append(script);
  }

  /** Uses a section: a new endpoint, the smart-invite rule, the poll. */
  function apply(next: Settings): void {
    settings = next;
    actor.send({ type: 'configure', smartInvites: next.smartInvites });
    clearInterval(poll);
    poll = undefined;
    service = isEndpoint(next.endpoint)
      ? createEngagementService({ endpoint: next.endpoint, timeoutMs: next.timeout, sendBeacon: (url, data) => win.navigator.sendBeacon(url, data) })
      : null;
    if (!service || !next.endpoint) return;
    void loadTracker(next.endpoint).catch((error) => console.error('[live-assist] WebEngagement: the tracking script was not loaded:', messageOf(error)));
    if (next.pollInterval > 0) {
      poll = setInterval(() => {
        if (win.document.visibilityState !== 'visible' || actor.getSnapshot().hasTag('inviting')) return;
        fetchAndShow().catch(() => undefined);
      }, next.pollInterval * 1000);
    }
    plugin.publish('configured', { endpoint: next.endpoint });
  }

  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section === 'webengagement') apply(read(app.section('webengagement')));
  });

  plugin.registerCommand('configure', (options, { commander }) => {
    const refusal = configureRefusal(commander, options);
    if (refusal) throw new Error(refusal);
    app.configure('webengagement', { ...app.section('webengagement'), ...options });
  });
  plugin.registerCommand('getIDs', () => {
    if (!service) throw new Error(engagementMessages.notAvailable);
    return ids();
  });
  plugin.registerCommand('push', (data) => {
    const refusal = pushRefusal(data);
    if (refusal) throw new Error(refusal);
    if (!service || !win._gt) throw new Error(engagementMessages.notAvailable);
    win._gt.push(data);
  });
  plugin.registerCommand('sendDisposition', async (options) => {
    if (!service) throw new Error(engagementMessages.notAvailable);
    const o = (options ?? {}) as Partial<Disposition>;
    if (!RESULTS.includes(o.result as DispositionResult))
      throw new Error(`${engagementMessages.invalidConfiguration}: result must be one of ${RESULTS.join(', ')}`);
    const disposition = { ...dispositionOf(o, o.result!, o.code) };
    plugin.publish('disposition', disposition);
    await service.sendDisposition(disposition, ids());
  });
  plugin.registerCommand('invite', async (options) => {
    if (!service) throw new Error(engagementMessages.notAvailable);
    const given = (options ?? {}) as EngagementInvite;
    const parsed = v.safeParse(inviteSchema, given);
    if (!parsed.success) {
      const [issue] = parsed.issues;
      throw new Error(`${engagementMessages.invalidConfiguration}: ${v.getDotPath(issue) ?? 'invite'} ${issue.message}`);
    }
    const invite = parsed.output as EngagementInvite;
    const content = ['subject', 'message', 'container', 'content', 'offer'].some((key) => invite[key as keyof EngagementInvite] !== undefined);
    if (content) return show(invite);
    if (!(await fetchAndShow(invite.engagementID))) throw new Error('No invite is waiting for this visit');
  });

  apply(settings);
  if (settings.endpoint !== undefined && !service)
    console.error(`[live-assist] WebEngagement: ${engagementMessages.invalidConfiguration} (endpoint must be an http or https URL)`);
  app.provide('WebEngagement', { actor, ids });
  plugin.ready();
}

/** The Engage plugin: the engagement's `invite` command, answered by WebEngagement. */
export function registerEngage(app: App): void {
  const plugin = app.bus.registerPlugin('Engage');
  plugin.registerCommand('invite', (options) => plugin.command('WebEngagement.invite', options ?? undefined));
  plugin.ready();
}

/** What the plugin provides: its actor (the invite's state) and the visit's ids. */
export interface WebEngagementController {
  actor: ReturnType<typeof createActor<typeof webEngagementMachine>>;
  ids(): VisitIds;
}
