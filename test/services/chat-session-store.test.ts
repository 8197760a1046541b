import { expect } from '@esm-bundle/chai';
import type { CookieJar, CookieOptions } from '../../src/app/storage.ts';
import { CHAT_SESSION_COOKIE, chatMayComeBack } from '../../src/app/chat-return.ts';
import type { App } from '../../src/app/app.ts';
import { cookieSessionStore, emptyMetadata, pageSessionStore, readStored, type StoredSession } from '../../src/services/chat/session-store.ts';

/** A cookie jar over a Map that records the options each call used. */
function memoryJar() {
  const values = new Map<string, string>();
  const calls: Array<{ op: string; name: string; options?: CookieOptions }> = [];
  const jar: CookieJar = {
    get: (name, options) => {
      calls.push({ op: 'get', name, options });
      return values.get(name);
    },
    read: async (name, options) => {
      calls.push({ op: 'read', name, options });
      return values.get(name);
    },
    set: (name, value, options) => {
      calls.push({ op: 'set', name, options });
      values.set(name, value);
    },
    remove: (name, options) => {
      calls.push({ op: 'remove', name, options });
      values.delete(name);
    },
  };
  return { jar, values, calls };
}

const chat = (extra: Partial<StoredSession> = {}): StoredSession => ({
  type: 'rest',
  session: { chatId: 'c-1', userId: 'u-1', secureKey: 'k-1', alias: '117' },
  started: 1_000,
  index: 7,
  ping: 2_000,
  filters: [['^secret', 'i']],
  ...extra,
});

