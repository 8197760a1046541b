// End-to-end, keyboard alone (issue 10, 'Done when' first item): each widget's flow on the Polish demo
// (`/`, and `/kontakt` for send-message) driven with keys only — no mouse, no element.click(), no
// .focus() — asserting after every key where focus is (which control, inside which element's shadow
// root) and that it is never on <body>, closes included (Escape, Close, Cancel, the confirmation's
// Yes). The same flows run on a 390 × 844 phone (the demo's automatic mobile mode: an Android Chrome
// user agent, touch), where every full-screen window must keep Tab and Shift+Tab inside it (≥ 30 each).
// The docked send-message window (Escape closing it) exists only on `/en`: the Polish deployment
// embeds the form on /kontakt instead, so that part runs on `/en`. Three more flows take the error
// paths (a refused form, a failing server, a slot taken meanwhile: the alert holds focus, Escape gives
// the submit button back). 8 flows × desktop and phone = 16 tests, ~45 s: keyboard-desktop.test.mjs and
// keyboard-phone.test.mjs run one device each (a test file has 60 s in `npm test`).
// Every focused control of a widget must also be seen (issue 10 item 4): some of it in the viewport,
// its middle not covered, a focus indicator (outline or box shadow) that no ancestor's overflow clips.
// Needs the built library: `npx rollup -c` first. Run: node --test test/e2e/keyboard-*.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { devices } from 'playwright';
import { useDemo } from './browser.mjs';
import { waitFor } from '../helpers/wait.mjs';

const demo = useDemo();

/** Monday 3 March 2025, 10:00 in Warsaw: the simulator's clock and the page's, so both agree on 'today'. */
const MONDAY_10 = { warsawTime: '10:00', date: '2025-03-03' };
const MONDAY_10_UTC = new Date('2025-03-03T09:00:00Z');

const DESKTOP = { viewport: { width: 1280, height: 800 } };
// The demo's mobileMode is 'auto': a mobile device (userAgentData.mobile, from the Android user agent)
// whose screen is at most 600 px wide. Pixel 7's descriptor gives the user agent, touch and isMobile.
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } };
const MODES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

/**
 * Where focus is, through shadow roots: the chain of shadow hosts (outermost first) and the focused
 * control's role, name, part and form-field name. `body` when nothing inside the page has focus.
 * Runs in the page.
 */
function focusInPage() {
  let el = document.activeElement;
  const hosts = [];
  while (el?.shadowRoot?.activeElement) {
    hosts.push(el.localName);
    el = el.shadowRoot.activeElement;
  }
  if (!el || el === document.body || el === document.documentElement) return { body: true, hosts, at: el?.localName ?? 'nothing' };
  const text = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  const root = el.getRootNode();
  const labelledBy = el.getAttribute('aria-labelledby');
  const name = text(
    el.getAttribute('aria-label') ||
      (labelledBy &&
        labelledBy
          .split(/\s+/)
          .map((id) => root.getElementById?.(id)?.textContent ?? '')
          .join(' ')) ||
      el.labels?.[0]?.textContent ||
      el.textContent,
  );
  const tag = el.localName;
  const type = el.getAttribute('type');
  const role =
    el.getAttribute('role') ||
    (tag === 'button' || tag === 'summary'
      ? 'button'
      : tag === 'a' && el.hasAttribute('href')
        ? 'link'
        : tag === 'input' && ['radio', 'checkbox', 'file'].includes(type)
          ? type
          : tag === 'input' || tag === 'textarea'
            ? 'textbox'
            : tag);
  return {
    body: false,
    hosts,
    tag,
    role,
    name,
    part: el.getAttribute('part'),
    field: el.getAttribute('name'),
    value: 'value' in el ? el.value : undefined,
    checked: el.checked,
    href: el.getAttribute('href'),
    alert: Boolean(el.closest('[role=alertdialog]')),
    invalid: el.getAttribute('aria-invalid') === 'true',
    hidden: hiddenBy(el),
    ring: hasRing(el),
    clipped: ringClippedBy(el),
    // A message that takes focus from a script (tabindex -1) needs no ring: it is no control.
    message: el.getAttribute('tabindex') === '-1' && !['button', 'a', 'input', 'textarea', 'select'].includes(tag),
  };

  /**
   * The ancestor (across shadow roots) whose overflow clips the focus ring, or null: the control's box
   * grown by its outline (width + offset) must fit inside every clipping ancestor's padding box.
   */
  function ringClippedBy(target) {
    const style = getComputedStyle(target);
    const grow = style.outlineStyle !== 'none' ? Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset)) : 0;
    const box = target.getBoundingClientRect();
    const ring = { left: box.left - grow, top: box.top - grow, right: box.right + grow, bottom: box.bottom + grow };
    for (let node = target.parentNode; node; node = node.parentNode ?? node.host) {
      if (!(node instanceof Element)) continue;
      const own = getComputedStyle(node);
      const clipsX = own.overflowX !== 'visible';
      const clipsY = own.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const r = node.getBoundingClientRect();
      const inner = {
        left: r.left + node.clientLeft,
        top: r.top + node.clientTop,
        right: r.left + node.clientLeft + node.clientWidth,
        bottom: r.top + node.clientTop + node.clientHeight,
      };
      const out = Math.max(
        clipsX ? inner.left - ring.left : 0,
        clipsX ? ring.right - inner.right : 0,
        clipsY ? inner.top - ring.top : 0,
        clipsY ? ring.bottom - inner.bottom : 0,
      );
      if (out > 0.5)
        return `${node.localName}${typeof node.className === 'string' && node.className ? '.' + node.className.split(' ')[0] : ''} (${out.toFixed(1)} px)`;
    }
    return null;
  }

  /** WCAG 2.4.7: the focused control draws an indicator, an outline or a box shadow. */
  function hasRing(target) {
    const style = getComputedStyle(target);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  }

  /**
   * Why a focused control cannot be seen (WCAG 2.4.11: not entirely hidden): no part of it inside the
   * viewport, or the middle of its visible part covered by something else; null when it is seen.
   */
  function hiddenBy(target) {
    const box = target.getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const top = Math.max(box.top, 0);
    const right = Math.min(box.right, innerWidth);
    const bottom = Math.min(box.bottom, innerHeight);
    if (right - left < 1 || bottom - top < 1)
      return `outside the viewport (${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)})`;
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    if (!hit || hit === target || target.contains(hit) || hit.contains(target) || [...(target.labels ?? [])].some((l) => l.contains(hit))) return null;
    return `covered by ${hit.localName}${typeof hit.className === 'string' && hit.className ? '.' + hit.className.split(' ')[0] : ''}`;
  }
}

