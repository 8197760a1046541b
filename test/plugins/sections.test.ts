import { expect } from '@esm-bundle/chai';
import { knowledgeSection } from '../../src/plugins/knowledge/knowledge-config.ts';
import { searchSection } from '../../src/plugins/search/search-config.ts';
import { chatDeflectionSection } from '../../src/plugins/chat-deflection/chat-deflection-config.ts';
import { readSection } from '../../src/app/section.ts';
import { callUsSection } from '../../src/plugins/shared/call-us-config.ts';
import { calendarSection, configureCalendar } from '../../src/plugins/calendar/calendar.ts';
import { channelSelectorSection } from '../../src/plugins/channel-selector/channel-selector.ts';
import { sendMessageSection, readSettings } from '../../src/plugins/send-message/send-message.ts';
import { sidebarSection } from '../../src/plugins/sidebar/sidebar.ts';
import { statsSection } from '../../src/plugins/shared/stats-config.ts';
import { callbackSection } from '../../src/plugins/callback/callback-config.ts';
import { calendarMessages, defaultCalendarConfig } from '../../machines/calendar.machine.ts';

/** Reads `raw` with `schema`, collecting what would go to the console. */
function read<S extends Parameters<typeof readSection>[2]>(name: string, raw: unknown, schema: S) {
  const lines: string[] = [];
  const { value } = readSection(name, raw, schema, (line) => lines.push(line.replace('[live-assist] ', '')));
  return { value, lines };
}

