/**
 * A page without a sidebar whose chat, send message and search show their side buttons, and what the
 * focus tests of those buttons read from it (test/elements/window-focus-side-button*.test.ts).
 */
import { deepActiveElement } from '../../elements/common/modal.ts';

/** The configuration of such a page (`mobile`: main.mobileMode true, the windows full-screen). */
export const sideButtonsConfig = (deploymentID: string, mobile = false) => ({
  main: { lang: 'en', theme: 'light', deploymentID, preload: 'intent', pluginLoadDelay: 1, ...(mobile ? { mobileMode: true } : {}) },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    autoInvite: { enabled: false },
    chatButton: { enabled: true },
    form: { fields: [{ name: 'firstname', required: true, maxlength: 100 }] },
  },
  sendmessage: { dataURL: '/api/sendmessage', sideButton: { visible: true } },
  knowledgecenter: { host: '/api/kc', apikey: 'k', lang: 'en', knowledgebases: ['ppk'] },
  search: { sideButton: { visible: true } },
});

export type SideButtonTag = 'la-chat' | 'la-send-message' | 'la-search';
export const rootOf = (tag: SideButtonTag) => document.querySelector(tag)?.shadowRoot ?? null;
export const windowOf = (tag: SideButtonTag) => rootOf(tag)?.querySelector<HTMLElement>('[part=window]') ?? null;
export const sideButton = (tag: SideButtonTag) => rootOf(tag)?.querySelector<HTMLButtonElement>('[part=side-button]') ?? null;
export const shown = (tag: SideButtonTag) => sideButton(tag)?.classList.contains('la-side-button--visible') === true;
export const deepActive = () => deepActiveElement();
/** A failing check names the focused element (chai's dump of a DOM node is large enough to stop the test page). */
export const describeFocus = (el: Element | null) =>
  !el || el === document.body
    ? '<body>'
    : `${el.localName}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.getAttribute('aria-label') ? ` "${el.getAttribute('aria-label')}"` : ` "${el.textContent?.trim().slice(0, 30)}"`}`;
