import { expect } from '@esm-bundle/chai';
import { candidateDomains, createCookieJar, parentDomain, sessionFlag } from '../../src/app/storage.ts';

/**
 * A document whose cookie store behaves like a browser's for what the jar relies on: a write sets or
 * (with `max-age=0`) deletes a cookie, and a write for a domain the page may not use (a public suffix,
 * or another site) is ignored. It records each write so the attributes can be checked.
 */
function fakeDocument(hostname: string, protocol: 'http:' | 'https:', refused: string[] = []) {
  const store = new Map<string, string>();
  const writes: string[] = [];
  const doc = {
    location: { hostname, protocol },
    get cookie() {
      return [...store].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = '', ...attributes] = line.split('; ');
      const domain = attributes.find((a) => a.startsWith('domain='))?.slice('domain='.length);
      if (domain && (refused.includes(domain) || !`.${hostname}`.endsWith(domain))) return;
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('max-age=0')) store.delete(name);
      else store.set(name, value);
    },
  };
  return { doc: doc as unknown as Document, writes, store };
}

/** A document (or window) whose storage throws on every access, as in a sandboxed iframe. */
const throwing = (what: string) => () => {
  throw new DOMException(`${what} is disabled`, 'SecurityError');
};

describe('cookie domains', () => {
  it('tries parent domains shortest first, and none for localhost or IP addresses', () => {
    expect(candidateDomains('www.pomoc.example.com.pl')).to.deep.equal(['.com.pl', '.example.com.pl', '.pomoc.example.com.pl', '.www.pomoc.example.com.pl']);
    expect(candidateDomains('example.pl')).to.deep.equal(['.example.pl']);
    expect(candidateDomains('localhost')).to.deep.equal([]);
    expect(candidateDomains('127.0.0.1')).to.deep.equal([]);
    expect(candidateDomains('::1')).to.deep.equal([]);
  });

  it('uses host-only cookies on the test server (localhost)', () => {
    expect(parentDomain(document)).to.equal(undefined);
  });

  it('picks the shortest domain the browser accepts and removes its probe cookie', () => {
    const { doc, store } = fakeDocument('www.pomoc.example.com.pl', 'https:', ['.com.pl']);
    expect(parentDomain(doc)).to.equal('.example.com.pl');
    expect(store.size).to.equal(0);
  });
});

