import { expect } from '@esm-bundle/chai';
import { App } from '../../src/app/app.ts';
import { register } from '../../src/plugins/calendar/calendar.ts';

// A stand-in for the service plugin the calendar is configured to ask (`calendar.servicePlugin`).
declare module '../../src/bus/types.ts' {
  interface Commands {
    'FakeService.availability': { options: unknown; result: unknown };
  }
}

const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (error: Error) => error.message,
  );

describe('Calendar plugin', () => {
  it('asks the configured service plugin by name, as the Calendar, and checks its answer', async () => {
    const app = new App({
      window,
      config: { main: { lang: 'en' }, calendar: { servicePlugin: 'FakeService', timeFormat: 24, calenderHours: { interval: 30 } } },
      plugins: {},
      loadRuntime: async () => undefined,
    });
    await app.ready;
    let answer: unknown = { '2026-03-30T08:00:00.000Z': 2, '2026-03-30T08:30:00.000Z': 0 };
    const asked: Array<{ options: unknown; commander: string }> = [];
    const service = app.bus.registerPlugin('FakeService');
    service.registerCommand('availability', (options, { commander }) => {
      asked.push({ options, commander });
      return answer;
    });
    service.ready();
    register(app);

    expect(await app.bus.command('Calendar.getAvailability', { date: '2026-03-30' })).to.deep.equal(answer);
    expect(asked).to.deep.equal([{ options: { startDate: '2026-03-30', numberOfDays: 1 }, commander: 'Calendar' }]);

    // The service is configuration, so its answer is data: a malformed one never reaches the machine.
    answer = { '2026-03-30T08:00:00.000Z': 'many' };
    expect(await message(app.bus.command('Calendar.getAvailability', { date: '2026-03-30' }))).to.equal('Invalid data');
    answer = 'busy';
    expect(await message(app.bus.command('Calendar.getAvailability', { date: '2026-03-30' }))).to.equal('Invalid data');
  });
});
