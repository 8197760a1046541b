import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise } from 'xstate';
import {
  CHAT_FORM_MAX,
  chatWindowMachine,
  httpUrl,
  markServerCodes,
  validateChatForm,
  type ChatFieldConfig,
  type ChatWindowEmitted,
  type ChatWindowEvent,
  type ChatWindowInput,
  type ValidateFieldsInput,
} from '../../machines/chat-window.machine.ts';

/** The deployment's form: first name only, required. */
const DEPLOYMENT: ChatFieldConfig[] = [{ name: 'firstname', required: true }];
const ALL: ChatFieldConfig[] = [{ name: 'firstname', required: true }, { name: 'lastname', required: true }, { name: 'email' }, { name: 'subject' }];
const empty = { firstname: '', lastname: '', email: '', subject: '' };

const start = (input: Partial<ChatWindowInput> = {}) => {
  const actor = createActor(chatWindowMachine, { input: { fields: DEPLOYMENT, ...input } }).start();
  const events: ChatWindowEmitted[] = [];
  actor.on('*', (e) => events.push(e));
  const emitted = () => events.map((e) => e.type);
  const tags = () => [...actor.getSnapshot().tags].sort();
  const can = (event: ChatWindowEvent) => actor.getSnapshot().can(event);
  const context = () => actor.getSnapshot().context;
  const clear = () => events.splice(0);
  return { actor, events, emitted, tags, can, context, clear };
};
type Window = ReturnType<typeof start>;

/** Open, fill the first name, submit and let the session start. */
const chatting = (w: Window, name = 'Anna') => {
  w.actor.send({ type: 'open' });
  w.actor.send({ type: 'form.change', field: 'firstname', value: name });
  w.actor.send({ type: 'form.submit' });
  w.actor.send({ type: 'session.started' });
};

