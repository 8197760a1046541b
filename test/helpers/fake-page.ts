import { NODE_ORIGIN } from './msw.ts';

/** A Storage in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

/**
 * What the App and the chat service read of a page, for Node tests of a plugin without its view: a
 * cookie jar (`document.cookie` as the browser keeps it for one host: set, overwrite, `max-age=0`
 * deletes), the location at msw's Node origin, the timers, and memory storages. `reload()` is the
 * same page loaded again: the cookies stay, the session storage too, nothing else. `cookies` starts
 * the jar with a copy of another page's (a page of the same site opened later).
 */
export function fakePage(path = '/', cookies: ReadonlyMap<string, string> = new Map()) {
  const jar = new Map(cookies);
  const session = memoryStorage();
  const local = memoryStorage();
  const make = (): Window => {
    const location = new URL(NODE_ORIGIN + path);
    const document = {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const expired = attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
        if (expired) jar.delete(name);
        else jar.set(name, pair.slice(at + 1));
      },
      location,
      title: 'A page',
      referrer: '',
      defaultView: null as unknown,
      querySelector: () => null,
      // A window's element the page would show: held, never drawn (Node has no custom elements).
      createElement: (tag: string) => ({ tagName: tag.toUpperCase() }),
      body: { appendChild: <T>(element: T) => element },
    };
    const win = {
      document,
      location,
      navigator: { userAgent: 'node', onLine: true },
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      sessionStorage: session,
      localStorage: local,
      addEventListener() {},
      removeEventListener() {},
    };
    document.defaultView = win;
    return win as unknown as Window;
  };
  return { window: make(), reload: make, cookies: jar };
}
