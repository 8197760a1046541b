// End-to-end (issue 35): the Polish deployment's bot offers quick replies and a card with the PDF on `/`;
// a choice goes back as the visitor's message, the replies stay as a disabled record, and the rich-media
// code arrives as its own chunk only with the first structured message. Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { visitChat } from './chat-visit.mjs';

const demo = useDemo({ port: 0, simulator: { botRichMedia: true } });

test('/: the bot offers Wpłaty, Wypłata, Porozmawiaj z konsultantem and a PDF card; a choice is sent back once, the replies stay disabled', async () => {
  const { page, context, problems, chat } = await visitChat(demo, '/');
  try {
    const chunks = [];
    page.on('request', (r) => {
      if (/rich-media-[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.locator('la-sidebar button[data-channel=WebChat]').click();
    await chat.locator('[name=firstname]').fill('Anna');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    const log = chat.getByRole('log');
    const replies = log.getByRole('group', { name: 'Szybkie odpowiedzi' });
    await replies.waitFor();
    assert.equal(chunks.length, 1, 'the rich-media chunk, fetched with the first structured message');
    const names = await replies.getByRole('button').allTextContents();
    assert.deepEqual(names, ['Wpłaty', 'Wypłata', 'Porozmawiaj z konsultantem']);
    const pdf = log.getByRole('link', { name: /ochrona-danych\.pdf/ });
    await pdf.waitFor();
    assert.match(await pdf.getAttribute('href'), /\/ochrona-danych\.pdf$/);
    assert.equal(await pdf.getAttribute('rel'), 'noopener noreferrer');

    await replies.getByRole('button', { name: 'Porozmawiaj z konsultantem' }).click();
    // The choice is the visitor's message; the bot hands over.
    await log.locator('.la-transcript__bubble--client').getByText('Porozmawiaj z konsultantem').first().waitFor();
    await log.getByText('Przekazuję rozmowę do konsultanta').waitFor();
    const disabled = await replies.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-disabled')));
    assert.deepEqual(disabled, ['true', 'true', 'true']);
    await replies.getByRole('button', { name: 'Wpłaty' }).click({ force: true });
    await page.waitForTimeout(300);
    const sent = [...demo.server.simulator.state.chat.sessions.values()].flatMap((s) =>
      s.transcript.filter((m) => m.type === 'Message' && m.from.type === 'Client').map((m) => m.text),
    );
    assert.deepEqual(sent, ['Porozmawiaj z konsultantem'], 'one choice, sent once');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
