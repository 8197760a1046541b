// End-to-end: the chat's configurable start form on /en?form=custom (demo/assets/en-config.js) against the
// demo server and simulator: the site's validate refuses a bad plan number as the visitor types, the
// required consent box is asked for, and the inputs that are not start fields arrive at the simulator as
// the chat's userData beside webchat.userData's automatic keys. Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { visitChat } from './chat-visit.mjs';

const demo = useDemo();

/** The simulator's newest chat session. */
const newestSession = () => [...demo.server.simulator.state.chat.sessions.values()].at(-1);

test('/en?form=custom: select, validate while typing, consent box, hidden page field; userData arrives at the simulator', async () => {
  const { page, context, problems, chat } = await visitChat(demo, '/en?form=custom');
  try {
    const before = demo.server.simulator.state.chat.sessions.size;
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.getByLabel('First name').fill('Anna');
    await chat.getByLabel('Email').fill('anna@example.com');
    await chat.getByLabel('Topic').selectOption('withdrawals');
    const plan = chat.getByLabel('Plan number (optional)');
    await plan.fill('PPK-12');
    // The site's validate runs as the visitor types: its error is tied to the field.
    await chat.getByText('A plan number is PPK- and six digits').waitFor();
    assert.equal(await plan.getAttribute('aria-invalid'), 'true');
    await plan.fill('PPK-123456');
    await chat.getByText('A plan number is PPK- and six digits').waitFor({ state: 'detached' });

    // The consent box is required: the submit is refused and the focus goes to it.
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    const consent = chat.getByRole('checkbox', { name: /I agree to be contacted/ });
    await chat.getByText('This field is required').waitFor();
    assert.equal(await consent.getAttribute('aria-invalid'), 'true');
    assert.equal(await consent.evaluate((el) => el.getRootNode().activeElement === el), true, 'the first invalid field has the focus');
    assert.equal(demo.server.simulator.state.chat.sessions.size, before, 'no chat started');

    await consent.check();
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    await chat.getByRole('log').waitFor();
    for (let i = 0; i < 50 && demo.server.simulator.state.chat.sessions.size === before; i++) await new Promise((r) => setTimeout(r, 100));
    const session = newestSession();
    assert.equal(session.visitor.firstName, 'Anna');
    assert.equal(session.visitor.emailAddress, 'anna@example.com');
    const { topic, planNumber, consent: agreed, page: where, firstname, email } = session.userData;
    assert.deepEqual({ topic, planNumber, agreed, where }, { topic: 'withdrawals', planNumber: 'PPK-123456', agreed: 'yes', where: '/en?form=custom' });
    assert.equal(firstname, undefined, 'start fields are not repeated as userData');
    assert.equal(email, undefined);
    assert.ok(session.userData.language || session.userData.languageCode || Object.keys(session.userData).length > 4, 'the automatic user data is still there');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/en?form=custom: WebChat.open with autoSubmit starts at once with prefilled inputs; a refused one shows the form', async () => {
  const { page, context, problems, chat } = await visitChat(demo, '/en?form=custom');
  try {
    const before = demo.server.simulator.state.chat.sessions.size;
    // The plan number is refused by the site's validate: the form shows with its error, nothing starts.
    await page.evaluate(() =>
      window.LiveAssist.command('WebChat.open', { form: { firstname: 'Jan', email: 'jan@example.com', planNumber: 'nope', consent: true, autoSubmit: true } }),
    );
    await chat.getByText('A plan number is PPK- and six digits').waitFor();
    assert.equal(demo.server.simulator.state.chat.sessions.size, before);
    await page.evaluate(() => window.LiveAssist.command('WebChat.close', { confirmed: true }));

    await page.evaluate(() =>
      window.LiveAssist.command('WebChat.open', {
        form: { firstname: 'Jan', email: 'jan@example.com', topic: 'joining', consent: true, autoSubmit: true },
        userData: { campaign: 'spring' },
      }),
    );
    await chat.getByRole('log').waitFor();
    for (let i = 0; i < 50 && demo.server.simulator.state.chat.sessions.size === before; i++) await new Promise((r) => setTimeout(r, 100));
    const { topic, consent, campaign } = newestSession().userData;
    assert.deepEqual({ topic, consent, campaign }, { topic: 'joining', consent: 'yes', campaign: 'spring' });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
