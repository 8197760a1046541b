import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { stepIndex, useRovingFocus, type RovingFocusOptions } from '../../elements/common/keyboard.ts';

// The shared arrow-key patterns (elements/common/keyboard.ts): the index arithmetic alone, and the roving
// focus hook in a list of real buttons driven by real key presses (Playwright's keyboard).

describe('stepIndex', () => {
  const LIST = { next: ['ArrowDown'], previous: ['ArrowUp'], edges: true };

  it('steps to the next and previous item and holds at the ends', () => {
    expect(stepIndex('ArrowDown', 1, 4, LIST)).to.equal(2);
    expect(stepIndex('ArrowUp', 1, 4, LIST)).to.equal(0);
    expect(stepIndex('ArrowDown', 3, 4, LIST)).to.equal(3);
    expect(stepIndex('ArrowUp', 0, 4, LIST)).to.equal(0);
  });

  it('wraps when asked: after the last the first, before the first (or none yet) the last', () => {
    const wrap = { ...LIST, wrap: true };
    expect(stepIndex('ArrowDown', 3, 4, wrap)).to.equal(0);
    expect(stepIndex('ArrowUp', 0, 4, wrap)).to.equal(3);
    expect(stepIndex('ArrowDown', -1, 4, wrap)).to.equal(0);
    expect(stepIndex('ArrowUp', -1, 4, wrap)).to.equal(3);
  });

  it('Home and End go to the ends only with edges', () => {
    expect(stepIndex('Home', 2, 4, LIST)).to.equal(0);
    expect(stepIndex('End', 1, 4, LIST)).to.equal(3);
    expect(stepIndex('Home', 2, 4, { next: ['ArrowDown'], previous: ['ArrowUp'] })).to.equal(null);
  });

  it('in a grid, Down and Up move a whole row, held at the ends', () => {
    const grid = { next: ['ArrowRight'], previous: ['ArrowLeft'], rowSize: 4 };
    expect(stepIndex('ArrowDown', 1, 10, grid)).to.equal(5);
    expect(stepIndex('ArrowDown', 7, 10, grid)).to.equal(9);
    expect(stepIndex('ArrowUp', 6, 10, grid)).to.equal(2);
    expect(stepIndex('ArrowUp', 2, 10, grid)).to.equal(0);
    expect(stepIndex('ArrowRight', 2, 10, grid)).to.equal(3);
  });

  it('other keys, and an empty list, are not its own', () => {
    expect(stepIndex('Enter', 1, 4, LIST)).to.equal(null);
    expect(stepIndex('ArrowLeft', 1, 4, LIST)).to.equal(null);
    expect(stepIndex('ArrowDown', -1, 0, { ...LIST, wrap: true })).to.equal(null);
  });
});