describe('cookie jar', () => {
  const jar = createCookieJar(document, 'storagetest');
  const other = createCookieJar(document, 'storagetestother');
  afterEach(() => {
    for (const name of ['visitor', 'visitor2', 'odd name']) jar.remove(name);
    other.remove('visitor');
    expect(document.cookie).not.to.contain('storagetest');
  });

  it('sets, gets and removes cookies named with the deployment prefix (real browser cookies)', () => {
    expect(jar.get('visitor')).to.equal(undefined);
    jar.set('visitor', 'Zażółć; gęślą=jaźń');
    expect(jar.get('visitor')).to.equal('Zażółć; gęślą=jaźń');
    expect(document.cookie.split('; ')).to.include(`storagetest_visitor=${encodeURIComponent('Zażółć; gęślą=jaźń')}`);
    jar.set('odd name', 'second');
    expect([jar.get('visitor'), jar.get('odd name')]).to.deep.equal(['Zażółć; gęślą=jaźń', 'second']);
    jar.set('visitor', 'replaced');
    expect(jar.get('visitor')).to.equal('replaced');
    jar.remove('visitor');
    expect(jar.get('visitor')).to.equal(undefined);
    expect(jar.get('odd name')).to.equal('second');
  });

  it('reads without blocking through the Cookie Store API (real browser cookies): the same values as get', async () => {
    expect('cookieStore' in window, 'the test browser has the Cookie Store API').to.equal(true);
    const asked: string[] = [];
    const store = (window as unknown as { cookieStore: { get(name: string): Promise<unknown> } }).cookieStore;
    const get = store.get.bind(store);
    store.get = (name: string) => (asked.push(name), get(name));
    try {
      expect(await jar.read('visitor')).to.equal(undefined);
      jar.set('visitor', 'Zażółć; gęślą=jaźń');
      expect(await jar.read('visitor')).to.equal('Zażółć; gęślą=jaźń');
      other.set('visitor', 'theirs');
      jar.set('odd name', 'second');
      expect([await jar.read('odd name'), await other.read('visitor')]).to.deep.equal(['second', 'theirs']);
    } finally {
      delete (store as { get?: unknown }).get;
    }
    expect(asked).to.deep.equal(
      ['storagetest_visitor', 'storagetest_visitor', 'storagetest_odd%20name', 'storagetestother_visitor'],
      'read through cookieStore, by the full name',
    );
  });

  it('reads with document.cookie where the browser has no Cookie Store API or it fails', async () => {
    const { doc } = fakeDocument('www.example.pl', 'https:', ['.pl']);
    createCookieJar(doc, 'ppk').set('chat_session', 'abc', { hostOnly: true });
    expect(await createCookieJar(doc, 'ppk').read('chat_session', { hostOnly: true })).to.equal('abc', 'no defaultView: no cookieStore');
    const failing = { get: () => Promise.reject(new DOMException('opaque origin', 'SecurityError')) };
    Object.assign(doc, { defaultView: { cookieStore: failing } });
    expect(await createCookieJar(doc, 'ppk').read('chat_session', { hostOnly: true })).to.equal('abc');
    const asked: string[] = [];
    Object.assign(doc, { defaultView: { cookieStore: { get: async (name: string) => (asked.push(name), { value: 'from%20store' }) } } });
    expect(await createCookieJar(doc, 'ppk').read('chat_session', { hostOnly: true })).to.equal('from store');
    expect(asked).to.deep.equal(['__Host-ppk_chat_session'], 'the host-only name on https');
  });

  it('does not read another deployment’s cookie or a longer name sharing the prefix', () => {
    other.set('visitor', 'theirs');
    jar.set('visitor2', 'longer');
    expect(jar.get('visitor')).to.equal(undefined);
    expect(other.get('visitor')).to.equal('theirs');
  });

  it('writes on the parent domain, with max-age when given, and Secure on https', () => {
    const { doc, writes } = fakeDocument('www.example.pl', 'https:', ['.pl']);
    const cookies = createCookieJar(doc, 'ppk');
    cookies.set('chat', 'abc', { maxAgeSeconds: 3600 });
    expect(writes.at(-1)).to.equal('ppk_chat=abc; path=/; SameSite=Lax; domain=.example.pl; max-age=3600; Secure');
    expect(cookies.get('chat')).to.equal('abc');
    cookies.remove('chat');
    expect(writes.at(-1)).to.equal('ppk_chat=; path=/; SameSite=Lax; domain=.example.pl; max-age=0; Secure');
    expect(cookies.get('chat')).to.equal(undefined);
  });

  it('is a session cookie on plain http unless told otherwise, and host-only on localhost', () => {
    const { doc, writes } = fakeDocument('localhost', 'http:');
    createCookieJar(doc, 'ppk').set('chat', 'abc');
    expect(writes).to.deep.equal(['ppk_chat=abc; path=/; SameSite=Lax']);
  });

  it('writes a host-only cookie without a Domain, named __Host- on https, and ignores a parent-domain one of the same name', () => {
    const { doc, writes, store } = fakeDocument('www.example.pl', 'https:', ['.pl']);
    const cookies = createCookieJar(doc, 'ppk');
    // What a sibling host (evil.example.pl) can do: a cookie of the plain name on the parent domain.
    cookies.set('console_open', '1');
    expect(writes.at(-1)).to.contain('domain=.example.pl');
    expect(cookies.get('console_open', { hostOnly: true })).to.equal(undefined);
    cookies.set('console_open', '1', { hostOnly: true });
    expect(writes.at(-1)).to.equal('__Host-ppk_console_open=1; path=/; SameSite=Lax; Secure');
    expect(cookies.get('console_open', { hostOnly: true })).to.equal('1');
    writes.length = 0;
    cookies.remove('console_open', { hostOnly: true });
    expect(writes).to.deep.equal([
      '__Host-ppk_console_open=; path=/; SameSite=Lax; max-age=0; Secure',
      'ppk_console_open=; path=/; SameSite=Lax; domain=.example.pl; max-age=0; Secure',
    ]);
    expect(store.size).to.equal(0);
  });

  it('writes a host-only cookie on plain http without a Domain (no __Host- prefix there)', () => {
    const { doc, writes } = fakeDocument('www.example.pl', 'http:', ['.pl']);
    const cookies = createCookieJar(doc, 'ppk');
    cookies.set('console_open', '1', { hostOnly: true });
    expect(writes).to.deep.equal(['ppk_console_open=1; path=/; SameSite=Lax']);
    expect(cookies.get('console_open', { hostOnly: true })).to.equal('1');
  });

  it('degrades to nothing when cookies are unavailable', () => {
    const doc = { location: { hostname: 'www.example.pl', protocol: 'https:' } } as unknown as Document;
    Object.defineProperty(doc, 'cookie', { get: throwing('cookie'), set: throwing('cookie') });
    const cookies = createCookieJar(doc, 'ppk');
    expect(() => cookies.set('chat', 'abc')).not.to.throw();
    expect(cookies.get('chat')).to.equal(undefined);
    expect(() => cookies.remove('chat')).not.to.throw();
  });
});

describe('session flag', () => {
  const key = 'storagetest_ready';
  afterEach(() => sessionStorage.removeItem(key));

  it('is set, read and cleared in session storage', () => {
    const flag = sessionFlag(window, key);
    expect(flag.get()).to.equal(false);
    flag.set(true);
    expect(sessionStorage.getItem(key)).to.equal('1');
    expect(sessionFlag(window, key).get()).to.equal(true);
    flag.set(false);
    expect(sessionStorage.getItem(key)).to.equal(null);
    expect(flag.get()).to.equal(false);
  });

  it('reads any other stored value as not set', () => {
    sessionStorage.setItem(key, 'true');
    expect(sessionFlag(window, key).get()).to.equal(false);
  });

  it('degrades to "not set" when session storage is unavailable', () => {
    const win = {} as Window;
    Object.defineProperty(win, 'sessionStorage', { get: throwing('sessionStorage') });
    const flag = sessionFlag(win, key);
    expect(() => flag.set(true)).not.to.throw();
    expect(flag.get()).to.equal(false);
  });
});
