// Where the time of opening a window goes: a CPU profile of `LiveAssist.command('<Window>.open')` until a
// field of the window is usable, on the demo's English page (preload 'intent'), in a new tab of a context
// whose HTTP cache is warm (the bench's 'warm' column) or after the 'idle' preload (--after-idle), at 4×.
// Prints self time by script and by function. Information for the next step, never asserted.
// Usage: node test/bench/profile-open.mjs [Callback|SendMessage|WebChat|Search] [--cpu=4] [--after-idle] [--cold]
import { launchChromium } from '../chromium.mjs';
import { configOverride, USABLE } from './side-by-side.mjs';

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--')) ?? 'Callback';
const tag = { Callback: 'la-callback', SendMessage: 'la-send-message', WebChat: 'la-chat', Search: 'la-search' }[name];
const cpu = Number(args.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 4);
const afterIdle = args.includes('--after-idle');
const cold = args.includes('--cold');
const preload = afterIdle ? 'idle' : 'intent';
// The bench's own page set-up (side-by-side.mjs): the configuration forced as the click table forces it,
// and `__usable(tag)`, a field of the window visible and enabled in a rendered frame.
const override = configOverride({ preload, anyHour: true, noChatButton: true }) + USABLE;

const { startServer } = await import('../../demo/server.mjs');
const demo = await startServer({ port: 0 });
const browser = await launchChromium();
try {
  const context = await browser.newContext();
  const url = `${demo.url.replace(/\/$/, '')}/en`;
  if (!cold) {
    const first = await context.newPage();
    await first.addInitScript({ content: override });
    await first.goto(url, { waitUntil: 'load' });
    await first.evaluate((n) => window.LiveAssist.command(`${n}.open`).catch(() => {}), name);
    await first.waitForTimeout(1500);
    await first.close();
  }
  const page = await context.newPage();
  await page.addInitScript({ content: override });
  const cdp = await context.newCDPSession(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  await page.waitForTimeout(afterIdle ? 4000 : 800);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await cdp.send('Profiler.start');
  const ms = await page.evaluate(
    async ({ name, tag }) => {
      const t0 = performance.now();
      const usable = window.__usable(tag);
      window.LiveAssist.command(`${name}.open`).catch(() => {});
      return (await usable) - t0;
    },
    { name, tag },
  );
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i + 1] ?? 0) / 1000));
  const byUrl = new Map();
  const byFn = new Map();
  for (const [id, t] of self) {
    const f = byId.get(id).callFrame;
    const file = f.url ? f.url.replace(/^.*\//, '') : `(${f.functionName || 'native'})`;
    byUrl.set(file, (byUrl.get(file) ?? 0) + t);
    const key = `${f.functionName || '(anon)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + t);
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(
    `${name} ${cold ? 'cold' : afterIdle ? 'after idle preload' : 'warm (new tab)'} at ${cpu}×: usable in ${ms.toFixed(0)} ms\n\nself time by script:\n${top(byUrl, 15)}\n\nby function:\n${top(byFn, 25)}`,
  );
} finally {
  await browser.close();
  await demo.close();
}