const show = (f) =>
  f.body
    ? `<body> (activeElement: ${f.at}${f.hosts.length ? ` inside ${f.hosts.join(' > ')}` : ''})`
    : `${f.hosts.length ? f.hosts.join(' > ') + ' › ' : 'page › '}${f.role}${f.part ? `[part=${f.part}]` : ''}${f.field ? `[name=${f.field}]` : ''} "${f.name.slice(0, 60)}"${f.value !== undefined && f.role === 'textbox' ? ` value=${JSON.stringify(f.value)}` : ''}${f.alert ? ' (in an alert dialog)' : ''}${f.invalid ? ' (aria-invalid)' : ''}`;

const q = (v) => (v instanceof RegExp ? String(v) : JSON.stringify(v));
const showExpected = (e) =>
  `${e.in ? e.in + ' › ' : 'page › '}${e.role ?? 'any'}${e.part ? `[part=${e.part}]` : ''}${e.field ? `[name=${e.field}]` : ''}${e.name ? ` ${q(e.name)}` : ''}${e.value !== undefined ? ` value=${q(e.value)}` : ''}${e.checked !== undefined ? ` checked=${e.checked}` : ''}`;

function matches(f, e) {
  if (f.body) return false;
  if (e.in !== undefined && f.hosts.join('>') !== e.in) return false;
  for (const key of ['role', 'part', 'field', 'checked', 'href', 'alert', 'invalid']) if (e[key] !== undefined && f[key] !== e[key]) return false;
  const fits = (wanted, actual) => (wanted instanceof RegExp ? typeof actual === 'string' && wanted.test(actual) : wanted === undefined || actual === wanted);
  return fits(e.name, f.name) && fits(e.value, f.value);
}

/**
 * Why a focused widget control fails WCAG 2.4.7 / 2.4.11 (issue 10 item 4), or null: not seen, no
 * indicator, or its ring cut by an ancestor's overflow. The page's own controls are not ours.
 */
const unseen = (f) =>
  !f.hosts.length
    ? null
    : f.hidden
      ? `cannot be seen, ${f.hidden}`
      : !f.ring && !f.message
        ? 'draws no focus indicator (outline or box shadow)'
        : f.clipped
          ? `has its focus ring clipped by ${f.clipped}`
          : null;

/** Deep focus after the frame in which the key's effects (React's, the modal layer's) have run. */
const settledFocus = (page) => page.evaluate(`new Promise((r) => requestAnimationFrame(() => r((${focusInPage})())))`);

/**
 * The keyboard of one flow: every key is a numbered step whose focus is asserted; a failure says the
 * flow, the step, where focus was expected and where it is, and the last steps before it.
 */