describe('useRovingFocus', () => {
  // A row narrower than its items, scrolled sideways (as the calendar's days are).
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('.row { display: flex; overflow-x: auto; width: 120px; } .row > button { flex: none; width: 100px; }');
  before(() => {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  let container: HTMLDivElement;
  let root: Root;
  /** Keys that reached the list's parent (after the hook's handler). */
  let outside: string[];
  /** What the hook's handler answered for each key. */
  let handled: boolean[];

  function List({ options }: { options: RovingFocusOptions }) {
    const onKeyDown = useRovingFocus(options);
    return (
      <div role="group" className="parent" onKeyDown={(event) => outside.push(event.key)}>
        <div role="group" className="list" onKeyDown={(event) => handled.push(onKeyDown(event))}>
          {['one', 'two', 'three', 'four'].map((name, i) => (
            <button key={name} type="button" className={name} tabIndex={i === 0 ? 0 : -1} disabled={name === 'three' && options.selector.includes('disabled')}>
              {name}
              {name === 'two' ? <a href="#inside">inside</a> : null}
            </button>
          ))}
        </div>
      </div>
    );
  }

  function mount(options: Partial<RovingFocusOptions> = {}) {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    flushSync(() => root.render(<List options={{ selector: 'button', next: ['ArrowDown'], previous: ['ArrowUp'], edges: true, ...options }} />));
  }

  const button = (name: string) => container.querySelector<HTMLButtonElement>(`.${name}`)!;
  const focused = () => (document.activeElement as HTMLElement).className;
  const press = (key: string) => sendKeys({ press: key });

  beforeEach(() => {
    outside = [];
    handled = [];
  });
  afterEach(() => {
    root.unmount();
    container.remove();
  });

  it('moves focus between the items with the arrow keys, Home and End, and prevents their default', async () => {
    mount();
    button('one').focus();
    await press('ArrowDown');
    expect(focused()).to.equal('two');
    await press('End');
    expect(focused()).to.equal('four');
    await press('ArrowDown');
    expect(focused()).to.equal('four', 'held at the end');
    await press('Home');
    expect(focused()).to.equal('one');
    await press('ArrowUp');
    expect(focused()).to.equal('one', 'held at the start');
    expect(handled).to.deep.equal([true, true, true, true, true]);
    expect(outside, 'the keys still bubble').to.have.length(5);
    const event = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    button('one').dispatchEvent(event);
    expect(event.defaultPrevented, 'the page does not scroll').to.equal(true);
  });

  it('wraps when asked', async () => {
    mount({ wrap: true });
    button('four').focus();
    await press('ArrowDown');
    expect(focused()).to.equal('one');
    await press('ArrowUp');
    expect(focused()).to.equal('four');
  });

  it('leaves other keys, and keys from inside an item, alone', async () => {
    mount();
    button('one').focus();
    await press('ArrowRight');
    expect(focused()).to.equal('one');
    container.querySelector<HTMLAnchorElement>('a')!.focus();
    await press('ArrowDown');
    expect(document.activeElement?.tagName).to.equal('A');
    expect(handled).to.deep.equal([false, false]);
  });

  it('skips items outside the selector (disabled buttons)', async () => {
    mount({ selector: 'button:not([disabled])' });
    button('two').focus();
    await press('ArrowDown');
    expect(focused()).to.equal('four');
  });

  it('with tabStop, keeps one Tab stop on the item moved to', async () => {
    mount({ tabStop: true });
    button('one').focus();
    await press('ArrowDown');
    await press('ArrowDown');
    expect(['one', 'two', 'three', 'four'].map((name) => button(name).tabIndex)).to.deep.equal([-1, -1, 0, -1]);
  });

  it('without tabStop, leaves the tabindex to the view', async () => {
    mount();
    button('one').focus();
    await press('ArrowDown');
    expect(['one', 'two', 'three', 'four'].map((name) => button(name).tabIndex)).to.deep.equal([0, -1, -1, -1]);
  });

  it('with stopPropagation, a handled key goes no further (an unhandled one does)', async () => {
    mount({ stopPropagation: true });
    button('one').focus();
    await press('ArrowDown');
    await press('Escape');
    expect(outside).to.deep.equal(['Escape']);
  });

  it('with reveal, scrolls the whole item into its scroller', async () => {
    mount({ reveal: true });
    const list = container.querySelector<HTMLElement>('.list')!;
    list.classList.add('row');
    button('one').focus();
    await press('ArrowDown');
    // focus() alone scrolls the partly visible second button only as far as the browser likes; reveal shows all of it.
    const box = list.getBoundingClientRect();
    const item = button('two').getBoundingClientRect();
    expect(item.left).to.be.at.least(box.left - 0.5);
    expect(item.right).to.be.at.most(box.right + 0.5);
  });

  it('reads the latest options on each key', async () => {
    mount();
    flushSync(() => root.render(<List options={{ selector: 'button', next: ['ArrowRight'], previous: ['ArrowLeft'] }} />));
    button('one').focus();
    await press('ArrowRight');
    expect(focused()).to.equal('two');
    await press('ArrowDown');
    expect(focused()).to.equal('two');
  });
});
