import { expect } from '@esm-bundle/chai';
import { ANONYMOUS_DOMAIN, anonymousUserId, automaticUserData, browserOf, osOf } from '../../src/services/chat/user-data.ts';

const UA = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

describe('chat automatic user data', () => {
  it('names the browser and the system (Edge before Chrome, iOS and Android before Mac and Linux)', () => {
    expect(Object.values(UA).map(browserOf)).to.deep.equal(['Chrome', 'Edge', 'Safari', 'Firefox', 'Chrome']);
    expect(Object.values(UA).map(osOf)).to.deep.equal(['Linux', 'Windows', 'iOS', 'macOS', 'Android']);
    expect(browserOf('curl/8.0')).to.equal('Other');
  });

  it('the anonymous user id: a version 4 GUID with the anonymous-domain suffix, new each time', () => {
    const a = anonymousUserId();
    const b = anonymousUserId();
    expect(a).to.match(new RegExp(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@${ANONYMOUS_DOMAIN.replace(/\./g, '\\.')}$`));
    expect(a).to.not.equal(b);
  });

  it('reads source, referrer, page, browser, system, bot flag, language and async flag from the page, as strings', () => {
    const win = {
      navigator: { userAgent: UA.safariIphone },
      document: { referrer: 'https://www.google.com/', title: 'PPK — wpłaty' },
      location: { href: 'https://ppk.example.pl/wplaty?x=1' },
    } as unknown as Window;
    expect(automaticUserData(win, { mobile: true, lang: 'pl', bot: true, async: false })).to.deep.equal({
      source: 'mobile',
      referrer: 'https://www.google.com/',
      pageUrl: 'https://ppk.example.pl/wplaty?x=1',
      pageTitle: 'PPK — wpłaty',
      browser: 'Safari',
      os: 'iOS',
      botChat: 'true',
      languageCode: 'pl',
      async: 'false',
    });
  });

  it('cuts a page URL or title at 2000 characters', () => {
    const win = {
      navigator: { userAgent: '' },
      document: { referrer: '', title: 't'.repeat(5000) },
      location: { href: 'https://x/' + 'a'.repeat(5000) },
    } as unknown as Window;
    const data = automaticUserData(win, { mobile: false, lang: 'en', bot: false, async: true });
    expect(data.pageTitle.length).to.equal(2000);
    expect(data.pageUrl.length).to.equal(2000);
    expect(data.source).to.equal('web');
  });
});
