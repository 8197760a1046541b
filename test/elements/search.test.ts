import { expect } from '@esm-bundle/chai';
import { controlData } from '../helpers/simulator.ts';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import { deepActiveElement } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// <la-search> opened by a command on a page without it: docked, English window over the simulator's
// Polish knowledge base (v2 at /api/kc).
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'test-search', preload: 'intent' },
  knowledgecenter: { host: '/api/kc', apikey: 'demo-key', lang: 'pl' },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-search');
const root = () => host()?.shadowRoot ?? null;
const $ = <T extends Element = HTMLElement>(selector: string) => root()?.querySelector<T & Element>(selector) ?? null;
const $$ = (selector: string) => [...(root()?.querySelectorAll<HTMLElement>(selector) ?? [])];
const input = () => $<HTMLInputElement>('input[role=combobox]')!;
const active = () => deepActiveElement();
const text = (selector: string) => $(selector)?.textContent ?? null;
const status = () => $('.la-search > [role=status]')?.textContent ?? '';
const options = () => $$('[role=option]');
const control = (path: string, body?: unknown) =>
  fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const knowledge = async () =>
  (await (await controlData('/__control/knowledge')).json()) as { votes: Array<Record<string, unknown>>; views: unknown[]; notFound: unknown[] };
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.message,
  );

/** axe in both themes (the light one is the page's). */
async function accessibleInBothThemes() {
  await expectAccessible(host()!);
  await api.command('App.setTheme', { theme: 'dark' });
  await expectAccessible(host()!);
  await api.command('App.setTheme', { theme: 'light' });
}

async function ask(question: string) {
  input().focus();
  input().select();
  await sendKeys({ type: question });
  await sendKeys({ press: 'Enter' });
}

