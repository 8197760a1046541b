import { expect } from '@esm-bundle/chai';
import { config, filter, from, lastValueFrom, map, take, toArray } from 'rxjs';
import { Bus } from '../../src/bus/index.ts';
import type { BusEvent, PluginHandle } from '../../src/bus/index.ts';

declare module '../../src/bus/types.ts' {
  interface Events {
    'Stream.tick': { n: number };
    'Stream.tock': { n: number };
  }
}

// The bus's event streams are RxJS observables over one Subject: what plugins and elements rely on
// (delivery by pattern, isolation of a throwing subscriber, unsubscribing mid-emission) and composing
// with RxJS operators.
describe('bus.events (RxJS)', () => {
  let bus: Bus;
  let stream: PluginHandle<'Stream'>;
  const tick = (n: number) => stream.publish('tick', { n });
  const tock = (n: number) => stream.publish('tock', { n });
  const n = (event: BusEvent) => (event.data as { n: number }).n;

  beforeEach(() => {
    bus = new Bus();
    stream = bus.registerPlugin('Stream');
  });

  it('delivers the events matching its pattern to functions and observers until they unsubscribe', () => {
    const seen: string[] = [];
    const a = bus.events('Stream.tick').subscribe((event) => seen.push(`a${n(event)}`));
    bus.events('Stream.*').subscribe({ next: (event) => seen.push(`b${n(event)}`) });
    tick(1);
    tock(2);
    a.unsubscribe();
    tick(3);
    expect(seen).to.deep.equal(['a1', 'b1', 'b2', 'b3']);
  });

  it('composes with RxJS operators, through pipe and through from()', async () => {
    const piped = lastValueFrom(
      bus.events('Stream.*').pipe(
        filter((e) => n(e) % 2 === 0),
        map(n),
        take(2),
        toArray(),
      ),
    );
    const viaFrom = lastValueFrom(from(bus.events('Stream.tick')).pipe(map(n), take(2), toArray()));
    [1, 2, 3, 4, 6].forEach((i) => (i % 2 ? tick(i) : tock(i)));
    expect(await piped).to.deep.equal([2, 4]);
    expect(await viaFrom).to.deep.equal([1, 3]);
  });

  it('keeps delivering when a subscriber throws, reporting the error asynchronously', async () => {
    const seen: number[] = [];
    const reported: unknown[] = [];
    const original = config.onUnhandledError;
    config.onUnhandledError = (error) => reported.push(error);
    try {
      bus.events('Stream.tick').subscribe(() => {
        throw new Error('bad subscriber');
      });
      bus.events('Stream.*').subscribe((event) => seen.push(n(event)));
      expect(() => tick(7)).not.to.throw();
      tick(8);
      expect(reported).to.deep.equal([]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      config.onUnhandledError = original;
    }
    expect(seen).to.deep.equal([7, 8]);
    expect(reported.map((e) => (e as Error).message)).to.deep.equal(['bad subscriber', 'bad subscriber']);
  });

  it('skips a subscriber unsubscribed by an earlier one during the same event', () => {
    const seen: string[] = [];
    bus.events('Stream.tick').subscribe((event) => {
      seen.push(`first${n(event)}`);
      second.unsubscribe();
    });
    const second = bus.events('Stream.tick').subscribe((event) => seen.push(`second${n(event)}`));
    const third = bus.events('Stream.tick').subscribe((event) => {
      seen.push(`third${n(event)}`);
      third.unsubscribe();
    });
    tick(1);
    tick(2);
    expect(seen).to.deep.equal(['first1', 'third1', 'first2']);
  });
});
