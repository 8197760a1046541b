// What runs before any interaction on the demo's Polish page (the default 'idle' preload), at 4× CPU:
// each long task (> 50 ms) with the functions that took its time (a CPU profile, self time), from load
// until 6 s later. Information for the next step of issue 17 (TBT +0), never asserted.
// Usage: node test/bench/profile-idle.mjs [--cpu=4] [--path=/] [--preload=idle|intent]
import { launchChromium } from '../chromium.mjs';

const args = process.argv.slice(2);
const cpu = Number(args.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 4);
const path = args.find((a) => a.startsWith('--path='))?.slice(7) ?? '/';
const preload = args.find((a) => a.startsWith('--preload='))?.slice(10);
const { startServer } = await import('../../demo/server.mjs');
const demo = await startServer({ port: 0 });
const browser = await launchChromium();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (preload) {
    await page.addInitScript({ content: `(() => { let c; Object.defineProperty(window, 'liveAssistConfig', { configurable: true, get: () => c, set: (v) => { c = v; c.main = { ...c.main, preload: ${JSON.stringify(preload)} }; } }); })();` });
  }
  await page.addInitScript(() => {
    const long = [];
    Object.defineProperty(window, '__long', { value: long });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await cdp.send('Profiler.start');
  await page.goto(`${demo.url.replace(/\/$/, '')}${path}`, { waitUntil: 'load' });
  await page.waitForTimeout(6000);
  const before = await page.evaluate(() => performance.now());
  const { profile } = await cdp.send('Profiler.stop');
  const after = await page.evaluate(() => performance.now());
  const long = await page.evaluate(() => window.__long);
  // The profile's clock (µs) against the page's performance.now(): its end is between the two readings.
  const origin = profile.endTime / 1000 - (before + after) / 2;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id) => {
    const f = byId.get(id).callFrame;
    return `${f.functionName || '(anon)'} ${f.url ? f.url.replace(/^.*\//, '') : ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  };
  // Sample times, relative to the page's time origin (µs → ms).
  let t = profile.startTime;
  const samples = profile.samples.map((id, i) => ((t += profile.timeDeltas[i]), [t / 1000 - origin, id]));
  // The samples of each long task spent in live-assist's own files (/dist/), by the outermost such frame.
  const ours = (start, duration) => {
    let ms = 0;
    for (let i = 0; i < samples.length - 1; i++) {
      const [at, id] = samples[i];
      if (at < start || at > start + duration) continue;
      for (let n = id; n !== undefined; n = parent.get(n)) if (/\/dist\//.test(byId.get(n).callFrame.url)) { ms += samples[i + 1][0] - at; break; }
    }
    return Math.round(ms);
  };
  console.log(`long tasks at ${cpu}× (start ms + duration ms [of which in live-assist's files]): ${long.map(([s, d]) => `${s}+${d} [${ours(s, d)}]`).join(', ') || 'none'}; total blocking ${long.reduce((a, [, d]) => a + Math.max(0, d - 50), 0)} ms\n`);
  for (const [start, duration] of long) {
    const self = new Map();
    for (let i = 0; i < samples.length - 1; i++) {
      const [at, id] = samples[i];
      if (at < start || at > start + duration) continue;
      const f = byId.get(id).callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url ? f.url.replace(/^.*\//, '') : ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (samples[i + 1][0] - at));
    }
    console.log(`task at ${start} ms, ${duration} ms, self time:`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${v.toFixed(1).padStart(6)} ms  ${k}`);
    // Inclusive time of each function on the stack (each counted once per sample).
    const total = new Map();
    for (let i = 0; i < samples.length - 1; i++) {
      const [at, id] = samples[i];
      if (at < start || at > start + duration) continue;
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const k = name(n);
        if (seen.has(k)) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + (samples[i + 1][0] - at));
      }
    }
    console.log('  inclusive:');
    for (const [k, v] of [...total].filter(([k]) => /\.js:/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(1).padStart(6)} ms  ${k}`);
  }
} finally {
  await browser.close();
  await demo.close();
}