function keyboard(page, flow) {
  let step = 0;
  const trail = [];
  const fail = (what, found) => {
    const failed = failedRequests.get(page) ?? [];
    assert.fail(
      `${flow}, step ${step} (${what}): focus is on ${show(found)}\n  last steps:\n    ${trail.slice(-6).join('\n    ') || '(none)'}` +
        (failed.length ? `\n  failed requests (a 404 for a dist chunk: dist/ was rebuilt meanwhile): ${failed.join(', ')}` : ''),
    );
  };

  /** Waits (≤ 5 s) for focus to settle on `expected`; never on <body>. */
  async function at(expected, what) {
    const deadline = Date.now() + 5000;
    let found;
    for (;;) {
      found = await settledFocus(page);
      // Seen, too: a window that is still moving in gets the same 5 s.
      if (matches(found, expected) && !unseen(found)) break;
      if (Date.now() > deadline) {
        if (matches(found, expected)) fail(`${what}: the focused control ${unseen(found)}`, found);
        fail(`${what}; expected ${showExpected(expected)}`, found);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    trail.push(`${step}. ${what} → ${show(found)}`);
    return found;
  }

  return {
    at,
    /** Presses `key` and asserts focus lands on `expected`. */
    async press(key, expected) {
      step++;
      await page.keyboard.press(key);
      return at(expected, key);
    },
    /** Types `text` into the focused field; focus stays there and the field holds `value`. */
    async type(text, expected) {
      step++;
      await page.keyboard.type(text);
      return at(expected, `type ${JSON.stringify(text)}`);
    },
    /**
     * Tabs (the first Tab from the page's top included) until `expected` has focus, at most `max`
     * times; after each Tab focus is on some control of the page, never on <body>.
     */
    async tabTo(expected, max = 40) {
      for (let i = 0; i < max; i++) {
        step++;
        await page.keyboard.press('Tab');
        const found = await settledFocus(page);
        if (found.body) fail(`Tab #${i + 1} towards ${showExpected(expected)}`, found);
        if (unseen(found)) fail(`Tab #${i + 1}: the focused control ${unseen(found)}`, found);
        trail.push(`${step}. Tab → ${show(found)}`);
        if (matches(found, expected)) return found;
      }
      return fail(`${max} Tabs did not reach ${showExpected(expected)}`, await settledFocus(page));
    },
    /**
     * `times` Tabs then `times` Shift+Tabs inside a full-screen window (or, with `alert`, an alert
     * dialog, which keeps Tab inside on any screen): after each, focus is inside `host`'s shadow root, and no focus event reached anything outside it meanwhile. Ends where it
     * started (the same number of stops each way), so start on a control in the Tab order.
     */
    async staysInside(host, { alert = false, times = 32 } = {}) {
      const start = await settledFocus(page);
      await page.evaluate((outer) => {
        window.__kbEscapes = [];
        window.__kbEscapeListener = (event) => {
          const target = event.target; // retargeted to the outermost shadow host, or a page element
          if (target.localName !== outer)
            window.__kbEscapes.push(`${target.localName}${target.id ? '#' + target.id : ''} "${(target.textContent ?? '').trim().slice(0, 40)}"`);
        };
        document.addEventListener('focusin', window.__kbEscapeListener, true);
      }, host);
      try {
        for (const key of ['Tab', 'Shift+Tab']) {
          for (let i = 0; i < times; i++) {
            step++;
            await page.keyboard.press(key);
            const found = await settledFocus(page);
            const where = alert ? `the alert dialog in ${host}` : `the full-screen ${host}`;
            if (found.body || found.hosts[0] !== host || (alert && !found.alert)) fail(`${key} #${i + 1} in ${where}: focus must stay inside it`, found);
            if (unseen(found)) fail(`${key} #${i + 1} in ${where}: the focused control ${unseen(found)}`, found);
          }
        }
        const escapes = await page.evaluate(() => window.__kbEscapes);
        assert.deepEqual(escapes, [], `${flow}, step ${step}: focus reached the page behind ${host}: ${escapes.join(', ')}`);
      } finally {
        await page.evaluate(() => document.removeEventListener('focusin', window.__kbEscapeListener, true));
      }
      trail.push(`${step}. ${times} × Tab, ${times} × Shift+Tab inside ${host}`);
      return at({ in: start.hosts.join('>'), role: start.role, name: start.name }, `back where the Tab cycle started`);
    },
  };
}

/** Per page, the requests that failed (status ≥ 400), for the failure messages. */
const failedRequests = new WeakMap();

/** A fresh context (the given device, Warsaw, Polish), its clock on Monday 10:00, the page at `path` with the library ready. */
async function open(path, device) {
  const context = await demo.browser.newContext({ ...device, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  // The page's clock starts at the simulator's Monday 10:00 and runs on from there.
  await page.clock.install({ time: MONDAY_10_UTC });
  await page.clock.resume();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const missing = [];
  failedRequests.set(page, missing);
  page.on('response', (r) => r.status() >= 400 && missing.push(`${r.status()} ${new URL(r.url()).pathname}`));
  await page.goto(demo.url + path, { waitUntil: 'load' });
  // The loader defines window.LiveAssist shortly after the load event. (Polled from here:
  // waitForFunction's animation-frame polling can stall under the installed clock.)
  try {
    await waitFor(() => page.evaluate(() => Boolean(window.LiveAssist)), { timeout: 10000, what: `window.LiveAssist on ${path}` });
  } catch (error) {
    // A chunk that 404s means dist/ was rebuilt while the page loaded.
    throw new Error(`${error.message}; failed requests: ${missing.join(', ') || 'none'}; page errors: ${errors.join(' | ') || 'none'}`);
  }
  await page.evaluate(() => window.LiveAssist.ready);
  return { page, context, errors };
}

async function sidebarReady(page) {
  await waitFor(async () => (await page.evaluate(() => window.LiveAssist.command('Sidebar.getState'))).availability !== 'pending', {
    timeout: 10000,
    what: "the sidebar's availability answer",
  });
}

/** Runs `body` with the simulator on Monday 10:00 Warsaw, resetting its clock after. */
async function onMonday(body) {
  await demo.control('/__control/clock', MONDAY_10);
  try {
    await body();
  } finally {
    await demo.control('/__control/clock', { reset: true });
  }
}

const booked = async () => {
  const body = await (await fetch(`${demo.url}/__control/callbacks`, demo.agentAuth())).json();
  return body.callbacks ?? body;
};

const SIDEBAR = 'la-sidebar';
const NEED_HELP = { in: SIDEBAR, part: 'mobile-button', name: 'Potrzebujesz pomocy?' };
const channel = (name) => ({ in: SIDEBAR, part: 'channel', name });

/**
 * From the page's top to a sidebar channel's window: on a desktop, Tab to the channel's button and
 * Enter; on a phone, Tab to 'Potrzebujesz pomocy?', Enter (the overlay's list), Tab to the channel,
 * Enter. Returns where focus goes back when the window closes (the button, or on a phone the sidebar's
 * button: the list's button is gone).
 */
async function openChannel(keys, mode, name, expected) {
  if (mode === 'desktop') {
    await keys.tabTo(channel(name));
    await keys.press('Enter', expected);
    return channel(name);
  }
  await keys.tabTo(NEED_HELP);
  await keys.press('Enter', { in: 'la-overlay', part: 'channel', name: 'Zadzwoń' });
  if (name !== 'Zadzwoń') await keys.tabTo({ in: 'la-overlay', part: 'channel', name }, 4);
  await keys.press('Enter', expected);
  return NEED_HELP;
}

/** On a phone, after the last window closed: the page is usable again (no longer inert), Shift+Tab reaches its own controls. */
async function pageUsableAgain(keys, mode) {
  if (mode === 'phone') await keys.press('Shift+Tab', { in: '' });
}

const CALLBACK = 'la-callback';
// The simulator refuses a callback for a number already in its queue: each flow books its own.
const NUMBERS = {
  desktop: { asap: '600100500', slot: '600100501', retry: '600100502', full: '600100503' },
  phone: { asap: '600100510', slot: '600100511', retry: '600100512', full: '600100513' },
};
const cb = (more) => ({ in: CALLBACK, ...more });

/**
 * The callback's country picker drawn: it starts when the browser is idle after the window's first frame
 * (its chunk imported then), so a fast keyboard can reach the phone field before it; a flow that tabs
 * through it waits for it as a visitor would see it arrive.
 */
async function pickerDrawn(page) {
  await page.locator(CALLBACK).locator('.iti__selected-country').waitFor({ state: 'visible', timeout: 10000 });
}

/** Defines the flows' tests on one device: 'desktop' or 'phone'. */
export function keyboardFlows(only) {
  for (const [mode, device] of MODES.filter(([name]) => name === only)) flows(mode, device);
}

function flows(mode, device) {
  test(`${mode}: callback ASAP from the sidebar's 'Oddzwonimy' — Escape and Cancel ask first, Yes closes; (phone: minimise, maximise); an empty Confirm is refused onto the first field; booked, Close; focus back on the sidebar`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/', device);
      try {
        await sidebarReady(page);
        const keys = keyboard(page, `callback ASAP (${mode})`);
        const opener = await openChannel(keys, mode, 'Oddzwonimy', cb({ field: 'firstname', value: '' }));
        await keys.type('Jan', cb({ field: 'firstname', value: 'Jan' }));
        // Escape asks first (data was typed); Escape again answers No and gives focus back to the field.
        await keys.press('Escape', cb({ role: 'button', name: 'Nie' }));
        assert.equal(await page.locator(CALLBACK).getByRole('alertdialog').getByText('Czy na pewno chcesz zrezygnować z zamówienia rozmowy?').count(), 1);
        await keys.press('Escape', cb({ field: 'firstname', value: 'Jan' }));
        // Cancel asks the same; Yes closes the window: focus back where it was opened from.
        await keys.press('Tab', cb({ field: 'lastname' }));
        await keys.tabTo(cb({ role: 'button', name: 'Anuluj' }), 6);
        await keys.press('Enter', cb({ role: 'button', name: 'Nie' }));
        await keys.press('Tab', cb({ role: 'button', name: 'Tak' }));
        await keys.press('Enter', opener);
        await page.locator(`${CALLBACK} [part=window]`).waitFor({ state: 'detached' });

        // Again, to book: a fresh form.
        if (mode === 'desktop') await keys.press('Enter', cb({ field: 'firstname', value: '' }));
        else {
          await keys.press('Enter', { in: 'la-overlay', part: 'channel', name: 'Zadzwoń' });
          await keys.press('Tab', { in: 'la-overlay', part: 'channel', name: 'Oddzwonimy' });
          await keys.press('Enter', cb({ field: 'firstname', value: '' }));
          // Minimised, the window is a bar and the page is usable; maximised, modal again.
          await keys.press('Shift+Tab', cb({ role: 'button', name: 'Zamknij okno Zamów rozmowę' }));
          await keys.press('Shift+Tab', cb({ role: 'button', name: 'Minimalizuj' }));
          await keys.press('Enter', cb({ role: 'button', name: 'Maksymalizuj' }));
          await keys.press('Shift+Tab', NEED_HELP);
          await keys.press('Tab', cb({ role: 'button', name: 'Maksymalizuj' }));
          await keys.press('Enter', cb({ role: 'button', name: 'Minimalizuj' }));
          await keys.staysInside(CALLBACK);
          await keys.tabTo(cb({ field: 'firstname', value: '' }), 3);
        }
        // Confirm on the empty form: refused, focus on the first invalid field.
        await keys.tabTo(cb({ role: 'button', name: 'Potwierdź' }), 12);
        await keys.press('Enter', cb({ field: 'firstname', value: '', invalid: true }));
        await keys.type('Jan', cb({ field: 'firstname', value: 'Jan' }));
        await keys.press('Tab', cb({ field: 'lastname', value: '' }));
        await pickerDrawn(page);
        await keys.press('Tab', cb({ role: 'button', name: /Numer kierunkowy kraju: Polska \(\+48\)/ }));
        await keys.press('Tab', cb({ field: 'phonenumber', value: '+48' }));
        await keys.type(NUMBERS[mode].asap, cb({ field: 'phonenumber', value: `+48${NUMBERS[mode].asap}` }));
        await keys.press('Tab', cb({ field: 'subject' }));
        await keys.type('Wpłaty', cb({ field: 'subject', value: 'Wpłaty' }));
        await keys.press('Tab', cb({ role: 'radio', field: 'schedule', name: /^Jak najszybciej/, checked: true }));
        await keys.press('Tab', cb({ role: 'link', name: 'Szczegóły (PDF)' }));
        await keys.press('Tab', cb({ role: 'button', name: 'Anuluj' }));
        await keys.press('Tab', cb({ role: 'button', name: 'Potwierdź' }));
        if (mode === 'phone') await keys.staysInside(CALLBACK);
        await keys.press('Enter', cb({ role: 'button', name: 'Zamknij' }));
        await page.locator(CALLBACK).getByText(`Rozmowa zarezerwowana! Zadzwonimy pod podany numer: +48${NUMBERS[mode].asap}`).waitFor();
        assert.ok(
          (await booked()).some((r) => r.phoneNumber === NUMBERS[mode].asap),
          'the simulator booked the callback',
        );
        if (mode === 'phone') await keys.staysInside(CALLBACK);
        await keys.press('Enter', opener);
        await page.locator(`${CALLBACK} [part=window]`).waitFor({ state: 'detached' });
        await pageUsableAgain(keys, mode);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });

  test(`${mode}: callback with the calendar — arrows through days and slots, Enter chooses, Escape and OK return to the date field, booked, Close`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/', device);
      try {
        await sidebarReady(page);
        const keys = keyboard(page, `callback with the calendar (${mode})`);
        const opener = await openChannel(keys, mode, 'Oddzwonimy', cb({ field: 'firstname', value: '' }));
        await keys.type('Anna', cb({ field: 'firstname', value: 'Anna' }));
        await keys.press('Tab', cb({ field: 'lastname' }));
        await pickerDrawn(page);
        await keys.press('Tab', cb({ role: 'button', name: /Numer kierunkowy kraju/ }));
        await keys.press('Tab', cb({ field: 'phonenumber' }));
        await keys.type(NUMBERS[mode].slot, cb({ field: 'phonenumber', value: `+48${NUMBERS[mode].slot}` }));
        await keys.press('Tab', cb({ field: 'subject' }));
        await keys.type('Dopłaty', cb({ field: 'subject', value: 'Dopłaty' }));
        await keys.press('Tab', cb({ role: 'radio', name: /^Jak najszybciej/, checked: true }));
        await keys.press('ArrowDown', cb({ role: 'radio', name: 'Wybierz datę i godzinę', checked: true }));
        await keys.press('Tab', cb({ field: 'desiredtime', value: '' }));

        // Enter opens the calendar on today; Escape closes it, back on the field.
        const CAL = 'la-calendar';
        const day = (name) => ({ in: CAL, role: 'button', name });
        await keys.press('Enter', day(/^Dzisiaj\s*3 marca/));
        await page.locator(CAL).getByRole('dialog', { name: 'Umów rozmowę' }).waitFor();
        await keys.press('Escape', cb({ field: 'desiredtime', value: '' }));
        await page.locator(CAL).getByRole('dialog').waitFor({ state: 'detached' });
        // Arrow Down opens it too; through the days and back; Enter chooses tomorrow.
        await keys.press('ArrowDown', day(/^Dzisiaj/));
        await keys.press(mode === 'phone' ? 'ArrowDown' : 'ArrowRight', day(/^Jutro\s*4 marca/));
        await keys.press('End', day(/7 marca$/));
        await keys.press('Home', day(/^Dzisiaj/));
        await keys.press('ArrowRight', day(/^Jutro/));
        await keys.press('Enter', day(/^Jutro/));
        // The slots load after the choice (the day row is aria-busy meanwhile): a visitor waits for them.
        await page.locator('la-calendar .la-calendar__slots[aria-label*="4 marca"]').waitFor();
        // Tab to the slots (one stop): Monday 4 March's first slot, then the arrows.
        const slot = (name) => ({ in: CAL, role: 'button', name });
        await keys.press('Tab', slot('09:00'));
        await keys.press('ArrowRight', slot('09:15'));
        // A row is 4 slots on a desktop and 1 in mobile mode.
        await keys.press('ArrowDown', slot(mode === 'phone' ? '09:30' : '10:15'));
        await keys.press('ArrowLeft', slot(mode === 'phone' ? '09:15' : '10:00'));
        const chosen = mode === 'phone' ? '09:15' : '10:00';
        await keys.press('Enter', slot(chosen));
        if (mode === 'phone') await keys.staysInside(CAL);
        await keys.press('Tab', { in: CAL, role: 'button', name: 'Anuluj' });
        await keys.press('Tab', { in: CAL, role: 'button', name: 'W porządku' });
        // Back in the form on the date field, which shows the chosen day and time.
        await keys.press('Enter', cb({ field: 'desiredtime', value: new RegExp(`4.*${chosen}`) }));
        await page.locator(CAL).getByRole('dialog').waitFor({ state: 'detached' });

        await keys.press('Tab', cb({ role: 'link', name: 'Szczegóły (PDF)' }));
        await keys.press('Tab', cb({ role: 'button', name: 'Anuluj' }));
        await keys.press('Tab', cb({ role: 'button', name: 'Potwierdź' }));
        await keys.press('Enter', cb({ role: 'button', name: 'Zamknij' }));
        await page.locator(CALLBACK).getByText('Rozmowa zarezerwowana!', { exact: false }).waitFor();
        const record = (await booked()).find((r) => r.phoneNumber === NUMBERS[mode].slot);
        assert.ok(record, 'the simulator booked the callback');
        const [hour, minute] = chosen.split(':').map(Number);
        assert.equal(new Date(record.desiredTime).toISOString(), new Date(Date.UTC(2025, 2, 4, hour - 1, minute)).toISOString());
        await keys.press('Enter', opener);
        await page.locator(`${CALLBACK} [part=window]`).waitFor({ state: 'detached' });
        await pageUsableAgain(keys, mode);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });

  test(`${mode}: callback when the server fails — the alert takes focus and keeps Tab, Escape gives Confirm back, 'Spróbuj ponownie' books`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/', device);
      try {
        await sidebarReady(page);
        const keys = keyboard(page, `callback, server failure (${mode})`);
        const opener = await openChannel(keys, mode, 'Oddzwonimy', cb({ field: 'firstname', value: '' }));
        await keys.type('Ewa', cb({ field: 'firstname', value: 'Ewa' }));
        await keys.tabTo(cb({ field: 'phonenumber' }), 3);
        await keys.type(NUMBERS[mode].retry, cb({ field: 'phonenumber', value: `+48${NUMBERS[mode].retry}` }));
        await keys.press('Tab', cb({ field: 'subject' }));
        await keys.type('Wypłata', cb({ field: 'subject', value: 'Wypłata' }));
        await keys.tabTo(cb({ role: 'button', name: 'Potwierdź' }), 4);
        await demo.control('/__control/faults', { endpoint: 'callback.create', failureRate: 1, status: 503 });
        try {
          // The failure alert (Anuluj / Spróbuj ponownie) takes focus and keeps Tab inside.
          await keys.press('Enter', cb({ role: 'button', name: 'Anuluj', alert: true }));
          await keys.staysInside(CALLBACK, { alert: true, times: 6 });
          // Escape dismisses it: focus back on Confirm.
          await keys.press('Escape', cb({ role: 'button', name: 'Potwierdź', alert: false }));
          await keys.press('Enter', cb({ role: 'button', name: 'Anuluj', alert: true }));
          await keys.press('Tab', cb({ role: 'button', name: 'Spróbuj ponownie', alert: true }));
        } finally {
          await demo.control('/__control/faults', undefined, 'DELETE');
        }
        assert.equal(
          (await booked()).some((r) => r.phoneNumber === NUMBERS[mode].retry),
          false,
          'nothing booked by the failed tries',
        );
        // 'Spróbuj ponownie' with the server back: booked, focus on Close.
        await keys.press('Enter', cb({ role: 'button', name: 'Zamknij', alert: false }));
        assert.equal((await booked()).filter((r) => r.phoneNumber === NUMBERS[mode].retry).length, 1, 'the retry booked once');
        await keys.press('Enter', opener);
        await pageUsableAgain(keys, mode);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });

  test(`${mode}: callback with the calendar when the chosen slot fills up — the 7041 alert with the proposed times holds focus, Escape gives Confirm back; another slot from the keyboard books`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/', device);
      const full = '2025-03-04T08:00:00.000Z'; // Tuesday 09:00 in Warsaw
      try {
        await sidebarReady(page);
        const keys = keyboard(page, `callback, slot full (${mode})`);
        const CAL = 'la-calendar';
        const inCal = (name) => ({ in: CAL, role: 'button', name });
        const opener = await openChannel(keys, mode, 'Oddzwonimy', cb({ field: 'firstname', value: '' }));
        await keys.type('Olga', cb({ field: 'firstname', value: 'Olga' }));
        await keys.tabTo(cb({ field: 'phonenumber' }), 3);
        await keys.type(NUMBERS[mode].full, cb({ field: 'phonenumber', value: `+48${NUMBERS[mode].full}` }));
        await keys.press('Tab', cb({ field: 'subject' }));
        await keys.type('Termin', cb({ field: 'subject', value: 'Termin' }));
        await keys.press('Tab', cb({ role: 'radio', checked: true }));
        await keys.press('ArrowDown', cb({ role: 'radio', name: 'Wybierz datę i godzinę', checked: true }));
        await keys.press('Tab', cb({ field: 'desiredtime', value: '' }));
        await keys.press('Enter', inCal(/^Dzisiaj/));
        await keys.press('ArrowRight', inCal(/^Jutro/));
        await keys.press('Enter', inCal(/^Jutro/));
        await page.locator('la-calendar .la-calendar__slots[aria-label*="4 marca"]').waitFor();
        await keys.press('Tab', inCal('09:00'));
        await keys.press('Enter', inCal('09:00'));
        await keys.tabTo(inCal('W porządku'), 3);
        await keys.press('Enter', cb({ field: 'desiredtime', value: /4.*09:00/ }));
        // Someone else takes the slot meanwhile.
        await demo.control('/__control/slots', { capacities: { [full]: 0 } });
        await keys.tabTo(cb({ role: 'button', name: 'Potwierdź' }), 4);
        // Refused (7041): the alert names the taken time and the free ones, in local time, and holds focus.
        await keys.press('Enter', cb({ role: 'button', name: 'W porządku', alert: true }));
        assert.match(
          await page.locator(CALLBACK).getByRole('alertdialog').innerText(),
          /Termin 4 marca 2025, 09:00 jest już zajęty\. Wolne terminy: 4 marca 2025, 09:15, 4 marca 2025, 09:30/,
        );
        await keys.staysInside(CALLBACK, { alert: true, times: 4 });
        await keys.press('Escape', cb({ role: 'button', name: 'Potwierdź', alert: false }));
        // Another slot: back to the field; the calendar opens on the chosen day, Tab lands on the first free slot.
        await keys.press('Shift+Tab', cb({ role: 'button', name: 'Anuluj' }));
        await keys.press('Shift+Tab', cb({ role: 'link', name: 'Szczegóły (PDF)' }));
        await keys.press('Shift+Tab', cb({ field: 'desiredtime', value: /4.*09:00/ }));
        await keys.press('Enter', inCal(/^Jutro/));
        await page.locator('la-calendar .la-calendar__slots[aria-label*="4 marca"]').waitFor();
        await keys.press('Tab', inCal('09:15'));
        await keys.press('Enter', inCal('09:15'));
        await keys.tabTo(inCal('W porządku'), 3);
        await keys.press('Enter', cb({ field: 'desiredtime', value: /4.*09:15/ }));
        await keys.tabTo(cb({ role: 'button', name: 'Potwierdź' }), 4);
        await keys.press('Enter', cb({ role: 'button', name: 'Zamknij' }));
        const record = (await booked()).find((r) => r.phoneNumber === NUMBERS[mode].full);
        assert.ok(record, 'the simulator booked the callback');
        assert.equal(new Date(record.desiredTime).toISOString(), '2025-03-04T08:15:00.000Z', 'booked for Tuesday 09:15 Warsaw');
        await keys.press('Enter', opener);
        await pageUsableAgain(keys, mode);
        assert.deepEqual(errors, []);
      } finally {
        await demo.control('/__control/slots', { capacities: { [full]: null } });
        await context.close();
      }
    });
  });

  test(`${mode}: send-message on /kontakt refused and failing — focus on the first invalid field, the alert's Escape gives Send back; the retry sends`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/kontakt', device);
      try {
        const SM = 'la-send-message';
        const sm = (more) => ({ in: SM, ...more });
        const keys = keyboard(page, `send-message, refused and failing (${mode})`);
        await keys.tabTo(sm({ field: 'firstName', value: '' }), 20);
        await keys.tabTo(sm({ role: 'button', name: 'Wyślij' }), 8);
        // Nothing typed: refused, focus on the first invalid field, tied to its error.
        await keys.press('Enter', sm({ field: 'firstName', value: '', invalid: true }));
        await keys.type('Ewa', sm({ field: 'firstName', value: 'Ewa' }));
        await keys.press('Tab', sm({ field: 'lastName' }));
        await keys.type('Lis', sm({ field: 'lastName', value: 'Lis' }));
        await keys.press('Tab', sm({ field: 'email' }));
        await keys.type('ewa@example.com', sm({ field: 'email', value: 'ewa@example.com' }));
        await keys.press('Tab', sm({ field: 'subject' }));
        await keys.type('Zwrot', sm({ field: 'subject', value: 'Zwrot' }));
        await keys.press('Tab', sm({ field: 'text' }));
        await keys.type('Jak wypłacić środki?', sm({ field: 'text', value: 'Jak wypłacić środki?' }));
        await keys.tabTo(sm({ role: 'button', name: 'Wyślij' }), 4);
        const before = demo.server.simulator.state.messages.length;
        await demo.control('/__control/faults', { endpoint: 'sendmessage', failureRate: 1, status: 503 });
        try {
          // The failure alert (OK) takes focus and keeps Tab inside; Escape dismisses it, back on Send.
          await keys.press('Enter', sm({ role: 'button', name: 'OK', alert: true }));
          await keys.staysInside(SM, { alert: true, times: 6 });
          await keys.press('Escape', sm({ role: 'button', name: 'Wyślij', alert: false }));
        } finally {
          await demo.control('/__control/faults', undefined, 'DELETE');
        }
        assert.equal(demo.server.simulator.state.messages.length, before, 'nothing stored by the failed try');
        await keys.press('Enter', sm({ role: 'status', name: /^Twoja wiadomość została wysłana/ }));
        assert.equal(demo.server.simulator.state.messages.length, before + 1, 'the retry stored one message');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });

  test(`${mode}: send-message embedded on /kontakt — typed, sent, the success view, 'Napisz kolejną wiadomość' back into the form, Escape keeps focus`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/kontakt', device);
      try {
        const SM = 'la-send-message';
        const sm = (more) => ({ in: SM, ...more });
        const keys = keyboard(page, `send-message on /kontakt (${mode})`);
        await keys.tabTo(sm({ field: 'firstName', value: '' }), 20);
        await keys.type('Jan', sm({ field: 'firstName', value: 'Jan' }));
        await keys.press('Tab', sm({ field: 'lastName' }));
        await keys.type('Kowalski', sm({ field: 'lastName', value: 'Kowalski' }));
        await keys.press('Tab', sm({ field: 'email' }));
        await keys.type('jan@example.com', sm({ field: 'email', value: 'jan@example.com' }));
        await keys.press('Tab', sm({ field: 'subject' }));
        await keys.type('Wpłaty', sm({ field: 'subject', value: 'Wpłaty' }));
        await keys.press('Tab', sm({ field: 'text' }));
        await keys.type('Ile wynosi dopłata roczna?', sm({ field: 'text', value: 'Ile wynosi dopłata roczna?' }));
        await keys.press('Tab', sm({ role: 'file', name: 'Dołącz pliki' }));
        await keys.press('Tab', sm({ role: 'link', name: 'Szczegóły (PDF)' }));
        await keys.press('Tab', sm({ role: 'button', name: 'Wyślij' }));
        const before = demo.server.simulator.state.messages.length;
        // Sent: focus moves to the success message.
        await keys.press('Enter', sm({ role: 'status', name: /^Twoja wiadomość została wysłana/ }));
        assert.equal(demo.server.simulator.state.messages.length, before + 1);
        assert.equal(demo.server.simulator.state.messages.at(-1).lastName, 'Kowalski');
        await keys.press('Tab', sm({ role: 'button', name: 'Napisz kolejną wiadomość' }));
        await keys.press('Enter', sm({ field: 'firstName', value: '' }));
        // An embedded form has nothing to close: Escape leaves focus where it is.
        await keys.press('Escape', sm({ field: 'firstName', value: '' }));
        await keys.press('Tab', sm({ field: 'lastName', value: '' }));
        await keys.press('Shift+Tab', sm({ field: 'firstName' }));
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });

  test(`${mode}: the docked send-message window on /en — Escape asks, Yes closes; Escape on an empty form closes; sent, Close; focus back on the sidebar`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/en', device);
      try {
        await sidebarReady(page);
        const SM = 'la-send-message';
        const sm = (more) => ({ in: SM, ...more });
        const keys = keyboard(page, `send-message window on /en (${mode})`);
        const firstField = sm({ field: 'firstName', value: '' });
        const opener = mode === 'desktop' ? { in: SIDEBAR, part: 'channel', name: 'Send Message' } : { in: SIDEBAR, part: 'mobile-button', name: 'Need help?' };
        /** From the sidebar's button (focused) into the window's first field. */
        const reopen = async () => {
          if (mode === 'phone') {
            await keys.press('Enter', { in: 'la-overlay', part: 'channel', name: 'Call Us' });
            await keys.tabTo({ in: 'la-overlay', part: 'channel', name: 'Send Message' }, 4);
          }
          await keys.press('Enter', firstField);
        };
        // /en's article links every demo switch (transports, preload modes …) before the sidebar.
        await keys.tabTo(opener, 90);
        await reopen();
        await keys.type('Anna', sm({ field: 'firstName', value: 'Anna' }));
        await keys.press('Escape', sm({ role: 'button', name: 'No' }));
        await keys.press('Tab', sm({ role: 'button', name: 'Yes' }));
        await keys.press('Enter', opener);
        await page.locator(`${SM} [part=window]`).waitFor({ state: 'detached' });

        // Nothing typed: Escape closes without asking.
        await reopen();
        await keys.press('Escape', opener);
        await page.locator(`${SM} [part=window]`).waitFor({ state: 'detached' });

        // Typed and sent: focus on the success message, then Close.
        await reopen();
        await keys.type('Anna', sm({ field: 'firstName', value: 'Anna' }));
        await keys.press('Tab', sm({ field: 'lastName' }));
        await keys.type('Nowak', sm({ field: 'lastName', value: 'Nowak' }));
        await keys.press('Tab', sm({ field: 'email' }));
        await keys.type('anna@example.com', sm({ field: 'email', value: 'anna@example.com' }));
        await keys.press('Tab', sm({ field: 'subject' }));
        await keys.type('Contributions', sm({ field: 'subject', value: 'Contributions' }));
        await keys.press('Tab', sm({ field: 'text' }));
        await keys.type('How much is the annual bonus?', sm({ field: 'text', value: 'How much is the annual bonus?' }));
        if (mode === 'phone') await keys.staysInside(SM);
        await keys.press('Tab', sm({ role: 'file', name: 'Attach files' }));
        await keys.press('Tab', sm({ role: 'button', name: 'Send' }));
        await keys.press('Enter', sm({ role: 'status', name: /^Your message has been sent/ }));
        assert.equal(demo.server.simulator.state.messages.at(-1).lastName, 'Nowak');
        // A docked window's success view offers Close (an embedded form offers 'Write another message').
        await keys.press('Tab', sm({ role: 'button', name: 'Close' }));
        if (mode === 'phone') await keys.staysInside(SM);
        await keys.press('Enter', opener);
        await page.locator(`${SM} [part=window]`).waitFor({ state: 'detached' });
        await pageUsableAgain(keys, mode);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });

  test(`${mode}: call-us from the sidebar — the number, Escape, Cancel and Close each put focus back on the sidebar`, async () => {
    await onMonday(async () => {
      const { page, context, errors } = await open('/', device);
      try {
        await sidebarReady(page);
        const keys = keyboard(page, `call-us (${mode})`);
        const PANEL = 'la-overlay>la-call-us';
        const number = { in: PANEL, role: 'link', part: 'number', name: '+48 22 100 20 30', href: 'tel:+48221002030' };
        const reopen = async () => {
          if (mode === 'desktop') return keys.press('Enter', number);
          await keys.press('Enter', { in: 'la-overlay', part: 'channel', name: 'Zadzwoń' });
          return keys.press('Enter', number);
        };
        const opener = await openChannel(keys, mode, 'Zadzwoń', number);
        const dialog = page.locator('la-overlay').getByRole('dialog', { name: 'Zadzwoń do nas' });
        assert.equal(await dialog.locator('la-call-us .la-callus__main .la-callus__label').textContent(), 'Infolinia PPK');
        await keys.press('Tab', { in: PANEL, role: 'button', name: 'Anuluj' });
        await keys.press('Tab', { in: 'la-overlay', role: 'button', name: 'Zamknij okno Zadzwoń do nas' });
        await keys.press('Tab', number);
        if (mode === 'phone') await keys.staysInside('la-overlay');
        await keys.press('Escape', opener);
        await dialog.waitFor({ state: 'detached' });
        // Cancel closes it too.
        await reopen();
        await keys.press('Tab', { in: PANEL, role: 'button', name: 'Anuluj' });
        await keys.press('Enter', opener);
        await dialog.waitFor({ state: 'detached' });
        // And the title bar's Close.
        await reopen();
        await keys.press('Shift+Tab', { in: 'la-overlay', role: 'button', name: 'Zamknij okno Zadzwoń do nas' });
        await keys.press('Enter', opener);
        await dialog.waitFor({ state: 'detached' });
        if (mode === 'phone') {
          // The channel list itself: Escape closes it, back on 'Potrzebujesz pomocy?'.
          await keys.press('Enter', { in: 'la-overlay', part: 'channel', name: 'Zadzwoń' });
          await keys.staysInside('la-overlay');
          await keys.press('Escape', NEED_HELP);
        }
        await pageUsableAgain(keys, mode);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });
}
