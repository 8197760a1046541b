import { LaElement } from '../common/host.ts';
import type { SidebarActor } from '../../src/plugins/sidebar.ts';
import type { SidebarChannel } from '../../machines/sidebar.machine.ts';

/**
 * The helpline launcher on the page edge: one button per configured channel (call us, callback,
 * web chat, send message …), each running its channel's bus command. 48 px wide, it expands (at least
 * 132 px) 250 ms after the pointer or keyboard focus enters and contracts 500 ms after they leave; in
 * mobile mode it is one 'Need help?' button opening the channel list in an overlay.
 *
 * @tag la-sidebar
 * @summary Always-visible launcher with one button per contact channel.
 * @attr {string} channels - JSON array of channels `{ name, clickCommand, clickOptions, displayName, displayTitle, icon, enable }`; defaults to `liveAssistConfig.sidebar.channels`.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-channel-click - A channel button was activated; `detail.name` is the channel.
 * @fires la-ready - The Sidebar plugin is loaded.
 * @fires la-opened - The sidebar was opened (shown collapsed).
 * @fires la-expanded - The sidebar expanded.
 * @fires la-contracted - The sidebar contracted.
 * @fires la-closed - The sidebar was closed (hidden).
 * @csspart root - The element's root wrapper.
 * @csspart sidebar - The launcher's navigation landmark.
 * @csspart channel - Each channel button.
 * @csspart footer - The 'Powered by' footer.
 * @csspart mobile-button - The single 'Need help?' button in mobile mode.
 * @cssprop --la-accent - Accent colour.
 * @cssprop --la-bg - Background.
 * @cssprop --la-fg - Text colour.
 */
export class LaSidebarElement extends LaElement {
  static override spec = {
    tag: 'la-sidebar',
    plugin: 'Sidebar',
    attributes: { channels: 'json' as const, theme: 'string' as const },
    // The strip, its icons and its sheet: a chunk fetched at connection, beside the language pack.
    launcher: () => import('./launcher.ts'),
  };

  /** The Sidebar plugin's actor, once its chunk has loaded. */
  actor?: SidebarActor;
  /**
   * The plugin chunk's full check of the `channels` attribute (src/plugins/sidebar.ts
   * `attributeChannels`), once loaded: every sidebar of the page uses it from then on, from its first render.
   */
  static checkChannels?: (raw: unknown) => SidebarChannel[];
  #engaged = { pointer: false, focus: false };
  #off?: () => void;

  override connectedCallback(): void {
    super.connectedCallback();
    const { app } = this;
    // The plugin's chunk (loaded by now) checks the `channels` attribute again with the whole schema.
    void app.whenProvided('Sidebar').then(async () => {
      LaSidebarElement.checkChannels ??= (await import('../../src/plugins/sidebar.ts')).attributeChannels;
      if (this.isConnected) this.render();
    });
    void app.whenProvided('Sidebar').then((actor) => {
      if (!this.isConnected || this.actor) return;
      this.actor = actor;
      const rendering = actor.subscribe(() => this.render());
      // Mobile mode's channel list lives in a lazy chunk: the loader carries none of it.
      const listing = actor.on('channels.show', () =>
        import('./channel-list.ts')
          .then((list) => list.showChannelList(this))
          .catch((error: unknown) => console.error('[live-assist]', error)),
      );
      this.#off = () => (rendering.unsubscribe(), listing.unsubscribe());
      if (this.#engaged.pointer || this.#engaged.focus) actor.send({ type: 'pointer.enter' });
      this.render();
    });
    // The plugin loads on intent; with idle preload and an availability rule, boot loads it when idle
    // (src/boot.ts scheduleIdleWork), without React.
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#off?.();
    this.actor = undefined;
  }

  /** A focused channel the availability rule has just hidden hands focus to the first one shown. */
  override render(): void {
    const focused = this.shadowRoot?.activeElement;
    super.render();
    if (focused?.closest('[hidden]')) this.shadowRoot!.querySelector<HTMLElement>('li:not([hidden]) > button')?.focus();
  }

  /** Loads the Sidebar plugin (a bus command does); failures leave the configured launcher as it is. */
  load(): void {
    void this.app.bus.command('Sidebar.getState', undefined, { commander: 'Sidebar' }).catch(() => undefined);
  }

  /** Pointer or focus entered or left the strip: the actor expands or contracts after its delays. */
  engage(kind: 'pointer' | 'focus', on: boolean): void {
    const was = this.#engaged.pointer || this.#engaged.focus;
    this.#engaged[kind] = on;
    const is = this.#engaged.pointer || this.#engaged.focus;
    if (!this.actor) return void (is && this.load());
    if (is !== was) this.actor.send({ type: is ? 'pointer.enter' : 'pointer.leave' });
  }
}
