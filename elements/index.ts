import { defineElement } from './common/host.ts';
import { LaConsoleElement } from './console/la-console.ts';
import { LaSidebarElement } from './sidebar/la-sidebar.ts';

/** Every public element, defined by the loader (their views load later). */
export const elements = [LaSidebarElement, LaConsoleElement];

export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const element of elements) defineElement(element, registry);
}
