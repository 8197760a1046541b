import { expect } from '@esm-bundle/chai';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { contrast, parseColor, resolveColor } from '../helpers/contrast.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALENDAR_5_DAYS, CALLBACK_V3 } from '../helpers/callback-config.ts';

// What a chosen, a free and a full time slot look like, from Chromium's computed styles, in both themes:
// the chosen slot is filled with the accent colour, free slots are outlined in it, full slots are flat,
// muted and struck through (never more prominent than free ones).
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'calstyle', preload: 'intent', timeFormat: 24 },
  callback: {
    ...CALLBACK_V3,
  },
  // The simulator keeps some times full every day; the browser's clock decides which of today's are past.
  calendar: CALENDAR_5_DAYS,
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-calendar')!;
const root = () => host().shadowRoot!;
const slots = () => [...root().querySelectorAll<HTMLButtonElement>('.la-calendar__slot')];

/** The chosen, one free and one full slot's computed styles, and the theme's colours. */
function look() {
  const chosen = root().querySelector<HTMLButtonElement>('.la-calendar__slot--chosen')!;
  const free = slots().find((s) => !s.disabled && s !== chosen)!;
  const full = slots().find((s) => s.disabled)!;
  expect(Boolean(chosen && free && full), 'a chosen, a free and a full slot').to.equal(true);
  return {
    chosen: getComputedStyle(chosen),
    free: getComputedStyle(free),
    full: getComputedStyle(full),
    accent: resolveColor(root(), 'var(--la-accent)'),
    accentFg: resolveColor(root(), 'var(--la-accent-fg)'),
    window: resolveColor(root(), 'var(--la-bg)'),
  };
}

/** The intended differences, in the theme currently applied. */
function expectDistinctSlots(): void {
  const { chosen, free, full, accent, accentFg, window: windowBg } = look();
  // Chosen: filled with the accent colour (the old chosen rule lost to the base rule declared after it).
  expect(chosen.backgroundColor, 'chosen background').to.equal(accent);
  expect(chosen.color, 'chosen text').to.equal(accentFg);
  expect(free.backgroundColor, 'free background').to.not.equal(accent);
  // Free: outlined in the accent colour, an outline that is visible against the window (3:1).
  expect(free.borderTopColor, 'free border').to.equal(accent);
  expect(free.borderTopStyle).to.equal('solid');
  expect(contrast(free.borderTopColor, windowBg), 'free border against the window').to.be.at.least(3);
  expect(free.textDecorationLine).to.equal('none');
  // Full: an opaque flat tile (not transparent), struck through, in muted text with less contrast than
  // a free slot's, and without the accent outline.
  expect(parseColor(full.backgroundColor).a, 'full background is opaque').to.equal(1);
  expect(full.backgroundColor).to.not.equal(free.backgroundColor);
  expect(full.textDecorationLine).to.equal('line-through');
  expect(full.borderTopColor).to.not.equal(accent);
  expect(contrast(full.color, full.backgroundColor), 'full text is quieter than free text').to.be.lessThan(
    contrast(free.color, free.backgroundColor === 'rgba(0, 0, 0, 0)' ? windowBg : free.backgroundColor),
  );
}

describe('<la-calendar> time slots: chosen, free and full look different', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('shows a chosen slot in the accent colour, free slots outlined and full slots muted (light)', async () => {
    await api.command('Calendar.open');
    await waitFor(() => root().querySelector('[role=dialog]'), 4000, 'the calendar');
    // Today may have no free slot left (a run in the evening), so take the first day with both kinds;
    // the simulator keeps some times full every day.
    const mixed = () => slots().some((s) => s.disabled) && slots().some((s) => !s.disabled);
    for (const day of root().querySelectorAll<HTMLButtonElement>('.la-calendar__day:not([disabled])')) {
      day.click();
      try {
        await waitFor(mixed, 1000, 'free and full slots');
        break;
      } catch {
        // the next day
      }
    }
    expect(mixed(), 'a day with free and full slots').to.equal(true);
    slots()
      .find((s) => !s.disabled)!
      .click();
    await waitFor(() => root().querySelector('.la-calendar__slot--chosen'), 2000, 'the chosen slot');
    expectDistinctSlots();
    await expectAccessible(host());
  });

  it('does the same in the dark theme', async () => {
    host().setAttribute('theme', 'dark');
    await waitFor(() => host().matches(':state(dark)'), 2000, 'the dark theme');
    expectDistinctSlots();
    await expectAccessible(host());
  });
});
