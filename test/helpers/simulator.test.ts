import { expect } from '@esm-bundle/chai';
import { startSimulator } from './simulator.ts';

describe('simulator behind msw', () => {
  it('answers the library fetches with the demo simulator, and follows its control API', async () => {
    const sim = await startSimulator();
    const first = await (await fetch('/api/ewt/group?name=PPK_Chat')).json();
    expect(first).to.have.keys(['ewt', 'time']);
    await fetch('/__control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ warsawTime: '18:00' }) });
    const later = await (await fetch('/api/ewt/group?name=PPK_Chat')).json();
    expect(new Date(later.time * 1000).toLocaleString('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit' })).to.equal('18:00');
    expect((await fetch('/test/helpers/simulator.ts')).ok).to.equal(true);
    sim.dispose();
  });
});
