import { expect } from '@esm-bundle/chai';
import { failureOf } from '../helpers/chat-failure.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { warningsOf } from '../helpers/poison.ts';
import { MAX_TEXT_LENGTH } from '../../src/services/chat/transcript-schema.ts';
import { createTransport as legacy } from '../../src/services/chat/transports/legacy-rest.ts';
import { createTransport as ngrest } from '../../src/services/chat/transports/ngrest.ts';
import { createCloudTransport } from '../../src/services/chat/transports/cloud/index.ts';
import { MAX_REASON_LENGTH, type ChatTransport } from '../../src/services/chat/types.ts';

// A hostile or broken chat server of our own on 127.0.0.1 (issue 40 item 12): megabytes of message text and
// of error reasons, HTML error pages, garbage, a body that drips and one that never ends. Each transport
// keeps what it shows bounded and fails with a ChatFailure, never a hang or a crash.

const BIG = 5 * 1024 * 1024;
const huge = 'A'.repeat(BIG);

/** What the server does with the next request: a handler of its own. */
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
let server: ReturnType<typeof createServer>;
let base = '';

const json =
  (body: unknown, status = 200) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

const message = (index: number, text: string) => ({ index, type: 'Message', text, timestamp: 1741000000000, from: { id: 'a1', type: 'Agent', name: 'Ewa' } });

/** The transports under test, each with a session of its shape and the answer its poll expects. */
const cases: Array<{
  name: string;
  make: (timeout?: number) => ChatTransport;
  session: Record<string, string>;
  poll: (messages: unknown[]) => unknown;
  refusal: (text: string) => [unknown, number];
}> = [
  {
    name: 'legacy REST',
    make: (timeout = 3000) => legacy({ dataURL: `${base}/chat`, timeout }),
    session: { chatId: 'c1', userId: 'u1', secureKey: 'k1', alias: 'a1' },
    poll: (messages) => ({ statusCode: 0, messages }),
    refusal: (text) => [{ statusCode: 2, errors: [{ code: 102, message: text }] }, 200],
  },
  {
    name: 'next-generation REST',
    make: (timeout = 3000) => ngrest({ dataURL: `${base}/ngrest`, timeout }),
    session: { chatId: 's1', sessionId: 's1', participantId: 'p1', token: 't1' },
    poll: (messages) => ({ data: { messages } }),
    refusal: (text) => [{ errors: [{ code: 'SOMETHING', message: text }] }, 400],
  },
  {
    name: 'cloud',
    make: (timeout = 3000) => createCloudTransport({ dataURL: `${base}/conversations`, timeout }),
    session: { chatId: 'c1', conversationId: 'c1', memberId: 'm1', jwt: 'j.w.t', webSocketUrl: 'ws://127.0.0.1:1/' },
    poll: (messages) => ({
      entities: (messages as Array<{ index: number; text: string }>).map((m) => ({
        sequence: m.index,
        sender: { id: 'm1' },
        body: m.text,
        bodyType: 'standard',
      })),
    }),
    refusal: (text) => [{ status: 400, code: 'bad.request', message: text }, 400],
  },
];

describe('chat transports against a hostile server on 127.0.0.1', () => {
  before(async () => {
    server = createServer((req, res) => {
      // The cloud reads its members first: the visitor alone.
      if (req.url?.includes('/members')) return json({ entities: [{ id: 'm1', displayName: 'Jan', role: 'CUSTOMER' }] })(req, res);
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  for (const c of cases) {
    it(`${c.name}: a 5 MB message is cut to ${MAX_TEXT_LENGTH} characters (marked, one warning); the good one after it is whole`, async () => {
      answer = json(c.poll([message(1, huge), message(2, 'Dzień dobry')]));
      const { result, warnings } = await warningsOf(() => c.make().poll(c.session, 1));
      const [long, good] = result.messages;
      expect(long!.text).to.have.length(MAX_TEXT_LENGTH);
      expect(long!.text.endsWith('…')).to.equal(true);
      expect(long!.shortened).to.equal(true);
      expect(good).to.deep.include({ index: 2, text: 'Dzień dobry' });
      expect(good!.shortened).to.equal(undefined);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain(`has ${BIG} characters; cut to ${MAX_TEXT_LENGTH}`);
    });

    it(`${c.name}: a 5 MB error reason is cut to ${MAX_REASON_LENGTH} characters, in the failure and its errors`, async () => {
      const [body, status] = c.refusal(huge);
      answer = json(body, status);
      const failure = await failureOf(c.make().send(c.session, 'Pytanie'));
      expect(failure.message.length).to.be.at.most(MAX_REASON_LENGTH);
      for (const error of failure.errors) expect(error.message.length).to.be.at.most(MAX_REASON_LENGTH);
    });

    it(`${c.name}: an HTML error page, garbage JSON, wrong types: a ChatFailure each, short`, async () => {
      answer = (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(`<html><body>${'Bad gateway '.repeat(100_000)}</body></html>`);
      };
      const page = await failureOf(c.make().poll(c.session, 1));
      expect(page.kind).to.equal('status');
      expect(page.message.length).to.be.at.most(MAX_REASON_LENGTH);
      answer = json('{"statusCode":0,"messages":[{"index":1,', 200);
      expect((await failureOf(c.make().poll(c.session, 1))).kind).to.equal('malformed');
      answer = json({ statusCode: 'zero', data: 7, entities: 'none', messages: 5 });
      expect((await failureOf(c.make().poll(c.session, 1))).kind).to.equal('malformed');
    });

    it(`${c.name}: a body that drips, and one that never ends, time out at the configured time`, async () => {
      for (const kind of ['drip', 'endless']) {
        answer = (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"statusCode":0,"messages":[');
          const timer = setInterval(() => res.write(kind === 'drip' ? ' ' : `${JSON.stringify(message(1, 'x'.repeat(1000)))},`), kind === 'drip' ? 200 : 1);
          res.on('close', () => clearInterval(timer));
        };
        const started = performance.now();
        const failure = await failureOf(c.make(1000).poll(c.session, 1));
        expect([kind, failure.kind, failure.lost]).to.deep.equal([kind, 'timeout', true]);
        expect(performance.now() - started).to.be.within(900, 2500);
      }
    });
  }
});
