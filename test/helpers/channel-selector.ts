import { bootWithSimulator } from './page.ts';

/**
 * A page with the channel selector against the simulator, for the tile-status tests (one page per
 * language: the language is fixed when the library boots). Call/chat/callback tiles; the chat's wait is
 * at the warning level (120 s, under the 300 s minimum threshold), the callback's between the thresholds.
 */
export async function channelSelectorPage(lang: 'en' | 'pl') {
  window.liveAssistConfig = {
    main: { lang, theme: 'dark', deploymentID: `selector${lang}`, preload: 'intent' },
    channelselector: {
      ewtRefreshInterval: 1,
      channels: [
        { name: 'CallUs', clickCommand: 'CallUs.open' },
        { name: 'WebChat', clickCommand: 'WebChat.open', ewt: { display: true, queue: 'PPK_Chat' } },
        { name: 'Callback', clickCommand: 'Callback.open', ewt: { display: true, queue: 'PPK_Callback' } },
      ],
    },
    callus: { contacts: [{ number: '+48 22 100 20 30', displayName: 'Helpline' }] },
    stats: { apiVersion: 'v1', dataURL: '/api/stats/v1', apikey: 'demo-key' },
  };
  const { api, sim } = await bootWithSimulator();
  await fetch('/__control/wait', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ waits: { PPK_Chat: 120, PPK_Callback: 400 } }),
  });
  const selector = () => document.querySelector('la-overlay')?.shadowRoot?.querySelector('la-channel-selector')?.shadowRoot ?? null;
  /** Each tile's status text, by the tile's channel name. */
  const statuses = (): Record<string, string> =>
    Object.fromEntries(
      [...(selector()?.querySelectorAll('.la-tile') ?? [])].map((t) => [
        t.querySelector('.la-tile__name')!.textContent ?? '',
        t.querySelector('.la-tile__status')!.textContent ?? '',
      ]),
    );
  return { api, sim, selector, statuses };
}
