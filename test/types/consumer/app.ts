/**
 * A TypeScript app that uses the published package: it imports `live-assist` by name, so the
 * compiler reads the built declarations (package.json "exports" → dist/types), not the sources.
 * `npm run test:types` compiles it after `npm run build:types`. Each `@ts-expect-error` line must
 * meet a compile error: if the published types lost a declaration or stopped checking options,
 * the directive itself fails the compile.
 */
import { LiveAssist } from 'live-assist';
import type { Commands, EventOf, LiveAssistApi } from 'live-assist';

export async function useTheBus(api: LiveAssistApi = LiveAssist): Promise<void> {
  // Right calls compile: a plugin's command with and without its optional options …
  await api.command('Callback.open');
  await api.command('Callback.open', { proactive: true, form: { firstname: 'Ada' } });
  await api.command('Sidebar.addButton', { name: 'Callback', clickCommand: 'Callback.open' });
  // … and results are typed.
  const state = await api.command('Sidebar.getState');
  const mode: 'closed' | 'collapsed' | 'expanded' = state.state;
  const registry = await api.command('WindowManager.getRegistry');
  const offset: number | undefined = registry[0]?.position;

  // @ts-expect-error misspelt command name
  await api.command('Calback.open');
  // @ts-expect-error wrong option type (proactive is a boolean)
  await api.command('Callback.open', { proactive: 'yes' });
  // @ts-expect-error unknown option
  await api.command('Callback.open', { proactiv: true });
  // @ts-expect-error required options left out (a channel to add)
  await api.command('Sidebar.addButton');
  // @ts-expect-error required options left out (the queues to ask about)
  await api.command('StatsService.getStats');

  // Subscribing to `Plugin.*` gives the union of that plugin's events, discriminated by name.
  api.subscribe('Callback.*', (event) => {
    const name: `Callback.${string}` = event.name;
    if (event.name === 'Callback.failed') void event.data;
    void name;
  });
  api.subscribe('Calendar.selected', (event) => {
    const when: string = event.data.date;
    void when;
  });
  api.subscribe('Calendar.*', (event) => {
    // @ts-expect-error Calendar.opened carries no data, so the union's data is not always a selection
    const when: string = event.data.date;
    void when;
  });
  // @ts-expect-error misspelt plugin in a pattern
  api.subscribe('Calback.*', () => undefined);
  // @ts-expect-error misspelt event name
  api.subscribe('Callback.opend', () => undefined);

  // The window global carries the same API.
  await window.LiveAssist?.command('Overlay.close');

  void mode;
  void offset;
}

// The vocabulary is exported for apps that wrap the bus.
type OpenOptions = Commands['Callback.open']['options'];
export const options: OpenOptions = { desiredTime: 'now' };
export type CallbackEvent = EventOf<'Callback.*'>;
