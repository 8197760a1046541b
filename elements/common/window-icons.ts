/**
 * The React views' outline icons (lucide, ISC licence: node_modules/lucide-static), inlined at build
 * time as one SVG path `d` each on lucide's 24 x 24 grid: the window controls. Lazy chunks only
 * (chrome.tsx); the channels' icons, which the side buttons share, are in icons.ts (the launchers chunk).
 * test/elements/icons.test.ts checks every path against the package's icon-nodes.json.
 */

/** lucide `x`: close a window. */
export const x = 'M18 6 6 18M6 6l12 12';

/** lucide `chevron-down`: minimise a window. */
export const chevronDown = 'M6 9l6 6 6-6';

/** lucide `chevron-up`: restore a minimised window. */
export const chevronUp = 'M18 15l-6-6-6 6';
