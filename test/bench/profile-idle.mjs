// What runs before any interaction on the demo's Polish page (the default 'idle' preload), at 4× CPU:
// each long task (> 50 ms, or --min) with the functions that took its time (a CPU profile, self time), from
// navigation until 6 s after load. Tasks are the renderer main thread's top-level tasks of a trace (the
// ones Lighthouse's TBT counts). Lighthouse's mobile preset simulates 4× CPU: a task it charges 50 ms is
// about 12.5 ms here at --cpu=1, so `--cpu=1 --min=12` lists what TBT sees. Never asserted.
// Usage: node test/bench/profile-idle.mjs [--cpu=4] [--min=50] [--path=/] [--preload=idle|intent]
import { launchChromium } from '../chromium.mjs';

const args = process.argv.slice(2);
const cpu = Number(args.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 4);
const path = args.find((a) => a.startsWith('--path='))?.slice(7) ?? '/';
const preload = args.find((a) => a.startsWith('--preload='))?.slice(10);
const min = Number(args.find((a) => a.startsWith('--min='))?.slice(6) ?? 50);
const { startServer } = await import('../../demo/server.mjs');
const demo = await startServer({ port: 0 });
const browser = await launchChromium();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (preload) {
    await page.addInitScript({
      content: `(() => { let c; Object.defineProperty(window, 'liveAssistConfig', { configurable: true, get: () => c, set: (v) => { c = v; c.main = { ...c.main, preload: ${JSON.stringify(preload)} }; } }); })();`,
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: cpu > 1 ? 200 : 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'] } });
  await cdp.send('Profiler.start');
  await page.goto(`${demo.url.replace(/\/$/, '')}${path}`, { waitUntil: 'load' });
  await page.waitForTimeout(6000);
  const { profile } = await cdp.send('Profiler.stop');
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  // The page's main thread: the renderer thread that parsed the page. Trace and profile share one clock
  // (µs); times below are ms from the start of the page's parsing.
  const commit = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'));
  const origin = commit.ts / 1000;
  const long = events
    .filter((e) => e.name === 'RunTask' && e.pid === commit.pid && e.tid === commit.tid && e.dur / 1000 > min)
    .map((e) => [Math.round(e.ts / 1000 - origin), Math.round(e.dur / 1000)]);
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
      for (let n = id; n !== undefined; n = parent.get(n))
        if (/\/dist\//.test(byId.get(n).callFrame.url)) {
          ms += samples[i + 1][0] - at;
          break;
        }
    }
    return Math.round(ms);
  };
  // The files of ours that took most of a task's samples (self time), for the summary line.
  const files = (start, duration) => {
    const by = new Map();
    for (let i = 0; i < samples.length - 1; i++) {
      const [at, id] = samples[i];
      if (at < start || at > start + duration) continue;
      const url = byId.get(id).callFrame.url;
      if (/\/dist\//.test(url))
        by.set(
          url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''),
          (by.get(url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '')) ?? 0) + samples[i + 1][0] - at,
        );
    }
    return [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([f]) => f)
      .join(' ');
  };
  console.log(
    `tasks over ${min} ms at ${cpu}× (start ms + duration ms [of which in live-assist's files: the top files]): ${long.map(([s, d]) => `${s}+${d} [${ours(s, d)}${ours(s, d) ? `: ${files(s, d)}` : ''}]`).join(', ') || 'none'}; ` +
      `blocking over 50 ms at ${cpu}×: ${long.reduce((a, [, d]) => a + Math.max(0, d - 50), 0)} ms, ×4 of --cpu=1 (Lighthouse's view): ${long.reduce((a, [, d]) => a + Math.max(0, 4 * d - 50), 0)} ms\n`,
  );
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
    for (const [k, v] of [...total]
      .filter(([k]) => /\.js:/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25))
      console.log(`  ${v.toFixed(1).padStart(6)} ms  ${k}`);
  }
} finally {
  await browser.close();
  await demo.close();
}
