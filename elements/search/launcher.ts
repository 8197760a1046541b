import type { LaElement } from '../common/host.ts';
import type { SearchController } from '../../src/plugins/search/search.ts';
import { sideButton } from '../common/side-button.ts';

export { sheets } from '../common/side-button.ts';

/**
 * The Search side button (`search.sideButton`), drawn without React (the launchers chunk) from the
 * plugin's button actor once the plugin has loaded; a click runs `sideButton.clickCommand`.
 */
export function draw(host: LaElement, root: HTMLElement, end: ChildNode): void {
  const controller = host.controller as SearchController | undefined;
  const ready = controller && host.app.isReady;
  sideButton(
    host,
    root,
    end,
    ready
      ? {
          actor: controller.sideButton,
          label: host.app.t.t('search.sideButton'),
          activate: () => controller.clickSideButton(),
        }
      : null,
  );
}