describe('<la-search>', () => {
  const events: Array<{ name: string; data: unknown }> = [];
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
    api.subscribe('Search.*', (event) => events.push({ name: event.name, data: event.data }));
  });
  after(() => sim.dispose());

  it('opens docked and collapsed, titled Ask a Question, focus in the question box; rejects word for word', async () => {
    await api.command('Search.open');
    const win = await waitFor(() => $('[part=window]'), 4000, 'the window');
    expect(win.querySelector('h2')!.textContent).to.equal('Ask a Question');
    expect($('.la-search--collapsed')).to.not.equal(null);
    await waitFor(() => active() === input(), 4000, 'focus in the box');
    expect(input().getAttribute('aria-expanded')).to.equal('false');
    expect(root()!.getElementById(input().getAttribute('aria-controls')!)!.getAttribute('role')).to.equal('listbox');
    expect(root()!.querySelector('style, [style]')).to.equal(null);
    expect((await api.command('WindowManager.getRegistry')).map((e) => e.plugin)).to.include('Search');
    expect(await rejection(api.command('Search.open'))).to.equal('Already opened');
    expect(await rejection(api.command('Search.openDocument', { kbId: 'ppk' } as never))).to.equal('All mandatory arguments must be provided');
    expect(await rejection(api.command('Search.openDocument', undefined as never))).to.equal('All mandatory arguments must be provided');
    expect(await rejection(api.command('Search.configure', {}))).to.equal('Invalid configuration');
    expect(await rejection(api.command('Search.hideSearchButton'))).to.equal('Button already hidden');
    expect(events.map((e) => e.name)).to.deep.equal(['Search.opened']);
  });

  it('has no axe violations collapsed (both themes)', async () => {
    await accessibleInBothThemes();
  });

  it("typing 'wypłata' suggests at most 5 questions; the keyboard picks one and its answers show", async () => {
    input().focus();
    await sendKeys({ type: 'wypłata' });
    await waitFor(() => options().length > 0, 4000, 'suggestions');
    expect(options().length).to.be.within(1, 5);
    expect(input().getAttribute('aria-expanded')).to.equal('true');
    // Every suggestion is on screen inside the collapsed window (not clipped by its scrolling body).
    for (const option of options()) {
      const box = option.getBoundingClientRect();
      const hit = root()!.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      expect(hit === option, `${option.textContent} is covered by ${hit?.localName}.${hit?.className}`).to.equal(true);
    }
    expect(input().hasAttribute('aria-activedescendant')).to.equal(false);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    const second = options()[1] ?? options()[0]!;
    expect(input().getAttribute('aria-activedescendant')).to.equal(second.id);
    expect(second.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowUp' });
    const picked = options()[0]!;
    expect(input().getAttribute('aria-activedescendant')).to.equal(picked.id);
    const question = picked.textContent!;
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $$('.la-search__result').length > 0, 4000, 'results');
    expect(input().value).to.equal(question);
    expect(input().getAttribute('aria-expanded')).to.equal('false');
    expect($('.la-search--collapsed')).to.equal(null);
    expect(active()).to.equal(input());
    const count = $$('.la-search__result').length;
    expect(count).to.be.within(1, 3);
    await waitFor(() => status() === (count === 1 ? '1 answer found' : `${count} answers found`), 4000, 'the live region');
    const searched = events.find((e) => e.name === 'Search.searched')!.data as { query: string; count: number };
    expect(searched).to.include({ query: question, count });
  });

  it('cuts snippets to 250 characters plus an ellipsis, each result with its More', async () => {
    for (const snip of $$('.la-search__snippet')) {
      const chars = [...snip.textContent!];
      expect(chars.length).to.be.at.most(251);
      if (chars.length === 251) expect(chars.at(-1)).to.equal('…');
    }
    expect($$('.la-search__more').map((b) => b.textContent)).to.deep.equal($$('.la-search__result').map(() => 'More'));
  });

  it('has no axe violations with results (both themes)', async () => {
    await accessibleInBothThemes();
  });

  it('Escape closes the suggestions first, not the window', async () => {
    input().focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' z' });
    await waitFor(() => options().length > 0, 4000, 'suggestions');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => options().length === 0, 4000, 'no suggestions');
    expect($('[part=window]')).to.not.equal(null);
    expect(input().getAttribute('aria-expanded')).to.equal('false');
    await ask('wypłata');
    await waitFor(() => $$('.la-search__result').length > 0, 4000, 'results');
  });

  it('More opens the article: sanitised answer, categories, attachments as links, focus on its title; the visit arrives', async () => {
    const before = (await knowledge()).views.length;
    const more = $<HTMLButtonElement>('.la-search__more')!;
    const title = more.parentElement!.querySelector('h3')!.textContent;
    more.focus();
    await sendKeys({ press: 'Enter' });
    const heading = await waitFor(() => $('.la-search__document-title'), 4000, 'the document');
    expect(heading.textContent).to.equal(title);
    await waitFor(() => active() === heading, 4000, 'focus on the title');
    expect($('.la-search__answer')!.childNodes.length).to.be.greaterThan(0);
    expect($('.la-search__answer script, .la-search__answer [onclick]')).to.equal(null);
    expect($$('.la-search__categories li').length).to.be.greaterThan(0);
    expect($('input[role=combobox]')).to.equal(null);
    await waitFor(async () => (await knowledge()).views.length > before, 4000, 'the visit');
    expect(events.at(-1)!.name).to.equal('Search.documentOpened');
  });

  it('has no axe violations in the document (both themes)', async () => {
    await accessibleInBothThemes();
  });

  it('votes Yes with the keyboard: the vote arrives at the simulator, the buttons lock and thank the visitor, focus stays on Yes', async () => {
    const doc = events.at(-1)!.data as { kbId: string; docId: string };
    const yes = $$('.la-helpful button')[0] as HTMLButtonElement;
    expect(yes.textContent).to.equal('Yes');
    yes.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => text('.la-helpful__note') === 'Thank you for your feedback!', 4000, 'the thank-you');
    // Locked, but still focusable: a disabled button would drop the keyboard user's focus to <body>.
    expect(($$('.la-helpful button') as HTMLButtonElement[]).map((b) => b.getAttribute('aria-disabled'))).to.deep.equal(['true', 'true']);
    expect(active()).to.equal(yes);
    await sendKeys({ press: 'Enter' });
    expect(yes.getAttribute('aria-pressed')).to.equal('true');
    const { votes } = await knowledge();
    const vote = votes.at(-1)!;
    expect(vote).to.include({ kbId: doc.kbId, docId: doc.docId, relevant: true });
    expect(
      votes.filter((v) => v.docId === doc.docId),
      'Enter on the locked button votes nothing more',
    ).to.have.length(1);
    expect(vote.searchId).to.be.a('string');
    expect(events.at(-1)).to.deep.equal({ name: 'Search.voted', data: { kbId: doc.kbId, docId: doc.docId, relevant: true } });
  });

  it('shows Submit only with both stars and a comment; the rating arrives', async () => {
    const submit = () => $('.la-search__rating button[type=submit]');
    expect(submit()).to.equal(null);
    const fourth = $$('.la-search__stars input')[3] as HTMLInputElement;
    fourth.focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => fourth.checked, 4000, 'four stars');
    expect(submit()).to.equal(null);
    $<HTMLTextAreaElement>('textarea[name=comment]')!.focus();
    await sendKeys({ type: 'Jasne' });
    await waitFor(() => submit(), 4000, 'the submit button');
    await expectAccessible(host()!);
    // Submitted from the keyboard: the form goes, the focus goes to the thank-you (never to <body>).
    (submit() as HTMLButtonElement).focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $$('.la-search__note').some((n) => n.textContent === 'Thank you for your rating!'), 4000, 'the rating thank-you');
    expect(events.at(-1)!.name).to.equal('Search.rated');
    expect(active()?.textContent, 'focus on the thank-you').to.equal('Thank you for your rating!');
  });

  it('Back returns to the list with focus on the More that opened the article', async () => {
    const back = $$('.la-search__document button').find((b) => b.textContent === 'Back')!;
    back.click();
    await waitFor(() => $$('.la-search__result').length > 0, 4000, 'the list');
    expect(active()?.classList.contains('la-search__more')).to.equal(true);
  });

  it('a question without an answer shows the no-results view, reported as unanswered', async () => {
    const before = (await knowledge()).notFound.length;
    await ask('xyzzy qwerty');
    await waitFor(() => text('.la-search__message h3') === 'No Results', 4000, 'no results');
    expect($$('.la-search__message p').map((p) => p.textContent)).to.deep.equal([
      "We're sorry but we could not find a suitable answer for you.",
      'Could you please try rephrasing the question?',
    ]);
    await waitFor(() => status().startsWith('No Results'), 4000, 'the live region');
    await waitFor(async () => (await knowledge()).notFound.length > before, 4000, 'unanswered');
    await accessibleInBothThemes();
  });

  it('with the knowledge service faulted the failure view shows', async () => {
    await control('/__control/faults', { endpoint: 'knowledge.search', failureRate: 1 });
    try {
      await ask('wypłata');
      await waitFor(() => text('.la-search__message h3') === 'Error!', 4000, 'the failure view');
      expect(text('.la-search__message p')).to.equal('Knowledge Center Server is currently not available');
      expect(events.at(-1)!.name).to.equal('Search.failed');
      await accessibleInBothThemes();
    } finally {
      await control('/__control/faults', { endpoint: 'knowledge.search', clear: true });
    }
    await ask('wypłata');
    await waitFor(() => $$('.la-search__result').length > 0, 4000, 'results again');
  });

  it('openDocument shows a document in the open window, and opens a closed one on it; Close gives focus back to the opener', async () => {
    await api.command('Search.openDocument', { kbId: 'ppk', docId: 'ppk-009' });
    await waitFor(() => $('.la-search__document-title'), 4000, 'the document');
    await api.command('Search.close');
    await waitFor(() => !$('[part=window]'), 4000, 'closed');
    // The page's own button opens the article (LiveAssist.command from its script).
    const opener = document.createElement('button');
    opener.textContent = 'Help';
    document.body.prepend(opener);
    opener.focus();
    await api.command('Search.openDocument', { kbId: 'ppk', docId: 'ppk-009' });
    await waitFor(() => $('.la-search__document-title'), 4000, 'the document');
    const close = $$('.la-search__document button').find((b) => b.textContent === 'Close')!;
    close.click();
    await waitFor(() => !$('[part=window]'), 4000, 'closed');
    expect(events.at(-1)!.name).to.equal('Search.closed');
    await waitFor(() => active() === opener, 4000, 'focus back on the opener');
    opener.remove();
    expect(await rejection(api.command('Search.close'))).to.equal('Already closed');
  });

  it('Search.open with a query opens expanded on its answers; the side button shows after its delay and opens the window', async () => {
    await api.command('Search.open', { query: 'rezygnacja' });
    await waitFor(() => $$('.la-search__result').length > 0, 4000, 'results');
    await api.command('Search.close');
    await api.command('Search.showSearchButton');
    expect(await rejection(api.command('Search.showSearchButton'))).to.equal('Button already visible');
    const button = await waitFor(() => $<HTMLButtonElement>('button.la-side-button--visible'), 4000, 'the side button');
    expect(button.textContent).to.equal('Search');
    button.click();
    await waitFor(() => $('[part=window]'), 4000, 'the window');
    await waitFor(() => active() === input(), 4000, 'focus in the box');
    await api.command('Search.hideSearchButton');
    await api.command('Search.close');
  });
});
