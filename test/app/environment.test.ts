import { expect } from '@esm-bundle/chai';
import { REFLOW_QUERY, watchEnvironment } from '../../src/app/environment.ts';
import { loadConfig } from '../../src/app/config.ts';
import { loadWebFonts, webFontsUrl } from '../../src/app/fonts.ts';

/** A window whose screen size (under the breakpoint; under the reflow size) and device kind the test decides. */
function fakeWindow(small: boolean, mobileDevice: boolean, tiny = false) {
  const listeners: Array<() => void> = [];
  const query = (matches: boolean) => ({ matches, addEventListener: (_: string, listener: () => void) => listeners.push(listener) });
  const media = query(small);
  const reflow = query(tiny);
  const win = {
    navigator: { userAgentData: { mobile: mobileDevice } },
    matchMedia: (q: string) => (q === REFLOW_QUERY ? reflow : q.includes('max-width') ? media : { matches: false }),
  } as unknown as Window;
  return {
    win,
    resize(next: boolean, nextTiny = tiny) {
      media.matches = next;
      reflow.matches = nextTiny;
      listeners.forEach((l) => l());
    },
  };
}

const main = (mobileMode: unknown) => loadConfig({ main: { lang: 'en', mobileMode } }, ['en']).main;

describe('environment', () => {
  it('is mobile automatically only on a mobile device with a screen of at most 600 px', () => {
    expect(watchEnvironment(fakeWindow(true, true).win, main('auto')).value.mobile).to.equal(true);
    expect(watchEnvironment(fakeWindow(true, false).win, main('auto')).value.mobile).to.equal(false);
    expect(watchEnvironment(fakeWindow(false, true).win, main('auto')).value.mobile).to.equal(false);
  });

  it('follows the viewport in auto mode', () => {
    const fake = fakeWindow(false, true);
    const environment = watchEnvironment(fake.win, main('auto'));
    fake.resize(true);
    expect(environment.value.mobile).to.equal(true);
    fake.resize(false);
    expect(environment.value.mobile).to.equal(false);
  });

  it('hands its current value to a new subscriber at once, then each change until it unsubscribes', () => {
    const fake = fakeWindow(false, true);
    const environment = watchEnvironment(fake.win, main('auto'));
    const early: boolean[] = [];
    environment.subscribe((e) => early.push(e.mobile));
    fake.resize(true);
    const late: boolean[] = [];
    const subscription = environment.subscribe((e) => late.push(e.mobile));
    fake.resize(false);
    subscription.unsubscribe();
    fake.resize(true);
    expect(early).to.deep.equal([false, true, false, true]);
    expect(late).to.deep.equal([true, false]);
  });

  it('is mobile automatically on any device whose viewport is too small for a floating window (reflow)', () => {
    expect(REFLOW_QUERY).to.equal('(max-width: 480px), (max-height: 480px)');
    expect(watchEnvironment(fakeWindow(true, false, true).win, main('auto')).value.mobile).to.equal(true);
    const fake = fakeWindow(false, false);
    const environment = watchEnvironment(fake.win, main('auto'));
    expect(environment.value.mobile).to.equal(false);
    fake.resize(true, true);
    expect(environment.value.mobile).to.equal(true);
    fake.resize(false, false);
    expect(environment.value.mobile).to.equal(false);
    expect(watchEnvironment(fakeWindow(true, false, true).win, main(false)).value.mobile).to.equal(false);
  });

  it('can be forced either way', () => {
    expect(watchEnvironment(fakeWindow(false, false).win, main(true)).value.mobile).to.equal(true);
    expect(watchEnvironment(fakeWindow(true, true).win, main(false)).value.mobile).to.equal(false);
  });

  it('uses the 600 px breakpoint in both dimensions, or the configured one', () => {
    const queries: string[] = [];
    const win = { navigator: {}, matchMedia: (q: string) => (queries.push(q), { matches: false }) } as unknown as Window;
    watchEnvironment(win, main('auto'));
    watchEnvironment(win, loadConfig({ main: { lang: 'en', mobileModeBreakpoint: 520 } }, ['en']).main);
    expect(queries.filter((q) => q.includes('width') && q !== REFLOW_QUERY)).to.deep.equal([
      '(max-width: 600px), (max-height: 600px)',
      '(max-width: 520px), (max-height: 520px)',
    ]);
  });
});

describe('web fonts', () => {
  it('are not requested unless enabled', () => {
    const fonts = loadConfig({ main: { lang: 'en' } }, ['en']).main.fonts;
    expect(webFontsUrl(fonts)).to.equal(undefined);
    expect(loadWebFonts(document, fonts)).to.equal(undefined);
    expect(document.querySelector('link[data-live-assist-fonts]')).to.equal(null);
  });

  it('add one stylesheet link when enabled, for the default family or a self-hosted URL', () => {
    const enabled = loadConfig({ main: { lang: 'en', fonts: { enabled: true } } }, ['en']).main.fonts;
    expect(webFontsUrl(enabled)).to.equal('https://fonts.googleapis.com/css?family=Roboto:400,300,100');
    const own = { ...enabled, url: `${location.origin}/fonts/roboto.css` };
    const link = loadWebFonts(document, own)!;
    expect(link.href).to.equal(`${location.origin}/fonts/roboto.css`);
    expect(loadWebFonts(document, own)).to.equal(link);
    expect(document.querySelectorAll('link[data-live-assist-fonts]').length).to.equal(1);
    link.remove();
  });
});