describe('plugin configuration sections', () => {
  it("the Polish deployment's configuration reads with no issue in any section", async () => {
    // @ts-expect-error a classic script without types: it sets window.liveAssistConfig
    await import('../../demo/assets/deployment-config.js');
    const config = (window as unknown as { liveAssistConfig: Record<string, unknown> }).liveAssistConfig;
    const lines = [
      read('sidebar', config.sidebar, sidebarSection),
      read('channelselector', config.channelselector, channelSelectorSection),
      read('callus', config.callus, callUsSection),
      read('stats', config.stats, statsSection),
      read('callback', config.callback, callbackSection),
      read('calendar', config.calendar, calendarSection(24)),
      read('sendmessage', config.sendmessage, sendMessageSection),
      read('knowledgecenter', config.knowledgecenter, knowledgeSection),
      read('search', config.search, searchSection),
      read('chatdeflection', config.chatdeflection, chatDeflectionSection),
    ].flatMap((r) => r.lines);
    expect(lines).to.deep.equal([]);
  });

  it("the English demo's channels (every clickCommand the demo runs) read with no issue", async () => {
    // @ts-expect-error a classic script without types: it sets window.liveAssistConfig
    await import('../../demo/assets/en-config.js');
    const config = (window as unknown as { liveAssistConfig: Record<string, unknown> }).liveAssistConfig;
    const lines = [
      read('sidebar', config.sidebar, sidebarSection),
      read('channelselector', config.channelselector, channelSelectorSection),
      read('sendmessage', config.sendmessage, sendMessageSection),
    ].flatMap((r) => r.lines);
    expect(lines).to.deep.equal([]);
  });

  it('callus: keeps the good contacts and hours, names each bad one', () => {
    const { value, lines } = read(
      'callus',
      { contacts: [{ number: '+48 22 100 20 30', displayName: 'Infolinia' }, { number: ' ' }, { displayName: 'x' }, 'bad'], hours: ['8-17', 3, ''] },
      callUsSection,
    );
    expect(value).to.deep.equal({ contacts: [{ number: '+48 22 100 20 30', displayName: 'Infolinia' }], hours: ['8-17'], openingHours: undefined });
    expect(lines).to.deep.equal([
      'callus.contacts[1].number: must be a phone number',
      'callus.contacts[2].number: is missing',
      'callus.contacts[3]: must be an object',
      'callus.hours[1]: must be a line of text',
      'callus.hours[2]: must not be empty',
    ]);
    expect(read('callus', undefined, callUsSection).value).to.deep.equal({ contacts: [], hours: [], openingHours: undefined });
  });

  it('channelselector: refresh interval in seconds (10 by default) and channels with their wait settings', () => {
    const { value, lines } = read(
      'channelselector',
      {
        ewtRefreshInterval: 0,
        channels: [
          { name: 'WebChat', ewt: { display: true, queue: 'PPK_Chat', availabilityThresholdMax: 3600 } },
          { name: 'Callback', ewt: 'PPK' },
        ],
      },
      channelSelectorSection,
    );
    expect(value.ewtRefreshInterval).to.equal(10);
    expect(value.channels.map((c) => [c.name, c.ewt?.queue])).to.deep.equal([['WebChat', 'PPK_Chat']]);
    expect(lines).to.deep.equal(['channelselector.ewtRefreshInterval: must be at least 1 second', 'channelselector.channels[1].ewt: must be an object']);
  });

  it('stats: the availability rule and the group request are checked field by field', () => {
    const { value, lines } = read(
      'stats',
      {
        apiVersion: 'v4',
        groupEWT: { queue: 'PPK_Chat' },
        availability: { timeZone: 'Europe/Nowhere', whenOpen: ['WebChat'], whenClosed: ['CallUs'] },
        timeout: '3000',
      },
      statsSection,
    );
    expect(value).to.deep.include({ apiVersion: 'v1', groupEWT: undefined, availability: undefined, timeout: 3000 });
    expect(lines).to.deep.equal([
      "stats.apiVersion: must be 'v1', 'v2' or 'v3'",
      'stats.timeout: must be a number of milliseconds',
      'stats.groupEWT.url: is missing',
      'stats.availability.timeZone: must be an IANA time zone such as Europe/Warsaw',
    ]);
  });

  it("calendar: section 9 defaults, the app's time format when none is named, the spec's messages for bad hours", () => {
    const { value, lines } = read(
      'calendar',
      { numberOfDays: 2.5, calenderHours: { morning: { enable: true }, allDay: { openTime: 9 } } },
      calendarSection(24),
    );
    expect(value.timeFormat).to.equal(24);
    expect(value.numberOfDays).to.equal(5);
    expect(value.calenderHours.morning).to.deep.equal({ openTime: '08:00', closeTime: '11:59', enable: true });
    expect(value.calenderHours.allDay.openTime).to.equal('00:00');
    expect(lines).to.deep.equal([
      'calendar.numberOfDays: must be a whole number of days',
      `calendar.calenderHours.allDay.openTime: ${calendarMessages.allDayOpen}`,
    ]);
    expect(read('calendar', {}, calendarSection()).value).to.deep.equal(defaultCalendarConfig);
  });

  it('bounds: at most 14 calendar days and 50 channels; a longer list is cut before its items are read', () => {
    const days = read('calendar', { numberOfDays: 1e9 }, calendarSection());
    expect(days.value.numberOfDays).to.equal(5);
    expect(days.lines).to.deep.equal(['calendar.numberOfDays: must be at most 14 days']);
    expect(read('calendar', { numberOfDays: 14 }, calendarSection()).value.numberOfDays).to.equal(14);
    let reads = 0;
    const channels = Array.from({ length: 100_000 }, (_, i) => ({
      get name() {
        reads += 1;
        return `C${i}`;
      },
    }));
    const started = performance.now();
    for (const [name, schema] of [
      ['sidebar', sidebarSection],
      ['channelselector', channelSelectorSection],
    ] as const) {
      const { value, lines } = read(name, { channels }, schema);
      expect(value.channels).to.have.length(50);
      expect(lines).to.deep.equal([`${name}.channels: must have at most 50 items: the 99950 after the first 50 were ignored`]);
    }
    expect(reads).to.equal(100);
    expect(performance.now() - started).to.be.below(500);
  });

  it('an icon object, a formFields string and an over-long or over-full value are each reported by path, never rendered or thrown', () => {
    const selector = read(
      'channelselector',
      { channels: [{ name: 'CallUs', icon: {} }, { name: 'x'.repeat(101) }, { name: 'Callback', icon: '↩' }] },
      channelSelectorSection,
    );
    expect(selector.value.channels.map((c) => c.name)).to.deep.equal(['Callback']);
    expect(selector.lines).to.deep.equal([
      'channelselector.channels[0].icon: must be a string',
      'channelselector.channels[1].name: must be at most 100 characters long',
    ]);
    expect(read('sidebar', { channels: [{ name: 'CallUs', icon: { src: 'a.png' } }] }, sidebarSection).lines).to.deep.equal([
      'sidebar.channels[0].icon: must be a string',
    ]);
    const keys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const callback = read(
      'callback',
      { formFields: 'x', userData: keys, dataProtection: { controller: 'c'.repeat(2001), purpose: 'p', pdf: '/p.pdf' } },
      callbackSection,
    );
    expect(callback.value.formFields).to.deep.equal([]);
    expect(callback.value.userData).to.deep.equal({});
    expect(callback.lines).to.deep.equal([
      'callback.userData: must have at most 50 keys',
      'callback.formFields: must be a list',
      'callback.dataProtection.controller: must be at most 2000 characters long',
    ]);
    expect(read('callback', { formFields: [{ name: 'subject', label: 'l'.repeat(201) }] }, callbackSection).lines).to.deep.equal([
      'callback.formFields[0].label: must be at most 200 characters long',
    ]);
    expect(read('sendmessage', { userData: keys }, sendMessageSection).lines).to.deep.equal(['sendmessage.userData: must have at most 50 keys']);
    expect(read('sendmessage', { userData: { note: 'n'.repeat(2001) } }, sendMessageSection).lines).to.deep.equal([
      'sendmessage.userData.note: must be at most 2000 characters long',
    ]);
    expect(read('callus', { contacts: [{ number: '1'.repeat(41) }] }, callUsSection).lines).to.deep.equal([
      'callus.contacts[0].number: must be at most 40 characters long',
    ]);
    const rule = { whenOpen: Array.from({ length: 51 }, (_, i) => `C${i}`), whenClosed: ['CallUs'] };
    expect(read('stats', { availability: rule }, statsSection).lines).to.deep.equal(['stats.availability.whenOpen: must have at most 50 items']);
    expect(read('stats', { groupEWT: { url: `/${'u'.repeat(2000)}` } }, statsSection).lines).to.deep.equal([
      'stats.groupEWT.url: must be at most 2000 characters long',
    ]);
  });

  it('Calendar.configure: merged over the current settings, refused whole with the spec message', () => {
    const current = { ...defaultCalendarConfig, numberOfDays: 3 };
    expect(() => configureCalendar(current, undefined)).to.throw(calendarMessages.noConfiguration);
    expect(() => configureCalendar(current, {})).to.throw(calendarMessages.noConfiguration);
    expect(() => configureCalendar(current, { calenderHours: { allDay: { closeTime: '25:00' } } })).to.throw(calendarMessages.allDayClose);
    expect(() => configureCalendar(current, { timeFormat: 13 })).to.throw(calendarMessages.timeFormat);
    expect(() => configureCalendar(current, { servicePlugin: 'Callback.availability' })).to.throw(
      'Invalid config: calendar.servicePlugin must be a plugin name',
    );
    const next = configureCalendar(current, { timeFormat: 24 });
    expect([next.timeFormat, next.numberOfDays]).to.deep.equal([24, 3]);
  });

  it('sendmessage: defaults, the app api key as fallback, user data as text, the side button', () => {
    expect(readSettings({}, 'main-key')).to.deep.include({
      dataURL: '/api/sendmessage',
      apikey: 'main-key',
      timeout: 3000,
      uploadsEnabled: true,
      validation: true,
    });
    expect(readSettings({ apikey: 'own' }, 'main-key').apikey).to.equal('own');
    const { value, lines } = read(
      'sendmessage',
      {
        userData: { source: 'kontakt', tries: 2 },
        limits: { maxFiles: 0, maxTotalSize: 1024 },
        dataProtection: { controller: 'PPK', purpose: 'kontakt', pdf: 'javascript:alert(1)' },
        sideButton: { visible: true, effect: 'spin', clickCommand: 'SendMessage.redirect' },
      },
      sendMessageSection,
    );
    expect(value.userData).to.deep.equal({ source: 'kontakt', tries: '2' });
    expect(value.limits).to.deep.equal({ maxFiles: undefined, maxTotalSize: 1024 });
    expect(value.dataProtection).to.equal(undefined);
    expect(value.sideButton).to.deep.equal({
      visible: true,
      openDelay: 1000,
      effect: 'fade',
      effectDuration: 300,
      clickCommand: 'SendMessage.redirect',
      clickOptions: undefined,
    });
    expect(lines).to.deep.equal([
      'sendmessage.limits.maxFiles: must be at least 1 file',
      'sendmessage.dataProtection.pdf: must be an http(s) or relative link',
      "sendmessage.sideButton.effect: must be 'fade' or 'slide'",
    ]);
  });
});
