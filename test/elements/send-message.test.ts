import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { http, HttpResponse } from 'msw';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// <la-send-message> opened by a command on a page without it: docked, English, against the simulator.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'test-sm', preload: 'intent' },
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits', userData: { source: 'element-test' } },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-send-message');
const root = () => host()?.shadowRoot ?? null;
const $ = <T extends Element = HTMLElement>(selector: string) => root()?.querySelector<T & Element>(selector) ?? null;
const $$ = (selector: string) => [...(root()?.querySelectorAll<HTMLElement>(selector) ?? [])];
const active = () => root()?.activeElement as HTMLElement | null;
const control = (body: unknown) =>
  fetch('/__control/sendmessage', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

function attach(...files: File[]) {
  const input = $<HTMLInputElement>('input[type=file]')!;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
const txt = (name: string, bytes: number) => new File(['x'.repeat(bytes)], name, { type: 'text/plain' });

async function typeInto(name: string, text: string) {
  $<HTMLInputElement>(`[name=${name}]`)!.focus();
  await sendKeys({ type: text });
}
async function fillForm() {
  await typeInto('firstName', 'Anna');
  await typeInto('lastName', 'Nowak');
  await typeInto('email', 'anna@example.com');
  await typeInto('subject', 'Wpłaty');
  await typeInto('text', 'Ile wynosi dopłata?');
}
const fieldError = (name: string) => {
  const id = $(`[name=${name}]`)!.getAttribute('aria-describedby') ?? '';
  return root()!.getElementById(id.split(' ').pop()!)?.textContent ?? null;
};
async function closeForced() {
  await api.command('SendMessage.close', { confirmed: true }).catch(() => undefined);
  await waitFor(() => !$('[part=window]'), 4000, 'the window to close');
}

describe('<la-send-message>', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });

  it('is appended docked when SendMessage.open runs on a page without it, with adopted sheets only', async () => {
    expect(host() === null).to.equal(true);
    const events: string[] = [];
    document.addEventListener('la-opened', (e) => events.push((e.target as Element).localName));
    await api.command('SendMessage.open');
    const win = await waitFor(() => $('[part=window]'), 4000, 'the window');
    expect(host()!.getAttribute('mode')).to.equal('dock');
    expect(win.classList.contains('la-window--dock')).to.equal(true);
    expect(win.querySelector('h2')!.textContent).to.equal('Send Message');
    expect($<HTMLTextAreaElement>('textarea[name=text]')!.placeholder).to.equal('Type your message here...');
    expect(events).to.deep.equal(['la-send-message']);
    expect(root()!.querySelector('style, [style]') === null).to.equal(true);
    const registry = await api.command('WindowManager.getRegistry');
    expect(registry.map((e) => e.plugin)).to.include('SendMessage');
  });

  it("rejects a second open with 'Already opened', and bad redirects", async () => {
    expect(await api.command('SendMessage.open').catch((e: Error) => e.message)).to.equal('Already opened');
    expect(await api.command('SendMessage.redirect').catch((e: Error) => e.message)).to.equal('No redirect URL configured');
    expect(await api.command('SendMessage.redirect', { url: 'javascript:alert(1)' }).catch((e: Error) => e.message)).to.equal('Invalid redirect URL');
    expect(await api.command('SendMessage.configure', {} as never).catch((e: Error) => e.message)).to.equal('Invalid configuration');
    expect(await api.command('SendMessageService.configure', {}).catch((e: Error) => e.message)).to.equal('Invalid configuration');
    expect(await api.command('SendMessageService.sendForm', undefined as never).catch((e: Error) => e.message)).to.equal('No formData found');
  });

  it('has no axe violations in the form', async () => {
    await expectAccessible(host()!);
  });

  it('shows every required message on an empty send, focuses the first field, and is accessible', async () => {
    $<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => $('[name=firstName][aria-invalid=true]'), 4000, 'field errors');
    expect(fieldError('firstName')).to.equal('First Name required');
    expect(fieldError('lastName')).to.equal('Last Name required');
    expect(fieldError('email')).to.equal('Email address required');
    expect(fieldError('subject')).to.equal('Subject required');
    expect(fieldError('text')).to.equal('Message text content required');
    expect(active()?.getAttribute('name')).to.equal('firstName');
    await expectAccessible(host()!);
    await typeInto('email', 'anna@');
    $<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => fieldError('email') === 'Invalid email - From address.', 4000, 'the 381 message');
  });

  it('attaches files through the input, lists them with sizes and total, and removes one by its named button', async () => {
    attach(txt('a.txt', 512), new File([new Uint8Array(1024)], 'b.pdf', { type: 'application/pdf' }));
    await waitFor(() => $$('.la-send-message__files li').length === 2, 4000, 'two files');
    expect($$('.la-send-message__file-size').map((e) => e.textContent)).to.deep.equal(['512 Bytes', '1.0 KB']);
    expect($('.la-send-message__total')!.textContent).to.equal('Total size: 1.5 KB');
    const remove = $<HTMLButtonElement>('button[aria-label="Remove a.txt"]')!;
    remove.click();
    await waitFor(() => $$('.la-send-message__files li').length === 1, 4000, 'one file');
    expect($('.la-send-message__files li')!.textContent).to.contain('b.pdf');
    $<HTMLButtonElement>('button[aria-label="Remove b.pdf"]')!.click();
    await waitFor(() => !$('.la-send-message__files'), 4000, 'no files');
  });

  it('refuses a file of another type (203) and files over the server limits (201, 202)', async () => {
    attach(new File(['MZ'], 'run.exe', { type: 'application/x-msdownload' }));
    await waitFor(() => $('.la-send-message__file-problem'), 4000, 'the type problem');
    expect($('.la-send-message__file-problem')!.textContent).to.equal('run.exe: Unsupported file type. Please upload images, PDFs, text files and ZIPs.');
    attach(txt('1.txt', 1), txt('2.txt', 1), txt('3.txt', 1), txt('4.txt', 1));
    await waitFor(() => $$('.la-send-message__files li').length === 3, 4000, 'three files');
    expect($('.la-send-message__file-problem')!.textContent).to.equal('4.txt: Total number of attachments exceeds limit: 3');
    for (const name of ['1.txt', '2.txt', '3.txt']) {
      $<HTMLButtonElement>(`button[aria-label="Remove ${name}"]`)!.click();
      await waitFor(() => !$(`button[aria-label="Remove ${name}"]`), 4000, `${name} removed`);
    }
    // Configured limits apply as the server's do (a multi-megabyte Blob is avoided in the test browser).
    await api.command('SendMessage.configure', { limits: { maxFiles: 3, maxTotalSize: 2048 } });
    attach(new File([new Uint8Array(2049)], 'big.zip', { type: 'application/zip' }));
    await waitFor(() => $('.la-send-message__file-problem')?.textContent?.includes('big.zip'), 4000, 'the size problem');
    expect($('.la-send-message__file-problem')!.textContent).to.equal('big.zip: Total size of attachments exceeds limit: 2.0 KB');
    expect($('.la-send-message__files') === null).to.equal(true);
  });

  it('asks before closing with values (the command is refused), No keeps everything; accessible', async () => {
    const message = await api.command('SendMessage.close').catch((e: Error) => e.message);
    expect(message).to.equal('Form still contains values. Cannot close until user confirms');
    const dialog = await waitFor(() => $('[role=alertdialog]'), 4000, 'the confirmation');
    expect(dialog.textContent).to.contain('Close this window?');
    await expectAccessible(host()!);
    expect(active()?.textContent).to.equal('No');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !$('[role=alertdialog]'), 4000, 'the dialog to go');
    expect($<HTMLInputElement>('[name=email]')!.value).to.equal('anna@');
  });

  it('a 202 from the server shows its message; OK re-enables the form with every value and file kept', async () => {
    await closeForced();
    await api.command('SendMessage.open');
    await waitFor(() => $('[name=firstName]'), 4000, 'the form');
    await fillForm();
    attach(txt('a.txt', 40), txt('b.txt', 40));
    await waitFor(() => $$('.la-send-message__files li').length === 2, 4000, 'two files');
    await control({ maxTotalSize: 50 });
    $<HTMLButtonElement>('button[type=submit]')!.click();
    const dialog = await waitFor(() => $('[role=alertdialog]'), 4000, 'the error alert');
    expect(dialog.querySelector('li')!.textContent).to.equal('Total size of attachments exceeds limit: 50 Bytes');
    await expectAccessible(host()!);
    (dialog.querySelector('button') as HTMLButtonElement).click();
    await waitFor(() => !$('[role=alertdialog]'), 4000, 'the alert to go');
    expect($('form')!.hasAttribute('inert')).to.equal(false);
    expect($<HTMLInputElement>('[name=firstName]')!.value).to.equal('Anna');
    expect($<HTMLTextAreaElement>('[name=text]')!.value).to.equal('Ile wynosi dopłata?');
    expect($$('.la-send-message__files li').length).to.equal(2);
    await control({ maxTotalSize: 5242880 });
  });

  it('a timeout is "not confirmed", not "not sent"; Try again sends it once (the same idempotency key)', async () => {
    const before = sim.state.messages.length;
    await api.command('SendMessageService.configure', { timeout: 200 });
    await fetch('/__control/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: 'sendmessage', latencyMs: 1000 }),
    });
    try {
      $<HTMLButtonElement>('button[type=submit]')!.click();
      const dialog = await waitFor(() => $('[role=alertdialog]'), 4000, 'the retry alert');
      expect(dialog.textContent).to.contain('Message not confirmed');
      expect(dialog.textContent).to.contain('We could not confirm that your message arrived. Retrying will not send it twice.');
      expect(dialog.textContent).to.not.contain('not sent');
      await api.command('SendMessageService.configure', { timeout: 3000 });
      // The server is fast again; the first try is still running there when the retry arrives.
      await fetch('/__control/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ endpoint: 'sendmessage', clear: true }),
      });
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
      await waitFor(() => $('.la-send-message__success'), 4000, 'the success view');
    } finally {
      await fetch('/__control/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ endpoint: 'sendmessage', clear: true }),
      });
      await api.command('SendMessageService.configure', { timeout: 3000 });
    }
    expect(sim.state.messages.length - before, 'stored once').to.equal(1);
    await closeForced();
  });

  it('a network failure is "not sent" with Try again', async () => {
    await api.command('SendMessage.open');
    await waitFor(() => $('[name=firstName]'), 4000, 'the form');
    await fillForm();
    sim.worker.use(http.post('/api/sendmessage', () => HttpResponse.error(), { once: true }));
    $<HTMLButtonElement>('button[type=submit]')!.click();
    const dialog = await waitFor(() => $('[role=alertdialog]'), 4000, 'the retry alert');
    expect(dialog.textContent).to.contain('Message not sent');
    expect(dialog.textContent).to.contain('Unable to reach server. Please try again.');
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await waitFor(() => $('.la-send-message__success'), 4000, 'the success view');
    await closeForced();
  });

  it('sends with the keyboard alone and shows the success view; accessible', async () => {
    const completed: string[] = [];
    const off = api.subscribe('SendMessage.completed', (e) => completed.push(e.data.interactionId));
    await api.command('SendMessage.open');
    await waitFor(() => $('[name=firstName]'), 4000, 'the form');
    $<HTMLInputElement>('[name=firstName]')!.focus();
    for (const text of ['Jan', 'Kowalski', 'jan@example.com', 'Pytanie', 'Treść']) {
      await sendKeys({ type: text });
      await sendKeys({ press: 'Tab' });
    }
    expect(active()?.getAttribute('type')).to.equal('file');
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent).to.equal('Send');
    await sendKeys({ press: 'Enter' });
    const success = await waitFor(() => $('.la-send-message__success'), 4000, 'the success view');
    expect(success.textContent).to.contain('Your message has been sent...');
    expect($('form') === null).to.equal(true);
    expect(completed).to.have.length(1);
    expect(sim.state.messages.at(-1)).to.include({ firstName: 'Jan', lastName: 'Kowalski', interactionId: completed[0] });
    expect(sim.state.messages.at(-1)!.userData).to.deep.equal({ source: 'element-test' });
    await expectAccessible(host()!);
    expect(await api.command('SendMessage.close').catch((e: Error) => e.message)).to.equal(undefined);
    off();
  });

  it('minimizes and restores; the commands refuse the same state twice and a closed window', async () => {
    expect(await api.command('SendMessage.minimize').catch((e: Error) => e.message)).to.equal('Send message is not currently open');
    expect(await api.command('SendMessage.close').catch((e: Error) => e.message)).to.equal('Already closed');
    await api.command('SendMessage.open');
    await api.command('SendMessage.minimize');
    await waitFor(() => $('.la-window--minimized'), 4000, 'minimized');
    expect($('form') === null).to.equal(true);
    expect(await api.command('SendMessage.minimize').catch((e: Error) => e.message)).to.equal('Already minimized');
    await api.command('SendMessage.unminimize');
    expect(await api.command('SendMessage.unminimize').catch((e: Error) => e.message)).to.equal('Already unminimized');
    await waitFor(() => $('form'), 4000, 'the form again');
    await api.command('SendMessage.close');
  });

  it("reads the server's attachment limits once the browser is idle after the open, not in the open's work", async () => {
    await closeForced();
    // The earlier opens' own requests are done.
    await new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 100)));
    let asked = 0;
    sim.worker.use(
      http.get(
        '/api/sendmessage/limits',
        () => {
          asked += 1;
          return HttpResponse.json({ maxFiles: 3, maxTotalSize: 10_485_760 });
        },
        { once: true },
      ),
    );
    const original = window.requestIdleCallback;
    const held: Array<() => void> = [];
    try {
      window.requestIdleCallback = ((go: IdleRequestCallback) => {
        held.push(() => go({ didTimeout: false, timeRemaining: () => 10 }));
        return held.length;
      }) as typeof window.requestIdleCallback;
      await api.command('SendMessage.open');
      await waitFor(() => $('[name=firstName]'), 4000, 'the form');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(asked, 'no request before the browser is idle').to.equal(0);
      expect(held.length).to.be.greaterThan(0);
      held.splice(0).forEach((go) => go());
      await waitFor(() => asked === 1, 4000, 'the limits request');
    } finally {
      window.requestIdleCallback = original;
    }
  });
});
