import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { advanceUntil, bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { alertLines } from '../../elements/chat/chat.view.tsx';
import { createTranslator } from '../../src/app/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };

// web-chat.md §8 "Chat window messages" as the visitor reads them: FileTransferSizeError with the file's
// name and the limit, 201 with the allowed count, 202 with the size limit in Bytes … TB (one decimal),
// CriticalFault when the server forgets a running chat, the generic text for an unknown code; en and pl.
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'test-chat-messages', preload: 'intent' },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    uploadsEnabled: true,
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true }] },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector('la-chat')?.shadowRoot?.querySelector<T & Element>(selector) ?? null;
const dialog = () => $('[role=alertdialog]');
const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

async function startChat() {
  await api.command('WebChat.open');
  const input = await waitFor(() => $<HTMLInputElement>('[name=firstname]'), 6000, 'the form');
  input.focus();
  await sendKeys({ type: 'Ewa' });
  await sendKeys({ press: 'Enter' });
  await waitFor(() => $('textarea'), 6000, 'the transcript and input');
}

/** The visitor picks `files` in the upload dialog (offered once the agent has joined). */
async function pick(files: File[]) {
  await advanceUntil(sim, () => $('input[type=file]'), 'the agent, and with them the uploads');
  const input = $<HTMLInputElement>('input[type=file]')!;
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

async function dismiss() {
  const ok = [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'OK')!;
  ok.click();
  await waitFor(() => !dialog(), 2000, 'the alert to close');
}

describe('<la-chat> web-chat.md §8 messages', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
    await control('/__control/chat', {
      fileLimits: { maxFiles: 2, maxFileSize: 1024, maxTotalSize: 1536, needAgent: false, types: ['pdf', 'txt'] },
    });
  });
  after(() => sim.dispose());
  afterEach(() => endChat(api));

  it('a file over the size limit: FileTransferSizeError names the file and the limit', async () => {
    await startChat();
    await pick([file('report-2026.pdf', 2000)]);
    await waitFor(() => dialog(), 6000, 'the alert');
    expect(dialog()!.textContent).to.contain('The file report-2026.pdf is larger than the maximum size allowed (1.0 KB).');
    await dismiss();
  });

  it('too many files and too many bytes: 201 with the allowed count, 202 with the limit in KB', async () => {
    await startChat();
    await pick([file('a.pdf', 600), file('b.pdf', 600), file('c.pdf', 600)]);
    await waitFor(() => dialog(), 6000, 'the alert');
    const text = dialog()!.textContent!;
    expect(text).to.contain('Too many attachments: at most 2 in this chat');
    expect(text).to.contain('The attachments exceed the size limit of 1.5 KB');
    expect(text).to.not.contain('An unexpected error occurred');
    await dismiss();
  });

  it('a running chat the server no longer knows: CriticalFault, and the chat has ended', async () => {
    await startChat();
    // The contact centre forgets every chat: the next poll is refused as 'not found'.
    sim.reset();
    await waitFor(() => dialog(), 8000, 'the alert');
    expect(dialog()!.textContent).to.contain('The chat session ended unexpectedly.');
    await dismiss();
    expect(await api.command('WebChatService.verifySession')).to.deep.include({ sessionActive: false });
  });

  it('alert lines in Polish: sizes in the language’s digits and units; an unknown code reads the generic text', () => {
    const polish = createTranslator('pl', pl, en);
    const alert = {
      key: 'serverErrors',
      codes: [201, 202, 0, 999],
      keys: ['', '', 'chat.error.FileTransferSizeError', ''],
      messages: [],
      details: [{ max: 5 }, { max: 10_485_760 }, { name: 'a-very-long-file-name-of-the-visitor-2026.pdf', max: 5_242_880 }, null],
    };
    expect(alertLines(polish, alert)).to.deep.equal([
      'Zbyt wiele załączników: w tym czacie dozwolone najwyżej 5',
      'Przekroczono limit rozmiaru załączników (10,0 MB)',
      // Long names shortened as the transcript shortens them.
      'Plik a-very-long-file…6.pdf jest większy niż dozwolony rozmiar (5,0 MB).',
      pl['chat.error.Generic'],
    ]);
    // Without a known limit, 201 and 202 keep their short texts.
    const english = createTranslator('en', en, en);
    expect(alertLines(english, { key: 'serverErrors', codes: [201, 202], messages: [] })).to.deep.equal([en['chat.error.201'], en['chat.error.202']]);
  });
});
