import type { LaElement } from '../common/host.ts';
import type { WebChatController } from '../../src/plugins/webchat/webchat.ts';
import { messageCircle } from '../common/icons.ts';
import { sideButton } from '../common/side-button.ts';

export { sheets } from '../common/side-button.ts';

/**
 * The chat's side button, drawn without React (the launchers chunk) from the WebChat plugin's button
 * actor once the plugin has loaded: the page shows it while neither the chat's view nor the runtime is
 * fetched; the view mounts when the window opens (la-chat.ts `mountWhen`).
 */
export function draw(host: LaElement, root: HTMLElement, end: ChildNode): void {
  const controller = host.controller as WebChatController | undefined;
  const ready = controller && host.app.isReady;
  sideButton(
    host,
    root,
    end,
    ready
      ? {
          actor: controller.chatButton,
          label: host.app.t.t('chat.button'),
          icon: messageCircle,
          activate: () => controller.clickChatButton(),
        }
      : null,
  );
}
