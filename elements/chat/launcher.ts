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
  const content = ready ? templateContent(host, controller.chatButtonTemplate()) : undefined;
  sideButton(
    host,
    root,
    end,
    ready
      ? {
          actor: controller.chatButton,
          label: host.app.t.t('chat.button'),
          icon: messageCircle,
          ...(content ? { content } : {}),
          activate: () => controller.clickChatButton(),
        }
      : null,
  );
}

/** Each host's chat button template and its sanitised nodes (null while the sanitiser loads). */
const templates = new WeakMap<LaElement, { html: string; nodes: Node[] | null }>();

/**
 * `webchat.chatButton.template` as nodes, through the library's sanitiser (elements/common/sanitize.ts,
 * Trusted Types aware), fetched only where a template is configured; the button draws its own content
 * until then (the openDelay has not run out by the time it lands). A template with nothing to see after
 * the sanitiser (Widgets' default `<div class='cx-icon' data-icon='chat'>`, whose icon is its CSS) keeps
 * the button's own icon and label.
 */
function templateContent(host: LaElement, html: string | undefined): Node[] | undefined {
  if (!html) return undefined;
  const known = templates.get(host);
  if (known?.html === html) return known.nodes ?? undefined;
  templates.set(host, { html, nodes: null });
  void import('../common/sanitize.ts').then(({ sanitizeHtml }) => {
    if (templates.get(host)?.html !== html) return;
    const nodes = sanitizeHtml(html);
    const visible = nodes.some(
      (node) => (node.textContent ?? '').trim() || (node instanceof Element && (node.localName === 'img' || node.querySelector('img'))),
    );
    templates.set(host, { html, nodes: visible ? nodes : null });
    if (visible && host.isConnected) host.render();
  });
  return undefined;
}
