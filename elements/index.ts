import { defineElement, type LaElement } from './common/host.ts';
import type { ElementTag } from '../src/widgets.ts';
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
import { LaOfferElement } from './offers/la-offer.ts';
import { LaClickToCallElement } from './click-to-call/la-click-to-call.ts';
import { LaCobrowseElement } from './cobrowse/la-cobrowse.ts';

/**
 * Every public element by its tag, defined by the loader (their views load later). The registry's tags
 * (src/widgets.ts) are the keys: the type checker fails while a registered element has no class here.
 */
const byTag: Record<ElementTag, typeof LaElement> = {
  'la-sidebar': LaSidebarElement,
  'la-console': LaConsoleElement,
  'la-callback': LaCallbackElement,
  'la-calendar': LaCalendarElement,
  'la-send-message': LaSendMessageElement,
  'la-overlay': LaOverlayElement,
  'la-channel-selector': LaChannelSelectorElement,
  'la-call-us': LaCallUsElement,
  'la-toaster': LaToasterElement,
  'la-chat': LaChatElement,
  'la-search': LaSearchElement,
  'la-offer': LaOfferElement,
  'la-click-to-call': LaClickToCallElement,
  'la-cobrowse': LaCobrowseElement,
};

export const elements: readonly (typeof LaElement)[] = Object.values(byTag);

export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const element of elements) defineElement(element, registry);
}
