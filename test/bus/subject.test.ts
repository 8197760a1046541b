import { expect } from '@esm-bundle/chai';
import { from, map, take, toArray, lastValueFrom } from 'rxjs';
import type { InteropObservable } from 'rxjs';
import { Subject, ValueSubject } from '../../src/bus/index.ts';

// The loader's small observable (src/bus/subject.ts), which replaced RxJS in the loader: RxJS's semantics
// where the bus and the environment rely on them, and interop with RxJS for a plugin that wants operators.
describe('Subject', () => {
  it('delivers to functions and observers until they unsubscribe', () => {
    const subject = new Subject<number>();
    const seen: string[] = [];
    const a = subject.subscribe((n) => seen.push(`a${n}`));
    subject.subscribe({ next: (n) => seen.push(`b${n}`) });
    subject.next(1);
    a.unsubscribe();
    subject.next(2);
    expect(seen).to.deep.equal(['a1', 'b1', 'b2']);
  });

  it('skips an observer that an earlier observer unsubscribed during the same value', () => {
    const subject = new Subject<number>();
    const seen: number[] = [];
    subject.subscribe(() => second.unsubscribe());
    const second = subject.subscribe((n) => seen.push(n));
    subject.next(1);
    expect(seen).to.deep.equal([]);
  });

  it('keeps delivering when an observer throws, reporting the error asynchronously', async () => {
    const subject = new Subject<number>();
    const seen: number[] = [];
    const reported: unknown[] = [];
    const original = globalThis.setTimeout;
    // Collect what the subject rethrows later instead of letting it reach the test runner.
    globalThis.setTimeout = ((fn: () => void) => original(() => {
      try {
        fn();
      } catch (error) {
        reported.push(error);
      }
    })) as typeof setTimeout;
    try {
      subject.subscribe(() => {
        throw new Error('bad observer');
      });
      subject.subscribe((n) => seen.push(n));
      subject.next(7);
    } finally {
      globalThis.setTimeout = original;
    }
    await new Promise((resolve) => original(resolve, 5));
    expect(seen).to.deep.equal([7]);
    expect(reported.map((e) => (e as Error).message)).to.deep.equal(['bad observer']);
  });

  it('filters', () => {
    const subject = new Subject<number>();
    const seen: number[] = [];
    const even = subject.filter((n) => n % 2 === 0).subscribe((n) => seen.push(n));
    [1, 2, 3, 4].forEach((n) => subject.next(n));
    even.unsubscribe();
    subject.next(6);
    expect(seen).to.deep.equal([2, 4]);
  });

  it('is an interoperable observable: RxJS from() composes it with operators', async () => {
    const subject = new Subject<number>();
    // The interop method is added under Symbol.observable at run time; TypeScript's lib does not declare the symbol.
    const result = lastValueFrom(from(subject as unknown as InteropObservable<number>).pipe(map((n) => n * 10), take(2), toArray()));
    subject.next(1);
    subject.next(2);
    subject.next(3);
    expect(await result).to.deep.equal([10, 20]);
  });
});

describe('ValueSubject', () => {
  it('hands its current value to a new subscriber at once, then every new one', () => {
    const subject = new ValueSubject({ theme: 'dark' });
    const seen: string[] = [];
    subject.subscribe((v) => seen.push(v.theme));
    subject.next({ theme: 'light' });
    expect(subject.value.theme).to.equal('light');
    expect(seen).to.deep.equal(['dark', 'light']);
  });
});
