import type { LaElement } from '../common/host.ts';
import type { SendMessageController } from '../../src/plugins/send-message/send-message.ts';
import { mail } from '../common/icons.ts';
import { sideButton } from '../common/side-button.ts';

export { sheets } from '../common/side-button.ts';

/**
 * The 'Send Message' side button (`sendmessage.sideButton`), drawn without React (the launchers chunk)
 * from the plugin's button actor once the plugin has loaded; a click runs `sideButton.clickCommand`.
 */
export function draw(host: LaElement, root: HTMLElement, end: ChildNode): void {
  const controller = host.controller as SendMessageController | undefined;
  const ready = controller && host.app.isReady;
  sideButton(
    host,
    root,
    end,
    ready
      ? {
          actor: controller.sideButton,
          label: host.app.t.t('sendmessage.sideButton'),
          icon: mail,
          activate: () => controller.clickSideButton(),
        }
      : null,
  );
}
