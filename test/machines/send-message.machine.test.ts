import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise } from 'xstate';
import {
  addFiles,
  allowedFile,
  checkFiles,
  sendMessageMachine,
  validateFields,
  type SendFormInput,
  type SendMessageInput,
} from '../../machines/send-message.machine.ts';

type Send = (input: SendFormInput) => Promise<{ interactionId: string }>;

const start = (send: Send = async () => ({ interactionId: 'i-1' }), input: SendMessageInput = {}) => {
  const calls: SendFormInput[] = [];
  const emitted: string[] = [];
  const actor = createActor(
    sendMessageMachine.provide({
      actors: { sendForm: fromPromise(async ({ input: i }) => (calls.push(i), send(i))) },
    }),
    { input },
  ).start();
  actor.on('*', (e) => emitted.push(e.type));
  return { actor, calls, emitted };
};

const file = (name: string, size = 10, type = '') => ({ name, size, type });
const fill = (actor: ReturnType<typeof start>['actor']) => {
  const values = { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', subject: 'Wpłaty', text: 'Pytanie' };
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'form.change', field: field as 'text', value });
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('send-message machine', () => {
  it('opens and closes an empty form; a second open or a close when closed is not possible', () => {
    const { actor, emitted } = start();
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'minimize' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).to.equal(false);
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'open' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(true);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(emitted).to.deep.equal(['opened', 'cancelled', 'closed']);
  });

  it('records started once, on the first input', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.change', field: 'firstName', value: 'A' });
    actor.send({ type: 'form.change', field: 'firstName', value: 'An' });
    expect(emitted).to.deep.equal(['opened', 'started']);
    expect(actor.getSnapshot().context.values.firstName).to.equal('An');
  });

  it('close with values asks first; No keeps everything, Yes closes as cancelled', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.change', field: 'subject', value: 'x' });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().matches({ open: 'confirmingClose' })).to.equal(true);
    actor.send({ type: 'close.cancel' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).to.equal(true);
    expect(actor.getSnapshot().context.values.subject).to.equal('x');
    actor.send({ type: 'close' });
    actor.send({ type: 'close.confirm' });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(emitted.slice(-2)).to.deep.equal(['cancelled', 'closed']);
  });

  it('a forced close (confirmed Close command) closes a filled form at once, from editing, confirming and submitting', async () => {
    for (const step of ['editing', 'confirmingClose', 'submitting'] as const) {
      const { actor, emitted } = start(() => new Promise(() => undefined));
      actor.send({ type: 'open' });
      fill(actor);
      if (step === 'confirmingClose') actor.send({ type: 'close' });
      if (step === 'submitting') actor.send({ type: 'form.submit' });
      expect(actor.getSnapshot().matches({ open: step })).to.equal(true);
      if (step === 'submitting') {
        actor.send({ type: 'close' });
        expect(actor.getSnapshot().matches({ open: 'submitting' }), 'an unforced close waits for the answer').to.equal(true);
      }
      actor.send({ type: 'close', force: true });
      expect(actor.getSnapshot().value).to.equal('closed');
      expect(emitted.slice(-2)).to.deep.equal(['cancelled', 'closed']);
    }
  });

  it('tags what the view shows: editing, confirmingClose, busy while sending, alert on failure, completed', async () => {
    let answer: () => Promise<{ interactionId: string }> = async () => Promise.reject(Object.assign(new Error('t'), { kind: 'network' }));
    const { actor } = start(() => answer());
    const tags = () => [...actor.getSnapshot().tags].sort();
    expect(tags()).to.deep.equal([]);
    actor.send({ type: 'open' });
    expect(tags()).to.deep.equal(['editing']);
    fill(actor);
    actor.send({ type: 'close' });
    expect(tags()).to.deep.equal(['confirmingClose']);
    actor.send({ type: 'close.cancel' });
    actor.send({ type: 'form.submit' });
    expect(tags()).to.deep.equal(['busy']);
    await tick();
    expect(tags()).to.deep.equal(['alert']);
    expect(actor.getSnapshot().can({ type: 'retry' }), 'a network failure offers Retry').to.equal(true);
    answer = async () => ({ interactionId: 'i-2' });
    actor.send({ type: 'retry' });
    await tick();
    expect(tags()).to.deep.equal(['completed']);
  });

  it('refuses what a state does not allow', async () => {
    const { actor } = start(() => new Promise(() => undefined));
    const refused = (event: Parameters<typeof actor.send>[0]) => expect(actor.getSnapshot().can(event), event.type).to.equal(false);
    refused({ type: 'form.change', field: 'text', value: 'x' });
    refused({ type: 'close.confirm' });
    actor.send({ type: 'open' });
    refused({ type: 'close.confirm' });
    refused({ type: 'close.cancel' });
    refused({ type: 'alert.dismiss' });
    refused({ type: 'retry' });
    refused({ type: 'form.reset' });
    fill(actor);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    refused({ type: 'form.change', field: 'text', value: 'x' });
    refused({ type: 'files.add', files: [file('a.txt')] });
    refused({ type: 'form.submit' });
    refused({ type: 'close' });
    refused({ type: 'alert.dismiss' });
  });

  it('files alone also count as values for the close confirmation', () => {
    const { actor } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'files.add', files: [file('a.txt')] });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().matches({ open: 'confirmingClose' })).to.equal(true);
    actor.send({ type: 'close.cancel' });
    actor.send({ type: 'files.remove', index: 0 });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
  });

  it('minimizes and unminimizes; each twice is refused', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().can({ type: 'restore' })).to.equal(false);
    actor.send({ type: 'minimize' });
    expect(actor.getSnapshot().context.minimized).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'minimize' })).to.equal(false);
    actor.send({ type: 'restore' });
    expect(actor.getSnapshot().can({ type: 'restore' })).to.equal(false);
    expect(emitted).to.deep.equal(['opened', 'minimized', 'unminimized']);
  });

  it('refuses an invalid submit with every field code and does not call the service', () => {
    const { actor, calls } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.submit' });
    const { context } = actor.getSnapshot();
    expect(context.fieldErrors).to.deep.equal({ firstName: 102, lastName: 103, email: 181, subject: 104, text: 182 });
    expect(context.refusals).to.equal(1);
    expect(calls).to.have.length(0);
    actor.send({ type: 'form.change', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors.email).to.equal(381);
  });

  it('validates max 100 on the text fields but not on the message body', () => {
    const long = 'x'.repeat(101);
    const problems = validateFields({ firstName: long, lastName: long, email: `${'a'.repeat(96)}@b.pl`, subject: long, text: long });
    expect(problems).to.deep.equal({ firstName: 'maxLength', lastName: 'maxLength', email: 'maxLength', subject: 'maxLength' });
  });

  it('with validation off, sends without field checks', async () => {
    const { actor, calls } = start(undefined, { validation: false });
    actor.send({ type: 'open' });
    actor.send({ type: 'form.submit' });
    await tick();
    expect(calls).to.have.length(1);
  });

  it('submits, then completes with the interactionId and replaces the form', async () => {
    const { actor, calls, emitted } = start(async () => ({ interactionId: 'abc' }), { userData: { source: 'test' } });
    actor.send({ type: 'open', userData: { page: 'x' } });
    fill(actor);
    actor.send({ type: 'files.add', files: [file('a.pdf', 5, 'application/pdf')] });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ open: 'submitting' })).to.equal(true);
    await tick();
    expect(actor.getSnapshot().matches({ open: 'completed' })).to.equal(true);
    expect(actor.getSnapshot().context.interactionId).to.equal('abc');
    expect(calls[0]!.values.email).to.equal('anna@example.com');
    expect(calls[0]!.files.map((f) => f.name)).to.deep.equal(['a.pdf']);
    expect(calls[0]!.userData).to.deep.equal({ source: 'test', page: 'x' });
    expect(emitted).to.deep.equal(['opened', 'started', 'submitted', 'completed']);
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(true);
    actor.send({ type: 'close' });
    expect(emitted.slice(-1)).to.deep.equal(['closed']);
  });

  it('fails keeping every value and file; OK returns to the form; a rejection is not retryable', async () => {
    const failure = Object.assign(new Error('Total size'), {
      kind: 'rejected',
      errors: [{ code: 202, message: 'Total size of attachments exceeds limit: 10' }],
    });
    const { actor, emitted } = start(async () => Promise.reject(failure));
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'files.add', files: [file('a.txt', 50)] });
    actor.send({ type: 'form.submit' });
    await tick();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ open: 'failed' })).to.equal(true);
    expect(snapshot.context.failure).to.deep.equal({ kind: 'rejected', errors: failure.errors });
    expect(snapshot.can({ type: 'retry' })).to.equal(false);
    expect(snapshot.can({ type: 'form.change', field: 'text', value: 'y' })).to.equal(false);
    expect(snapshot.can({ type: 'form.submit' })).to.equal(false);
    expect(emitted.slice(-2)).to.deep.equal(['submitted', 'failed']);
    actor.send({ type: 'alert.dismiss' });
    const after = actor.getSnapshot();
    expect(after.matches({ open: 'editing' })).to.equal(true);
    expect(after.context.values.firstName).to.equal('Anna');
    expect(after.context.files.map((f) => f.name)).to.deep.equal(['a.txt']);
  });

  it('a timeout can be retried; the server reason is kept for a server failure', async () => {
    let answer: Promise<{ interactionId: string }> = Promise.reject(Object.assign(new Error('t'), { kind: 'timeout' }));
    answer.catch(() => undefined);
    const { actor, calls } = start(() => answer);
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'form.submit' });
    await tick();
    expect(actor.getSnapshot().context.failure?.kind).to.equal('timeout');
    answer = Promise.reject(Object.assign(new Error('Mailbox full'), { kind: 'server' }));
    answer.catch(() => undefined);
    actor.send({ type: 'retry' });
    await tick();
    expect(calls).to.have.length(2);
    expect(actor.getSnapshot().context.failure).to.deep.equal({ kind: 'server', errors: [], reason: 'Mailbox full' });
  });

  it('every submit carries an idempotency key: a retry and a resubmit of the same content reuse it, an edit makes a new one', async () => {
    let answer: () => Promise<{ interactionId: string }> = () => Promise.reject(Object.assign(new Error('t'), { kind: 'timeout' }));
    const { actor, calls } = start(() => answer());
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'form.submit' });
    await tick();
    const first = calls[0]!.idempotencyKey;
    expect(first).to.match(/^[0-9a-f-]{36}$/);
    actor.send({ type: 'retry' });
    await tick();
    expect(calls[1]!.idempotencyKey, 'the retry').to.equal(first);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'form.change', field: 'text', value: 'Pytanie' }); // the same value: the same content
    actor.send({ type: 'form.submit' });
    await tick();
    expect(calls[2]!.idempotencyKey, 'the same content submitted again').to.equal(first);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'form.change', field: 'text', value: 'Inne pytanie' });
    answer = async () => ({ interactionId: 'i-2' });
    actor.send({ type: 'form.submit' });
    await tick();
    const edited = calls[3]!.idempotencyKey;
    expect(edited, 'an edited message').to.not.equal(first);
    expect(actor.getSnapshot().context.submitKey, 'dropped after success').to.equal(null);
    actor.send({ type: 'form.reset' });
    fill(actor);
    actor.send({ type: 'form.submit' });
    await tick();
    expect(calls[4]!.idempotencyKey, 'the next message').to.not.be.oneOf([first, edited]);
  });

  it('a definite refusal drops the key; adding or removing a file makes a new one', async () => {
    const { actor, calls } = start(() => Promise.reject(Object.assign(new Error('Mailbox full'), { kind: 'server' })));
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'form.submit' });
    await tick();
    expect(actor.getSnapshot().context.submitKey).to.equal(null);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'form.submit' });
    await tick();
    expect(calls[1]!.idempotencyKey).to.not.equal(calls[0]!.idempotencyKey);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'files.add', files: [file('a.txt')] });
    expect(actor.getSnapshot().context.submitKey).to.equal(null);
  });

  it('refuses files of another type (203), over the count (201) and over the size (202)', () => {
    const limits = { maxFiles: 2, maxTotalSize: 100 };
    expect(addFiles([], [file('run.exe')], limits).problem).to.deep.equal({ code: 203, name: 'run.exe' });
    expect(addFiles([], [file('a.txt'), file('b.txt'), file('c.txt')], limits)).to.deep.equal({
      files: [file('a.txt'), file('b.txt')],
      problem: { code: 201, limit: 2, name: 'c.txt' },
    });
    expect(addFiles([file('a.txt', 60)], [file('b.txt', 50)], limits).problem).to.deep.equal({ code: 202, limit: 100, name: 'b.txt' });
    expect(allowedFile(file('a.PNG', 1, 'image/png'))).to.equal(true);
    expect(allowedFile(file('a.png', 1, 'text/html'))).to.equal(false);
    expect(allowedFile(file('x.svg', 1, 'image/svg+xml'))).to.equal(false);
    expect(checkFiles([file('a.txt', 60), file('b.txt', 60)], { maxTotalSize: 100 })).to.deep.equal({ code: 202, limit: 100 });
  });

  it('limits from configuration apply to files already attached at submit', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'files.add', files: [file('a.txt', 60)] });
    actor.send({ type: 'configure', limits: { maxTotalSize: 50 } });
    actor.send({ type: 'form.submit' });
    await tick();
    expect(calls).to.have.length(0);
    expect(actor.getSnapshot().context.fileProblem).to.deep.equal({ code: 202, limit: 50 });
  });

  it('prefills from open and starts fresh after a completed message is reset', async () => {
    const { actor } = start();
    actor.send({ type: 'open', form: { firstName: 'Jan', subject: 'S' } });
    expect(actor.getSnapshot().context.values.firstName).to.equal('Jan');
    fill(actor);
    actor.send({ type: 'form.submit' });
    await tick();
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).to.equal(true);
    expect(actor.getSnapshot().context.values.text).to.equal('');
    expect(actor.getSnapshot().context.interactionId).to.equal(null);
  });
});