describe('chat window machine', () => {
  describe('validateChatForm', () => {
    it('checks required, max length (100 by default or the field’s maxlength) and the email shape, shown fields only', () => {
      expect(validateChatForm(DEPLOYMENT, empty)).to.deep.equal({ firstname: 'required' });
      expect(validateChatForm(DEPLOYMENT, { ...empty, firstname: '   ' }), 'blank is empty').to.deep.equal({ firstname: 'required' });
      expect(validateChatForm(DEPLOYMENT, { ...empty, firstname: 'x'.repeat(CHAT_FORM_MAX) })).to.deep.equal({});
      expect(validateChatForm(DEPLOYMENT, { ...empty, firstname: 'x'.repeat(CHAT_FORM_MAX + 1) })).to.deep.equal({ firstname: 'tooLong' });
      expect(validateChatForm([{ name: 'subject', maxlength: 5 }], { ...empty, subject: 'abcdef' })).to.deep.equal({ subject: 'tooLong' });
      expect(validateChatForm(DEPLOYMENT, { ...empty, firstname: 'A', email: 'bad' }), 'a hidden field is not checked').to.deep.equal({});
      expect(validateChatForm(ALL, { ...empty, firstname: 'A', lastname: 'B', email: 'bad' })).to.deep.equal({ email: 'invalidEmail' });
      expect(validateChatForm(ALL, { ...empty, firstname: 'A', lastname: 'B', email: 'a b@c.pl' })).to.deep.equal({ email: 'invalidEmail' });
      expect(validateChatForm(ALL, { ...empty, firstname: 'A', lastname: 'B', email: 'a@c' })).to.deep.equal({ email: 'invalidEmail' });
      expect(validateChatForm(ALL, { ...empty, firstname: 'A', lastname: 'B', email: ' anna@example.pl ' })).to.deep.equal({});
      expect(validateChatForm(ALL, empty), 'an optional empty email is fine').to.deep.equal({ firstname: 'required', lastname: 'required' });
    });

    it('markServerCodes: 102 first name, 103 last name, 161 both, 364 email; hidden fields and other codes are left over', () => {
      expect(markServerCodes(ALL, [102])).to.deep.equal({ errors: { firstname: 102 }, unmarked: [] });
      expect(markServerCodes(ALL, [103, 364])).to.deep.equal({ errors: { lastname: 103, email: 364 }, unmarked: [] });
      expect(markServerCodes(ALL, [161])).to.deep.equal({ errors: { firstname: 161, lastname: 161 }, unmarked: [] });
      expect(markServerCodes(DEPLOYMENT, [161])).to.deep.equal({ errors: { firstname: 161 }, unmarked: [] });
      expect(markServerCodes(DEPLOYMENT, [364, 240])).to.deep.equal({ errors: {}, unmarked: [364, 240] });
    });

    it('httpUrl accepts absolute http(s) only', () => {
      expect(httpUrl('https://survey.example/s?id=1')).to.equal(true);
      expect(httpUrl('http://survey.example/')).to.equal(true);
      expect(httpUrl('javascript:alert(1)')).to.equal(false);
      expect(httpUrl('/relative')).to.equal(false);
      expect(httpUrl('')).to.equal(false);
      expect(httpUrl(undefined)).to.equal(false);
    });
  });

  describe('open, close, minimize', () => {
    it('opens on the form and closes an empty one as cancelled; open when open and close when closed are refused', () => {
      const w = start();
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
      expect(w.can({ type: 'close' })).to.equal(false);
      expect(w.can({ type: 'minimize' })).to.equal(false);
      w.actor.send({ type: 'open' });
      expect(w.tags()).to.deep.equal(['editing']);
      expect(w.can({ type: 'open' })).to.equal(false);
      expect(w.can({ type: 'open', view: 'chat' })).to.equal(false);
      w.actor.send({ type: 'close' });
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
      expect(w.emitted()).to.deep.equal(['opened', 'cancelled', 'closed']);
    });

    it('open {view: chat} opens straight on the transcript', () => {
      const w = start();
      w.actor.send({ type: 'open', view: 'chat' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.emitted()).to.deep.equal(['opened']);
    });

    it('minimizes and restores, each refused when already so', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      expect(w.can({ type: 'restore' })).to.equal(false);
      w.actor.send({ type: 'minimize' });
      expect(w.context().minimized).to.equal(true);
      expect(w.can({ type: 'minimize' })).to.equal(false);
      w.actor.send({ type: 'restore' });
      expect(w.context().minimized).to.equal(false);
      expect(w.can({ type: 'restore' })).to.equal(false);
      expect(w.emitted()).to.deep.equal(['opened', 'minimized', 'unminimized']);
    });

    it('a close of a form with typed content asks (Close / Cancel); blank content does not', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      expect(w.can({ type: 'close.confirm' }), 'no question asked yet').to.equal(false);
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'close' });
      expect(w.tags()).to.deep.equal(['confirmingClose', 'editing']);
      w.actor.send({ type: 'close.cancel' });
      expect(w.tags()).to.deep.equal(['editing']);
      expect(w.context().form.firstname).to.equal('Anna');
      w.actor.send({ type: 'close' });
      w.actor.send({ type: 'close.confirm' });
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
      expect(w.emitted()).to.deep.equal(['opened', 'cancelled', 'closed']);
      expect(w.context().form.firstname, 'the next open starts afresh').to.equal('');

      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: '   ' });
      w.actor.send({ type: 'close' });
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
    });

    it('with confirmFormClose false a filled form closes at once', () => {
      const w = start({ confirmFormClose: false });
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'close' });
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
    });

    it('a forced close closes at once: a filled form, the question, a pending start, a running chat', () => {
      for (const step of ['form', 'confirmingClose', 'starting', 'chat', 'confirmingEnd'] as const) {
        const w = start();
        w.actor.send({ type: 'open' });
        w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
        if (step === 'confirmingClose') w.actor.send({ type: 'close' });
        if (step !== 'form' && step !== 'confirmingClose') w.actor.send({ type: 'form.submit' });
        if (step === 'chat' || step === 'confirmingEnd') w.actor.send({ type: 'session.started' });
        if (step === 'confirmingEnd') w.actor.send({ type: 'end' });
        if (step === 'starting') expect(w.can({ type: 'close' }), 'an unforced close waits for the start').to.equal(false);
        w.actor.send({ type: 'close', force: true });
        expect(w.actor.getSnapshot().matches('closed'), step).to.equal(true);
        expect(w.emitted().at(-1)).to.equal('closed');
      }
    });
  });

  describe('the pre-chat form', () => {
    it('refuses an invalid submit with the errors and a new focus key each time; a change clears its field’s error', () => {
      const w = start({ fields: ALL });
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'email', value: 'nope' });
      w.actor.send({ type: 'form.submit' });
      expect(w.context().errors).to.deep.equal({ firstname: 'required', lastname: 'required', email: 'invalidEmail' });
      expect(w.context().focusErrorKey).to.equal(1);
      expect(w.tags()).to.deep.equal(['editing']);
      w.actor.send({ type: 'form.submit' });
      expect(w.context().focusErrorKey).to.equal(2);
      w.actor.send({ type: 'form.change', field: 'email', value: 'anna@example.pl' });
      expect(w.context().errors).to.deep.equal({ firstname: 'required', lastname: 'required' });
      w.actor.send({ type: 'form.change', field: 'subject', value: 'x'.repeat(101) });
      w.actor.send({ type: 'form.submit' });
      expect(w.context().errors.subject).to.equal('tooLong');
      expect(w.emitted(), 'changes and refusals emit nothing').to.deep.equal(['opened']);
    });

    it('a valid submit starts: busy, submitted and startRequested with the trimmed values', () => {
      const w = start({ fields: ALL });
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: '  Anna ' });
      w.actor.send({ type: 'form.change', field: 'lastname', value: 'Nowak' });
      w.actor.send({ type: 'form.change', field: 'email', value: ' anna@example.pl' });
      w.actor.send({ type: 'form.submit' });
      expect(w.tags()).to.deep.equal(['busy']);
      expect(w.events.slice(1)).to.deep.equal([
        { type: 'submitted' },
        { type: 'startRequested', request: { firstname: 'Anna', lastname: 'Nowak', email: 'anna@example.pl', subject: '' } },
      ]);
      for (const event of [
        { type: 'form.change', field: 'firstname', value: 'x' },
        { type: 'form.submit' },
        { type: 'form.reset' },
        { type: 'end' },
      ] as const) {
        expect(w.can(event), `${event.type} while starting`).to.equal(false);
      }
    });

    it('form.reset clears the values and errors', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.submit' });
      w.actor.send({ type: 'form.change', field: 'subject', value: 'x' });
      w.actor.send({ type: 'form.reset' });
      expect(w.context().form).to.deep.equal(empty);
      expect(w.context().errors).to.deep.equal({});
    });

    it('session.started shows the transcript, emits started and clears the form inputs', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'form.submit' });
      w.clear();
      w.actor.send({ type: 'session.started' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.emitted()).to.deep.equal(['started']);
      expect(w.context().form).to.deep.equal(empty);
      expect(w.context().started).to.equal(true);
      expect(w.can({ type: 'form.change', field: 'firstname', value: 'x' })).to.equal(false);
    });

    it('start failure codes 102 / 103 / 161 / 364 mark their fields and move the focus, without an alert', () => {
      const cases: Array<[number[], object]> = [
        [[102], { firstname: 102 }],
        [[103], { lastname: 103 }],
        [[161], { firstname: 161, lastname: 161 }],
        [[364], { email: 364 }],
      ];
      for (const [codes, errors] of cases) {
        const w = start({ fields: ALL });
        w.actor.send({ type: 'open' });
        w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
        w.actor.send({ type: 'form.change', field: 'lastname', value: 'Nowak' });
        w.actor.send({ type: 'form.submit' });
        w.actor.send({ type: 'session.startFailed', codes, messages: ['m'], kind: 'rejected' });
        expect(w.context().errors, String(codes)).to.deep.equal(errors);
        expect(w.context().focusErrorKey).to.equal(1);
        expect(w.tags()).to.deep.equal(['editing']);
        expect(w.context().alert).to.equal(null);
        expect(w.context().form.firstname, 'the values stay for a correction').to.equal('Anna');
      }
    });

    it('a start failure with code 240 or kind unavailable alerts ChatUnavailable; another code or none alerts StartFailed', () => {
      const cases: Array<[number[], string, string]> = [
        [[240], 'rejected', 'ChatUnavailable'],
        [[], 'unavailable', 'ChatUnavailable'],
        [[], 'network', 'StartFailed'],
        [[999], 'rejected', 'StartFailed'],
        [[364], 'rejected', 'StartFailed'], // the deployment shows no email field
      ];
      for (const [codes, kind, key] of cases) {
        const w = start();
        w.actor.send({ type: 'open' });
        w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
        w.actor.send({ type: 'form.submit' });
        w.actor.send({ type: 'session.startFailed', codes, messages: ['Server says no'], kind });
        expect(w.tags(), `${codes} ${kind}`).to.deep.equal(['alert', 'editing']);
        expect(w.context().alert).to.deep.equal({ key, codes, messages: ['Server says no'], retry: false });
        expect(w.context().focusErrorKey).to.equal(0);
        expect(w.can({ type: 'retry' })).to.equal(false);
        w.actor.send({ type: 'alert.dismiss' });
        expect(w.tags()).to.deep.equal(['editing']);
        expect(w.context().alert).to.equal(null);
      }
    });

    it('a field code together with another code marks the field and alerts', () => {
      const w = start({ fields: ALL });
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'form.change', field: 'lastname', value: 'Nowak' });
      w.actor.send({ type: 'form.submit' });
      w.actor.send({ type: 'session.startFailed', codes: [364, 999], messages: [], kind: 'rejected' });
      expect(w.context().errors).to.deep.equal({ email: 364 });
      expect(w.context().alert?.key).to.equal('StartFailed');
    });

    it("a transport's own codes keep their language-pack keys beside the codes for the view (next-gen REST)", () => {
      const w = start();
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'form.submit' });
      w.actor.send({
        type: 'session.startFailed',
        codes: [400, 999],
        keys: ['chat.error.InvalidEndpoint', ''],
        messages: ['Invalid endpoint', 'x'],
        kind: 'rejected',
      });
      expect(w.context().alert).to.deep.equal({
        key: 'StartFailed',
        codes: [400, 999],
        keys: ['chat.error.InvalidEndpoint', ''],
        messages: ['Invalid endpoint', 'x'],
        retry: false,
      });
    });

    it('session.startFailed outside a start is refused', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      expect(w.can({ type: 'session.startFailed', codes: [], messages: [], kind: 'x' })).to.equal(false);
    });

    it('a submit behind a dialog is refused', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'session.error', key: 'Generic' });
      expect(w.can({ type: 'form.submit' })).to.equal(false);
    });
  });

  describe('ending and closing a chat', () => {
    it('End Chat asks; Cancel returns; End chat emits endRequested and the window stays open on ended', () => {
      const w = start();
      expect(w.can({ type: 'end' })).to.equal(false);
      w.actor.send({ type: 'open' });
      expect(w.can({ type: 'end' }), 'no chat on the form').to.equal(false);
      w.actor.send({ type: 'close' });
      chatting(w);
      w.clear();
      w.actor.send({ type: 'end' });
      expect(w.tags()).to.deep.equal(['chatting', 'confirmingEnd']);
      w.actor.send({ type: 'dialog.cancel' });
      expect(w.tags()).to.deep.equal(['chatting']);
      w.actor.send({ type: 'end' });
      w.actor.send({ type: 'dialog.confirm' });
      expect(w.emitted()).to.deep.equal(['endRequested']);
      expect(w.tags()).to.deep.equal(['chatting']);
      w.actor.send({ type: 'session.ended' });
      expect(w.tags()).to.deep.equal(['ended']);
      expect(w.context().started).to.equal(false);
      expect(w.can({ type: 'end' })).to.equal(false);
      expect(w.emitted(), 'no agent joined: not completed').to.deep.equal(['endRequested']);
    });

    it('close while chatting asks End chat (not async); the session ending closes the question', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'close' });
      expect(w.tags()).to.deep.equal(['chatting', 'confirmingEnd']);
      w.actor.send({ type: 'session.ended' });
      expect(w.tags()).to.deep.equal(['ended']);
      w.actor.send({ type: 'close' });
      expect(w.actor.getSnapshot().matches('closed'), 'an ended chat closes at once').to.equal(true);
    });

    it('async close: End Chat emits endRequested and then closes; the chat’s end later reports completed', () => {
      const w = start({ async: true });
      chatting(w);
      w.actor.send({ type: 'session.agentJoined' });
      w.clear();
      w.actor.send({ type: 'close' });
      expect(w.tags()).to.deep.equal(['asyncClose', 'chatting']);
      w.actor.send({ type: 'dialog.confirm' });
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
      expect(w.emitted(), 'the end is asked for first; the chat has not ended yet').to.deep.equal(['endRequested', 'closed']);
      w.actor.send({ type: 'session.ended' });
      expect(w.emitted()).to.deep.equal(['endRequested', 'closed', 'completed']);
      expect(w.context().started).to.equal(false);
      w.actor.send({ type: 'open' });
      expect(w.tags(), 'the next open is a new form').to.deep.equal(['editing']);
    });

    it('async close: Close Window closes and the chat goes on; the next open shows it', () => {
      const w = start({ async: true });
      chatting(w);
      w.actor.send({ type: 'session.agentJoined' });
      w.clear();
      w.actor.send({ type: 'close' });
      w.actor.send({ type: 'dialog.cancel' });
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
      expect(w.emitted(), 'not cancelled: the chat goes on').to.deep.equal(['closed']);
      expect(w.context().started).to.equal(true);
      expect(w.context().agentJoined).to.equal(true);
      w.actor.send({ type: 'open' });
      expect(w.tags()).to.deep.equal(['chatting']);
      w.actor.send({ type: 'close' });
      expect(w.tags()).to.deep.equal(['asyncClose', 'chatting']);
    });

    it('a chat without an agent that ends while closed reports cancelled', () => {
      const w = start({ async: true });
      chatting(w);
      w.actor.send({ type: 'close' });
      w.actor.send({ type: 'dialog.cancel' });
      w.clear();
      w.actor.send({ type: 'session.ended' });
      expect(w.emitted()).to.deep.equal(['cancelled']);
      expect(w.can({ type: 'session.ended' }), 'no chat runs any more').to.equal(false);
    });

    it('cancelled vs completed on close: completed when an agent had joined, cancelled otherwise', () => {
      const withAgent = start();
      chatting(withAgent);
      withAgent.actor.send({ type: 'session.agentJoined' });
      withAgent.actor.send({ type: 'session.ended' });
      expect(withAgent.context().completed).to.equal(true);
      withAgent.actor.send({ type: 'close' });
      expect(withAgent.emitted()).to.deep.equal(['opened', 'submitted', 'startRequested', 'started', 'completed', 'closed']);
      expect(withAgent.context().completed, 'reset for the next open').to.equal(false);
      expect(withAgent.context().agentJoined).to.equal(false);

      const botOnly = start();
      chatting(botOnly);
      botOnly.actor.send({ type: 'session.ended' });
      botOnly.actor.send({ type: 'close' });
      expect(botOnly.emitted()).to.deep.equal(['opened', 'submitted', 'startRequested', 'started', 'cancelled', 'closed']);
    });

    it('a restored chat: session.restored opens the closed window straight on the transcript', () => {
      const w = start();
      w.actor.send({ type: 'session.restored' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.context().started).to.equal(true);
      expect(w.emitted()).to.deep.equal(['opened']);
    });

    it('session.restored on the form moves to the transcript', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'session.restored' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.emitted()).to.deep.equal(['opened']);
    });
  });

  describe('unread messages', () => {
    it('counts messages while minimised and clears on restore; none while shown', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'session.message', count: 2 });
      expect(w.context().unread).to.equal(0);
      w.actor.send({ type: 'minimize' });
      w.actor.send({ type: 'session.message', count: 2 });
      w.actor.send({ type: 'session.message', count: 1 });
      expect(w.context().unread).to.equal(3);
      w.actor.send({ type: 'restore' });
      expect(w.context().unread).to.equal(0);
    });

    it('counts messages while closed with the chat running, and keeps them on the next open', () => {
      const w = start({ async: true });
      chatting(w);
      w.actor.send({ type: 'close' });
      w.actor.send({ type: 'dialog.cancel' });
      w.actor.send({ type: 'session.message', count: 4 });
      expect(w.context().unread).to.equal(4);
      w.actor.send({ type: 'open', view: 'chat' });
      w.actor.send({ type: 'minimize' });
      expect(w.context().unread).to.equal(4);
      w.actor.send({ type: 'restore' });
      expect(w.context().unread).to.equal(0);
    });
  });

  describe('alerts, idle alerts, survey', () => {
    it('session.error shows an alert; alert.dismiss closes it; retry only when the alert offers it', () => {
      const w = start();
      chatting(w);
      w.clear();
      w.actor.send({ type: 'session.error', key: 'MessageFailed', codes: [1], messages: ['x'] });
      expect(w.tags()).to.deep.equal(['alert', 'chatting']);
      expect(w.context().alert).to.deep.equal({ key: 'MessageFailed', codes: [1], messages: ['x'], retry: false });
      expect(w.can({ type: 'retry' })).to.equal(false);
      w.actor.send({ type: 'retry' });
      expect(w.emitted()).to.deep.equal([]);
      w.actor.send({ type: 'alert.dismiss' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.can({ type: 'alert.dismiss' })).to.equal(false);

      w.actor.send({ type: 'session.error', key: 'FileSendFailed', retry: true });
      expect(w.context().alert).to.deep.equal({ key: 'FileSendFailed', codes: [], messages: [], retry: true });
      w.actor.send({ type: 'retry' });
      expect(w.events).to.deep.equal([{ type: 'retryRequested', key: 'FileSendFailed' }]);
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.context().alert).to.equal(null);
    });

    it('a newer session.error replaces the alert', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'session.error', key: 'FileSendFailed', retry: true });
      w.actor.send({ type: 'session.error', key: 'ChatServerWentOffline' });
      expect(w.context().alert?.key).to.equal('ChatServerWentOffline');
      expect(w.can({ type: 'retry' })).to.equal(false);
    });

    it('idle.alert shows the idle alert with its countdown; alert.dismiss or idle.close clears it', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      expect(w.can({ type: 'idle.alert', count: 1 }), 'no chat on the form').to.equal(false);
      w.actor.send({ type: 'close' });
      chatting(w);
      w.actor.send({ type: 'idle.alert', count: 1 });
      expect(w.tags()).to.deep.equal(['chatting', 'idleAlert']);
      expect(w.context().idle).to.deep.equal({ count: 1 });
      w.actor.send({ type: 'idle.alert', count: 2, countdownMs: 30000 });
      expect(w.context().idle).to.deep.equal({ count: 2, countdownMs: 30000 });
      w.actor.send({ type: 'alert.dismiss' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.context().idle).to.equal(null);
      w.actor.send({ type: 'idle.alert', count: 3, countdownMs: 1000 });
      w.actor.send({ type: 'idle.close' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.context().idle).to.equal(null);
    });

    it('survey offer after the end: Yes emits surveyAccepted with an http(s) URL, No emits surveyDeclined with the cancel URL', () => {
      const w = start();
      chatting(w);
      expect(w.can({ type: 'survey.offer', surveyUrl: 'https://s.example/' }), 'not before the end').to.equal(false);
      w.actor.send({ type: 'session.ended' });
      w.clear();
      w.actor.send({ type: 'survey.offer', surveyUrl: 'https://s.example/q', cancelUrl: 'https://s.example/cancel' });
      expect(w.tags()).to.deep.equal(['ended', 'survey']);
      w.actor.send({ type: 'dialog.confirm' });
      expect(w.events).to.deep.equal([{ type: 'surveyAccepted', url: 'https://s.example/q' }]);
      expect(w.tags()).to.deep.equal(['ended']);
      expect(w.context().survey).to.equal(null);
      w.actor.send({ type: 'survey.offer', surveyUrl: 'https://s.example/q', cancelUrl: 'https://s.example/cancel' });
      w.actor.send({ type: 'dialog.cancel' });
      expect(w.events.at(-1)).to.deep.equal({ type: 'surveyDeclined', url: 'https://s.example/cancel' });
    });

    it('survey with javascript: URLs emits nothing on either answer', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'session.ended' });
      w.clear();
      w.actor.send({ type: 'survey.offer', surveyUrl: 'javascript:alert(1)', cancelUrl: 'javascript:alert(2)' });
      w.actor.send({ type: 'dialog.confirm' });
      w.actor.send({ type: 'survey.offer', surveyUrl: 'javascript:alert(1)', cancelUrl: 'javascript:alert(2)' });
      w.actor.send({ type: 'dialog.cancel' });
      w.actor.send({ type: 'survey.offer' });
      w.actor.send({ type: 'dialog.confirm' });
      expect(w.events).to.deep.equal([]);
    });
  });

  describe('a chat without its window, configuration', () => {
    it('a start that answers after a forced close runs on: started, the agent and messages counted, the next open shows it', () => {
      const w = start();
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'form.submit' });
      w.actor.send({ type: 'close', force: true });
      expect(w.emitted().slice(-2)).to.deep.equal(['cancelled', 'closed']);
      w.clear();
      w.actor.send({ type: 'session.started' });
      w.actor.send({ type: 'session.agentJoined' });
      w.actor.send({ type: 'session.message', count: 1 });
      expect(w.emitted()).to.deep.equal(['started']);
      expect(w.context()).to.include({ started: true, agentJoined: true, unread: 1 });
      w.actor.send({ type: 'open' });
      expect(w.tags()).to.deep.equal(['chatting']);
      expect(w.can({ type: 'end' })).to.equal(true);
    });

    it('session errors, idle alerts and survey offers are not taken while closed', () => {
      const w = start();
      for (const event of [
        { type: 'session.error', key: 'Generic' },
        { type: 'idle.alert', count: 1 },
        { type: 'survey.offer' },
        { type: 'session.ended' },
      ] as const) {
        expect(w.can(event), event.type).to.equal(false);
      }
    });

    it('configure changes the fields, the close confirmation and async while running', () => {
      const w = start();
      w.actor.send({ type: 'configure', fields: ALL, confirmFormClose: false, async: true });
      expect(w.context()).to.include({ confirmFormClose: false, async: true });
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.submit' });
      expect(w.context().errors).to.deep.equal({ firstname: 'required', lastname: 'required' });
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'close' });
      expect(w.actor.getSnapshot().matches('closed'), 'no confirmation').to.equal(true);
    });
  });

  describe('dialogs over dialogs', () => {
    it('close or End Chat over an alert or the idle alert asks the end question; the end closes the idle alert', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'session.error', key: 'ChatServerWentOffline' });
      w.actor.send({ type: 'close' });
      expect(w.tags()).to.deep.equal(['chatting', 'confirmingEnd']);
      expect(w.context().alert, 'the replaced alert is gone').to.equal(null);
      w.actor.send({ type: 'dialog.cancel' });
      w.actor.send({ type: 'session.error', key: 'ChatServerWentOffline' });
      w.actor.send({ type: 'end' });
      expect(w.tags()).to.deep.equal(['chatting', 'confirmingEnd']);
      w.actor.send({ type: 'dialog.cancel' });
      w.actor.send({ type: 'idle.alert', count: 1, countdownMs: 5000 });
      w.actor.send({ type: 'close' });
      expect(w.tags()).to.deep.equal(['chatting', 'confirmingEnd']);
      expect(w.context().idle).to.equal(null);
      w.actor.send({ type: 'dialog.cancel' });
      w.actor.send({ type: 'idle.alert', count: 2, countdownMs: 5000 });
      w.actor.send({ type: 'session.ended' });
      expect(w.tags()).to.deep.equal(['ended']);
      expect(w.context().idle).to.equal(null);
    });

    it('an async chat’s close over the idle alert asks End Chat / Close Window; a session error replaces the question', () => {
      const w = start({ async: true });
      chatting(w);
      w.actor.send({ type: 'idle.alert', count: 1 });
      w.actor.send({ type: 'close' });
      expect(w.tags()).to.deep.equal(['asyncClose', 'chatting']);
      expect(w.can({ type: 'end' }), 'a question is open').to.equal(false);
      w.actor.send({ type: 'session.error', key: 'CriticalFault' });
      expect(w.tags()).to.deep.equal(['alert', 'chatting']);
    });

    it('the survey offer closes with the window', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'session.ended' });
      w.actor.send({ type: 'survey.offer', surveyUrl: 'https://s.example/' });
      w.actor.send({ type: 'close' });
      expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
      expect(w.context().survey).to.equal(null);
    });
  });

  describe('refused events', () => {
    it('answers without their question are refused', () => {
      const w = start();
      chatting(w);
      for (const event of [
        { type: 'close.confirm' },
        { type: 'close.cancel' },
        { type: 'dialog.confirm' },
        { type: 'dialog.cancel' },
        { type: 'alert.dismiss' },
        { type: 'retry' },
      ] as const) {
        expect(w.can(event), event.type).to.equal(false);
      }
    });
  });

  describe('the draft and the outbox (issue 13)', () => {
    it('draft.change keeps the input text; draft.sent empties it only when it still holds what was sent', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'draft.change', text: ' Dzień dobry ' });
      expect(w.context().draft).to.equal(' Dzień dobry ');
      // Typed on after Enter: the new text stays.
      w.actor.send({ type: 'draft.change', text: 'Dzień dobry, mam' });
      w.actor.send({ type: 'draft.sent', text: 'Dzień dobry' });
      expect(w.context().draft).to.equal('Dzień dobry, mam');
      w.actor.send({ type: 'draft.sent', text: 'Dzień dobry, mam' });
      expect(w.context().draft).to.equal('');
    });

    it('a saved draft put back while the window is closed stays for the chat view; a new chat starts with an empty input', () => {
      const w = start();
      w.actor.send({ type: 'draft.change', text: 'z poprzedniej strony' });
      w.actor.send({ type: 'session.restored' });
      expect(w.actor.getSnapshot().matches({ open: { main: 'chat' } })).to.equal(true);
      expect(w.context().draft).to.equal('z poprzedniej strony');
      w.actor.send({ type: 'session.ended' });
      w.actor.send({ type: 'close' });
      chatting(w);
      expect(w.context().draft).to.equal('');
    });

    it("a 'Not sent' message's Retry and Edit are asked of the plugin with its id, only while chatting", () => {
      const w = start();
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'message.retry', id: 'm-1' });
      expect(w.emitted()).to.not.include('messageRetryRequested');
      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'form.submit' });
      w.actor.send({ type: 'session.started' });
      w.clear();
      w.actor.send({ type: 'message.retry', id: 'm-1' });
      w.actor.send({ type: 'message.edit', id: 'm-2' });
      expect(w.events).to.deep.equal([
        { type: 'messageRetryRequested', id: 'm-1' },
        { type: 'messageEditRequested', id: 'm-2' },
      ]);
      w.actor.send({ type: 'session.ended' });
      w.clear();
      w.actor.send({ type: 'message.retry', id: 'm-1' });
      expect(w.events).to.deep.equal([]);
    });
  });

  describe('configurable inputs (issue 34 part 1)', () => {
    const CUSTOM: ChatFieldConfig[] = [
      { name: 'firstname', required: true },
      {
        name: 'topic',
        type: 'select',
        options: [
          { text: 'Pick one', value: '', disabled: true },
          { text: 'Pensions', value: 'pensions' },
          { text: 'Tax', value: 'tax', selected: true },
        ],
      },
      {
        name: 'contact',
        type: 'radio',
        required: true,
        options: [
          { text: 'Email', value: 'email' },
          { text: 'Phone', value: 'phone' },
        ],
      },
      { name: 'consent', type: 'checkbox', required: true, value: 'yes' },
      { name: 'page', type: 'hidden', value: '/en/pricing' },
      { name: 'note', type: 'textarea', maxlength: 10 },
    ];
    /** A validateFields that answers when told: each call's input is recorded with its answer's resolver. */
    const pending = () => {
      const calls: { input: ValidateFieldsInput; answer: (refused: string[]) => void; fail: (error: Error) => void }[] = [];
      const validateFields = fromPromise<string[], ValidateFieldsInput>(
        ({ input }) => new Promise((resolve, reject) => calls.push({ input, answer: resolve, fail: reject })),
      );
      return { calls, machine: chatWindowMachine.provide({ actors: { validateFields } }) };
    };
    const startWith = (machine: typeof chatWindowMachine, fields: ChatFieldConfig[]) => {
      const actor = createActor(machine, { input: { fields } }).start();
      const events: ChatWindowEmitted[] = [];
      actor.on('*', (e) => events.push(e));
      return { actor, events, context: () => actor.getSnapshot().context, tags: () => [...actor.getSnapshot().tags].sort() };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('draws each input’s first value: the given one, a select’s selected option, a checked box; radios start empty', () => {
      const w = start({ fields: CUSTOM });
      w.actor.send({ type: 'open', fields: [...CUSTOM.slice(0, 3), { ...CUSTOM[3]!, checked: true }, ...CUSTOM.slice(4)] });
      expect(w.context().form).to.deep.include({ firstname: '', topic: 'tax', contact: '', consent: 'yes', page: '/en/pricing', note: '' });
      w.actor.send({ type: 'close' });
      expect(w.actor.getSnapshot().matches('closed'), 'drawn values are no typed content: no question').to.equal(true);
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'topic', value: 'pensions' });
      w.actor.send({ type: 'close' });
      expect(w.tags(), 'a changed select is typed content').to.include('confirmingClose');
    });

    it('an open’s own fields replace the configured ones for that open', () => {
      const w = start({ fields: DEPLOYMENT });
      w.actor.send({ type: 'open', fields: CUSTOM });
      expect(w.context().fields.map((f) => f.name)).to.deep.equal(['firstname', 'topic', 'contact', 'consent', 'page', 'note']);
    });

    it('checks each kind: a required box or radio left empty, an option that is not offered, a tampered box, a long textarea', () => {
      expect(validateChatForm(CUSTOM, { firstname: 'Anna', topic: 'tax', contact: '', consent: '', note: '' })).to.deep.equal({
        contact: 'required',
        consent: 'required',
      });
      expect(validateChatForm(CUSTOM, { firstname: 'Anna', topic: 'crypto', contact: 'fax', consent: 'no', note: 'x'.repeat(11) })).to.deep.equal({
        topic: 'invalid',
        contact: 'invalid',
        consent: 'invalid',
        note: 'tooLong',
      });
      expect(validateChatForm(CUSTOM, { firstname: 'Anna', topic: '', contact: 'phone', consent: 'yes' }), 'an optional select may be empty').to.deep.equal({});
      expect(validateChatForm([{ name: 'topic', type: 'select', options: [{ text: 'Off', value: 'off', disabled: true }] }], { topic: 'off' })).to.deep.equal({
        topic: 'invalid',
      });
    });

    it('the start request carries every input’s value, the start fields always named', () => {
      const w = start({ fields: CUSTOM });
      w.actor.send({ type: 'open', fields: CUSTOM });
      for (const [field, value] of [
        ['firstname', ' Anna '],
        ['contact', 'phone'],
        ['consent', 'yes'],
        ['note', ' hi '],
      ] as const)
        w.actor.send({ type: 'form.change', field, value });
      w.actor.send({ type: 'form.submit' });
      expect(w.events.find((e) => e.type === 'startRequested')).to.deep.equal({
        type: 'startRequested',
        request: { firstname: 'Anna', lastname: '', email: '', subject: '', topic: 'tax', contact: 'phone', consent: 'yes', page: '/en/pricing', note: 'hi' },
      });
    });

    it('a submit waits for the validates (busy); a refusal marks its field invalid and moves the focus, an acceptance starts', async () => {
      const validate = () => true;
      const fields: ChatFieldConfig[] = [
        { name: 'firstname', required: true },
        { name: 'policy', validate },
        { name: 'code', validate },
      ];
      const { calls, machine } = pending();
      const w = startWith(machine, fields);
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'policy', value: 'AB-1' });
      w.actor.send({ type: 'form.submit' });
      expect(w.tags()).to.deep.equal(['busy']);
      expect(calls).to.have.length(1);
      expect(calls[0]!.input.trigger).to.equal('submit');
      expect(
        calls[0]!.input.fields.map((f) => f.name),
        'only the inputs with a validate',
      ).to.deep.equal(['policy', 'code']);
      expect(calls[0]!.input.values.policy).to.equal('AB-1');
      calls[0]!.answer(['code']);
      await settle();
      expect(w.tags()).to.deep.equal(['editing']);
      expect(w.context().errors, 'the form’s own problems and the refusals together').to.deep.equal({ firstname: 'required', code: 'invalid' });
      expect(w.context().focusErrorKey).to.equal(1);
      expect(w.events.map((e) => e.type)).to.deep.equal(['opened']);

      w.actor.send({ type: 'form.change', field: 'firstname', value: 'Anna' });
      w.actor.send({ type: 'form.submit' });
      calls[1]!.answer([]);
      await settle();
      expect(w.tags()).to.deep.equal(['busy']);
      expect(w.events.map((e) => e.type)).to.deep.equal(['opened', 'submitted', 'startRequested']);
    });

    it('a validate that fails (the actor rejects, or is not provided) refuses the fields it checks', async () => {
      const fields: ChatFieldConfig[] = [{ name: 'policy', validate: () => true }];
      const { calls, machine } = pending();
      const w = startWith(machine, fields);
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.submit' });
      calls[0]!.fail(new Error('jQuery could not load'));
      await settle();
      expect(w.context().errors).to.deep.equal({ policy: 'invalid' });

      const bare = startWith(chatWindowMachine, fields);
      bare.actor.send({ type: 'open' });
      bare.actor.send({ type: 'form.submit' });
      await settle();
      expect(bare.context().errors).to.deep.equal({ policy: 'invalid' });
      expect(bare.events.map((e) => e.type)).to.deep.equal(['opened']);
    });

    it('validateWhileTyping checks the typed field on each change; only the newest check counts', async () => {
      const fields: ChatFieldConfig[] = [
        { name: 'policy', validate: () => true, validateWhileTyping: true },
        { name: 'other', validate: () => true },
      ];
      const { calls, machine } = pending();
      const w = startWith(machine, fields);
      w.actor.send({ type: 'open' });
      w.actor.send({ type: 'form.change', field: 'other', value: 'x' });
      expect(calls, 'a field without validateWhileTyping is checked on submit only').to.have.length(0);
      w.actor.send({ type: 'form.change', field: 'policy', value: 'A' });
      w.actor.send({ type: 'form.change', field: 'policy', value: 'AB' });
      expect(calls.map((c) => [c.input.trigger, c.input.fields.map((f) => f.name), c.input.values.policy])).to.deep.equal([
        ['input', ['policy'], 'A'],
        ['input', ['policy'], 'AB'],
      ]);
      calls[0]!.answer(['policy']);
      await settle();
      expect(w.context().errors, 'the stale check is dropped').to.deep.equal({});
      calls[1]!.answer(['policy']);
      await settle();
      expect(w.context().errors).to.deep.equal({ policy: 'invalid' });
      expect(w.context().focusErrorKey, 'typing never moves the focus').to.equal(0);
      w.actor.send({ type: 'form.change', field: 'policy', value: 'AB-12' });
      expect(w.context().errors, 'a change clears the field’s error').to.deep.equal({});
    });

    it('server codes mark shown fields only: an isHidden or hidden email leaves 364 for the alert', () => {
      expect(markServerCodes([{ name: 'firstname' }, { name: 'email', isHidden: true }], [102, 364])).to.deep.equal({
        errors: { firstname: 102 },
        unmarked: [364],
      });
      expect(markServerCodes([{ name: 'email', type: 'hidden' }], [364]).unmarked).to.deep.equal([364]);
    });
  });

  describe('web-chat.md §8 messages the window keeps or raises itself', () => {
    it('a chat that ends unexpectedly says CriticalFault; an ordinary end says nothing', () => {
      const w = start();
      chatting(w);
      w.actor.send({ type: 'session.ended', unexpected: true });
      expect(w.tags()).to.include.members(['ended', 'alert']);
      expect(w.context().alert).to.deep.include({ key: 'CriticalFault', retry: false });
      const v = start();
      chatting(v);
      v.actor.send({ type: 'session.ended' });
      expect(v.tags()).to.include('ended').and.not.include('alert');
      expect(v.context().alert).to.equal(null);
    });

    it('a closed window keeps RestoreFailed, TransferFailed, InviteFailed and CriticalFault for its next open, once', () => {
      for (const key of ['RestoreFailed', 'TransferFailed', 'InviteFailed'] as const) {
        const w = start();
        w.actor.send({ type: 'session.error', key });
        expect(w.actor.getSnapshot().matches('closed')).to.equal(true);
        w.actor.send({ type: 'open' });
        expect(w.tags(), key).to.include('alert');
        expect(w.context().alert?.key).to.equal(key);
        w.actor.send({ type: 'alert.dismiss' });
        w.actor.send({ type: 'close' });
        w.actor.send({ type: 'open' });
        expect(w.tags(), `${key} shown once`).to.not.include('alert');
      }
      // A chat running without its window that ends unexpectedly: said when the window opens.
      const w = start();
      chatting(w);
      w.actor.send({ type: 'close', force: true });
      w.actor.send({ type: 'session.ended', unexpected: true });
      expect(w.emitted()).to.include('cancelled');
      w.actor.send({ type: 'open' });
      expect(w.context().alert?.key).to.equal('CriticalFault');
    });

    it('other messages are not kept by a closed window (they concern a window that was open)', () => {
      const w = start();
      w.actor.send({ type: 'session.error', key: 'MessageFailed' });
      w.actor.send({ type: 'session.error', key: 'ChatServerWentOffline' });
      w.actor.send({ type: 'open' });
      expect(w.tags()).to.not.include('alert');
      expect(w.context().alert).to.equal(null);
    });

    it('keeps what each server error substitutes (201 the count, 202 and a file size the limit, the file name)', () => {
      const w = start();
      chatting(w);
      const details = [{ max: 3 }, null, { name: 'big.pdf', max: 1_048_576 }];
      w.actor.send({ type: 'session.error', key: 'serverErrors', codes: [201, 203, 0], keys: ['', '', 'chat.error.FileTransferSizeError'], details });
      expect(w.context().alert).to.deep.include({ key: 'serverErrors', codes: [201, 203, 0], details });
    });
  });
});
