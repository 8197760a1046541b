/**
 * The React views' outline icons (lucide, ISC licence: node_modules/lucide-static), inlined at build
 * time as one SVG path `d` each on lucide's 24 x 24 grid: the window controls and the side buttons.
 * Lazy chunks only (chrome.tsx, side-button.tsx); the channels' icons are in icons.ts (the loader's).
 * test/elements/icons.test.ts checks every path against the package's icon-nodes.json.
 */

/** lucide `x`: close a window. */
export const x = 'M18 6 6 18M6 6l12 12';

/** lucide `chevron-down`: minimise a window. */
export const chevronDown = 'M6 9l6 6 6-6';

/** lucide `chevron-up`: restore a minimised window. */
export const chevronUp = 'M18 15l-6-6-6 6';

/** lucide `mail`: the send-message side button. */
export const mail = 'M22 7l-8.991 5.727a2 2 0 0 1-2.009 0L2 7M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2z';

/** lucide `message-circle`: the chat's side button. */
export const messageCircle = 'M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719';
