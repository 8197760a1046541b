import { expect } from '@esm-bundle/chai';
import { http, HttpResponse } from 'msw';
import { App } from '../../src/app/app.ts';
import { register as registerStats } from '../../src/plugins/stats/stats.ts';
import { register as registerCallbackService } from '../../src/plugins/callback/callback-service.ts';
import { registerService as registerSendMessageService } from '../../src/plugins/send-message/send-message.ts';
import { startMocks } from '../helpers/msw.ts';
import { captureConsole } from '../helpers/dom.ts';

const app = (sections: Record<string, unknown>) =>
  new App({ window, config: { main: { lang: 'en' }, ...sections }, plugins: {}, loadRuntime: async () => undefined });
const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );

describe('service plugins read their sections with valibot', () => {
  it('StatsService: a malformed answer rejects naming where and publishes error.ewt', async () => {
    await startMocks(http.get('/ewt', () => HttpResponse.json({ ewt: 'soon', time: 1 })));
    const a = app({ stats: { groupEWT: { url: '/ewt', queue: 'Q' } } });
    registerStats(a);
    const published: string[] = [];
    a.bus.subscribe('StatsService.error.ewt', (event) => published.push(event.data.message));
    const expected = 'The EWT response is malformed at ewt: must be a number of seconds';
    expect(await message(a.bus.command('StatsService.getGroupEWT'))).to.equal(expected);
    expect(published).to.deep.equal([expected]);
  });

  it('StatsService: a bad option is reported once and takes its default; configure refuses one, naming it', async () => {
    await startMocks(http.get('/ewt', () => HttpResponse.json({ ewt: 12, time: 1 })));
    const a = app({ stats: { groupEWT: { url: '/ewt', queue: 'Q', timeout: 'long' } } });
    registerStats(a);
    const { errors } = await captureConsole(async () => {
      // The bad group (its timeout) is left out; two requests report it once.
      expect(await message(a.bus.command('StatsService.getGroupEWT'))).to.equal('Invalid EWT configuration');
      expect(await message(a.bus.command('StatsService.getGroupEWT'))).to.equal('Invalid EWT configuration');
    });
    expect(errors).to.deep.equal(['[live-assist] stats.groupEWT.timeout: must be a number of milliseconds']);
    expect(await message(a.bus.command('StatsService.configure', { timeout: -3 }))).to.equal(
      'Invalid EWT configuration: stats.timeout must be at least 1 millisecond',
    );
    await a.bus.command('StatsService.configure', { groupEWT: { url: '/ewt', queue: 'Q' } });
    expect(await a.bus.command('StatsService.getGroupEWT')).to.deep.equal({ ewt: 12, time: 1 });
  });

  it('CallbackService: configure refuses a bad option, naming it, and keeps the section', async () => {
    const a = app({ callback: { apiVersion: 'v3', dataURL: '/cb', serviceName: 'ppk' } });
    registerCallbackService(a);
    expect(await message(a.bus.command('CallbackService.configure', { timeout: 'soon' as unknown as number }))).to.equal(
      'Invalid configuration: CallbackService.timeout must be a number of milliseconds',
    );
    expect(await message(a.bus.command('CallbackService.configure', { apiVersion: 'v2' as 'v1' }))).to.equal(
      "Invalid configuration: CallbackService.apiVersion must be 'v1' or 'v3'",
    );
    await a.bus.command('CallbackService.configure', { timeout: 5000 });
  });

  it("CallbackService and SendMessageService send the app's language and the submit's idempotency key", async () => {
    const seen: string[] = [];
    const record = (request: Request) =>
      seen.push(`${new URL(request.url).pathname} ${request.headers.get('accept-language')} ${request.headers.get('idempotency-key')}`);
    await startMocks(
      http.post('/cb/create', ({ request }) => (record(request), HttpResponse.json({ data: { id: '1' } }))),
      http.post('/sm', ({ request }) => (record(request), HttpResponse.json({ interactionId: 'i' }))),
    );
    const a = new App({
      window,
      config: { main: { lang: 'pl' }, callback: { apiVersion: 'v3', dataURL: '/cb', serviceName: 'ppk', apikey: 'k' }, sendmessage: { dataURL: '/sm' } },
      plugins: {},
      loadRuntime: async () => undefined,
    });
    registerCallbackService(a);
    registerSendMessageService(a);
    await a.bus.command('CallbackService.schedule', { phonenumber: '600100200', idempotencyKey: 'k-cb' });
    const formData = { firstName: 'A', lastName: 'B', email: 'a@example.com', subject: 'S', text: 'T' };
    await a.bus.command('SendMessageService.sendForm', { formData, idempotencyKey: 'k-sm' });
    expect(seen).to.deep.equal(['/cb/create pl k-cb', '/sm pl k-sm']);
  });
});
