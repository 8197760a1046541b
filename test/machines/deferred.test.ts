import { expect } from '@esm-bundle/chai';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { deferred } from '../../machines/deferred.ts';

// machines/deferred.ts: a machine built when first used, whose `provide` builds the provided machine alone.
const counterSetup = setup({
  types: { context: {} as { count: number; answer: string } },
  actions: { bump: assign(({ context }) => ({ count: context.count + 1 })) },
  guards: { small: ({ context }) => context.count < 2 },
  actors: { ask: fromPromise(async () => 'setup') },
  delays: { soon: 10 },
});

function define() {
  const built: string[] = [];
  const machine = deferred(counterSetup, (s) => {
    built.push(s === counterSetup ? 'as defined' : 'provided');
    return s.createMachine({
      id: 'counter',
      context: { count: 0, answer: '' },
      initial: 'idle',
      states: {
        idle: { on: { go: { guard: 'small', actions: 'bump' }, ask: 'asking' } },
        asking: { invoke: { src: 'ask', onDone: { target: 'idle', actions: assign({ answer: ({ event }) => event.output }) } } },
      },
    });
  });
  return { machine, built };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('deferred machine', () => {
  it("builds nothing until used; provide builds the provided machine alone, with the setup's own implementations beside the given ones", async () => {
    const { machine, built } = define();
    expect(built).to.deep.equal([]);
    const provided = machine.provide({ actors: { ask: fromPromise(async () => 'provided') } });
    expect(built).to.deep.equal(['provided']);
    const actor = createActor(provided).start();
    actor.send({ type: 'go' });
    actor.send({ type: 'go' });
    actor.send({ type: 'go' });
    expect(actor.getSnapshot().context.count, "the setup's action and guard").to.equal(2);
    actor.send({ type: 'ask' });
    await settle();
    expect(actor.getSnapshot().context.answer, 'the provided actor').to.equal('provided');
    expect(built, 'the machine as defined never built').to.deep.equal(['provided']);
  });

  it('used as it is, it is the machine as defined, built once', async () => {
    const { machine, built } = define();
    expect(machine.id).to.equal('counter');
    const actor = createActor(machine).start();
    actor.send({ type: 'ask' });
    await settle();
    expect(actor.getSnapshot().context.answer).to.equal('setup');
    expect(actor.getSnapshot().matches('idle')).to.equal(true);
    expect('root' in machine).to.equal(true);
    expect(built).to.deep.equal(['as defined']);
  });
});
