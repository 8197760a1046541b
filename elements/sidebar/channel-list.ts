import type { LaElement } from '../common/host.ts';

/**
 * Mobile mode: the sidebar's channels in the shared overlay titled 'Need help?'. A lazy chunk of the
 * element layer, loaded when the Sidebar actor emits `channels.show` (the 'Need help?' button or the
 * `Sidebar.showChannels` command); a channel closes the overlay before it runs. The buttons are the
 * launcher chunk's own, so they are the strip's in every respect: that chunk loads this one and hands
 * them in as `drawButtons` (this chunk imports nothing of it).
 */
export async function showChannelList(host: LaElement, drawButtons: (container: HTMLElement, close: () => Promise<unknown>) => void): Promise<void> {
  const { app } = host;
  const list = host.ownerDocument.createElement('nav');
  list.className = 'la-channel-list';
  list.setAttribute('aria-label', app.t.t('sidebar.label'));
  const close = () => app.bus.command('Overlay.close', undefined, { commander: 'Sidebar' });
  drawButtons(list, close);
  await app.bus.command('Overlay.open', { title: app.t.t('sidebar.mobileTitle'), content: list }, { commander: 'Sidebar' });
}
