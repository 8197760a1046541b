import { defineElement } from './common/host.ts';
import { LaConsoleElement } from './console/la-console.ts';
import { LaCallbackElement } from './callback/la-callback.ts';
import { LaCalendarElement } from './calendar/la-calendar.ts';
import { LaSendMessageElement } from './send-message/la-send-message.ts';
import { LaSidebarElement } from './sidebar/la-sidebar.ts';
import { LaOverlayElement } from './overlay/la-overlay.ts';
import { LaChannelSelectorElement } from './channel-selector/la-channel-selector.ts';
import { LaCallUsElement } from './call-us/la-call-us.ts';
import { LaToasterElement } from './toaster/la-toaster.ts';
import { LaChatElement } from './chat/la-chat.ts';
import { LaSearchElement } from './search/la-search.ts';

/** Every public element, defined by the loader (their views load later). */
export const elements = [LaSidebarElement, LaConsoleElement, LaCallbackElement, LaCalendarElement, LaSendMessageElement, LaOverlayElement, LaChannelSelectorElement, LaCallUsElement, LaToasterElement, LaChatElement, LaSearchElement];

export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const element of elements) defineElement(element, registry);
}