describe('chat session store (cookies)', () => {
  it("saves a chat in the spec's cookies, every one host-only, and reads it back whole", () => {
    const { jar, values, calls } = memoryJar();
    const store = cookieSessionStore(jar);
    store.save(chat());
    expect([...values.keys()].sort()).to.deep.equal(['webchat_filters', 'webchat_index', 'webchat_keys', 'webchat_ping', 'webchat_session']);
    expect(JSON.parse(values.get('webchat_session')!)).to.deep.equal({ type: 'rest', chatId: 'c-1', started: 1000 });
    // The keys live apart from the chat id (web-chat.md §3 "session" and "keys" cookies).
    expect(JSON.parse(values.get('webchat_keys')!)).to.deep.equal({ userId: 'u-1', secureKey: 'k-1', alias: '117' });
    expect(calls.every((c) => c.options?.hostOnly === true)).to.equal(true);
    expect(store.load()).to.deep.equal(chat());
  });

  it("writes the cookie whose name src/app/chat-return.ts reads without the chat's code (the load graph, after-boot), and removes it on clear", () => {
    const { jar, values } = memoryJar();
    const app = { cookies: jar, section: () => ({}) } as unknown as App;
    expect(chatMayComeBack(app)).to.equal(false);
    const store = cookieSessionStore(jar);
    store.save(chat());
    expect(values.has(CHAT_SESSION_COOKIE)).to.equal(true);
    expect(chatMayComeBack(app)).to.equal(true);
    store.clear();
    expect(chatMayComeBack(app)).to.equal(false);
  });

  it('touch moves only the index and the ping', () => {
    const { jar } = memoryJar();
    const store = cookieSessionStore(jar);
    store.save(chat());
    store.touch(12, 9_000);
    expect(store.load()).to.deep.include({ index: 12, ping: 9_000, started: 1000 });
  });

  it('with a restore timeout every key cookie expires that long after the last answer, and each touch renews them all', () => {
    const { jar, values, calls } = memoryJar();
    const store = cookieSessionStore(jar, () => 60);
    store.save(chat());
    const sets = () => calls.filter((c) => c.op === 'set');
    expect(sets().map((c) => [c.name, (c.options as { maxAgeSeconds?: number } | undefined)?.maxAgeSeconds, c.options?.hostOnly])).to.deep.equal(
      ['session', 'keys', 'index', 'ping', 'filters'].map((n) => [`webchat_${n}`, 60, true]),
    );
    calls.length = 0;
    store.touch(12, 9_000);
    expect(sets().map((c) => [c.name, (c.options as { maxAgeSeconds?: number } | undefined)?.maxAgeSeconds])).to.deep.equal(
      ['session', 'keys', 'index', 'ping', 'filters'].map((n) => [`webchat_${n}`, 60]),
    );
    expect(store.load()).to.deep.equal(chat({ index: 12, ping: 9_000 }));
    store.saveMetadata({ ...emptyMetadata(), userMessages: 1 });
    expect((calls.at(-1)!.options as { maxAgeSeconds?: number } | undefined)?.maxAgeSeconds, 'the metadata is not a key').to.equal(undefined);
    // The chat ends: every key goes; a touch after it writes no key back.
    store.clear();
    store.touch(13, 10_000);
    expect(['webchat_session', 'webchat_keys', 'webchat_filters'].some((n) => values.has(n))).to.equal(false);
  });

  it('clear removes the session cookies but keeps the metadata', () => {
    const { jar, values } = memoryJar();
    const store = cookieSessionStore(jar);
    store.save(chat());
    store.saveMetadata({ ...emptyMetadata(), userMessages: 3 });
    store.clear();
    expect(store.load()).to.equal(undefined);
    expect([...values.keys()]).to.deep.equal(['webchat_metadata']);
    expect(store.loadMetadata().userMessages).to.equal(3);
  });

  it('a tampered or partial cookie reads as no session, never half of one', () => {
    const { jar, values } = memoryJar();
    const store = cookieSessionStore(jar);
    store.save(chat());
    values.set('webchat_keys', '{not json');
    expect(store.load()).to.equal(undefined);
    store.save(chat());
    values.set('webchat_session', JSON.stringify({ type: 'carrier-pigeon', chatId: 'c-1' }));
    expect(store.load()).to.equal(undefined);
    store.save(chat());
    values.set('webchat_keys', JSON.stringify({ secureKey: { nested: true } }));
    expect(store.load()).to.equal(undefined);
    store.save(chat());
    values.delete('webchat_keys');
    expect(store.load()).to.equal(undefined);
  });

  it('a cloud jwt of 1500 characters is kept whole in a real-size cookie; a field over 2000 reads as no session', () => {
    const { jar, values } = memoryJar();
    const store = cookieSessionStore(jar);
    const jwt = `eyJ${'a'.repeat(1497)}`;
    const cloud = {
      ...chat(),
      type: 'cloud' as const,
      session: { chatId: 'c-9', conversationId: 'c-9', memberId: 'm-1', jwt, webSocketUrl: 'wss://example.com/stream?token=abc' },
    };
    store.save(cloud);
    expect(encodeURIComponent(values.get('webchat_keys')!).length).to.be.below(4096 - 64);
    expect(store.load()?.session.jwt).to.equal(jwt);
    expect(readStored({ ...cloud, session: { ...cloud.session, jwt: 'x'.repeat(2001) } })).to.equal(undefined);
  });

  it('bad index, ping and filters fall back to 0 and none', () => {
    expect(readStored({ ...chat(), index: -4, ping: 'soon', filters: [['a', 'zz!']] })).to.deep.include({ index: 0, ping: 0, filters: [] });
  });

  it('metadata: every field of web-chat.md §3, a bad value read as its default', () => {
    const { jar, values } = memoryJar();
    const store = cookieSessionStore(jar);
    expect(Object.keys(store.loadMetadata()).sort()).to.deep.equal(
      [
        'agentMessages',
        'agentReached',
        'autoSubmitted',
        'cancelled',
        'closed',
        'coBrowseInitiated',
        'completed',
        'elapsed',
        'errors',
        'filesUploaded',
        'form',
        'numAgents',
        'opened',
        'prefilled',
        'proactive',
        'started',
        'supervisorReached',
        'systemMessages',
        'userMessages',
        'waitingForAgent',
      ].sort(),
    );
    values.set('webchat_metadata', JSON.stringify({ proactive: 'yes', userMessages: 4, errors: -1, form: { firstname: true, evil: 'x' } }));
    expect(store.loadMetadata()).to.deep.include({ proactive: false, userMessages: 4, errors: 0, form: { firstname: true } });
  });
});

describe("chat session store (the page's getSessionData / setSessionData)", () => {
  it('hands the whole record to the page and reads it back checked', () => {
    let saved: unknown = null;
    const { jar } = memoryJar();
    const store = pageSessionStore(
      () => saved,
      (data) => (saved = data),
      cookieSessionStore(jar),
    );
    store.save(chat());
    expect(saved).to.deep.equal(chat());
    expect(store.load()).to.deep.equal(chat());
    store.touch(9, 5_000);
    expect(saved).to.deep.include({ index: 9, ping: 5_000 });
    store.clear();
    expect(saved).to.equal(null);
    expect(store.load()).to.equal(undefined);
  });

  it('a throwing page function is reported and reads as no session', () => {
    const reports: string[] = [];
    const { jar } = memoryJar();
    const store = pageSessionStore(
      () => {
        throw new Error('storage down');
      },
      () => {
        throw new Error('storage down');
      },
      cookieSessionStore(jar),
      (message) => reports.push(message),
    );
    expect(store.load()).to.equal(undefined);
    store.save(chat());
    expect(reports).to.deep.equal(['webchat.async.getSessionData threw', 'webchat.async.setSessionData threw']);
  });
});
