// The one place that says how Chromium is started, for web-test-runner, the Node end-to-end tests and
// the bench: Debian's Chromium (CHROME_PATH overrides /usr/bin/chromium; nothing downloads a browser),
// headless, with the flags this closed network needs (no background connections to Google's hosts).
export const chromiumPath = () => process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumLaunchOptions = () => ({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });

export async function launchChromium() {
  const { chromium } = await import('playwright');
  return chromium.launch(chromiumLaunchOptions());
}
