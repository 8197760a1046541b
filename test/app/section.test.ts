import { expect } from '@esm-bundle/chai';
import { CHANNEL_COMMAND, flag, listOf, notChannelCommand, number, readList, readSection, seconds, sectionReader, text, v } from '../../src/app/section.ts';
import * as loaderRule from '../../src/bus/channel-commands.ts';
import { sidebarSection } from '../../src/plugins/sidebar/sidebar.ts';
import { channelSelectorSection } from '../../src/plugins/channel-selector/channel-selector.ts';
import { sendMessageSection } from '../../src/plugins/send-message/send-message.ts';

const collect = () => {
  const lines: string[] = [];
  return { lines, log: (line: string) => lines.push(line) };
};

describe('plugin sections (valibot)', () => {
  it('keeps good options, reports bad ones by path and uses their defaults', () => {
    const { lines, log } = collect();
    const { value, issues } = readSection('sidebar', { position: 'top', showOnStartup: 'yes', expandOnHover: false }, sidebarSection, log);
    expect(value).to.deep.equal({ position: 'right', showOnStartup: true, expandOnHover: false, availability: undefined, channels: [] });
    expect(issues.map((i) => i.path)).to.deep.equal(['sidebar.position', 'sidebar.showOnStartup']);
    expect(lines).to.deep.equal(["[live-assist] sidebar.position: must be 'left' or 'right'", '[live-assist] sidebar.showOnStartup: must be true or false']);
  });

  it('reads a missing section as all defaults, silently; a section that is not an object is reported', () => {
    const { lines, log } = collect();
    expect(readSection('sidebar', undefined, sidebarSection, log).value.position).to.equal('right');
    expect(lines).to.deep.equal([]);
    expect(readSection('sidebar', 'oops', sidebarSection, log).value.expandOnHover).to.equal(true);
    expect(readSection('sidebar', [], sidebarSection, log).value.showOnStartup).to.equal(true);
    expect(lines).to.deep.equal(['[live-assist] sidebar: must be an object', '[live-assist] sidebar: must be an object']);
  });

  it('checks a nested section field by field: a bad field takes its own default, the good ones stay', () => {
    const schema = { ewt: { display: flag(true), queue: text(), threshold: seconds(30) }, timeout: seconds(3) };
    const { lines, log } = collect();
    const { value } = readSection('callback', { ewt: { display: 'no', queue: 'PPK_Callback', threshold: -5 } }, schema, log);
    expect(value).to.deep.equal({ ewt: { display: true, queue: 'PPK_Callback', threshold: 30 }, timeout: 3 });
    expect(lines).to.deep.equal(['[live-assist] callback.ewt.display: must be true or false', '[live-assist] callback.ewt.threshold: must not be negative']);
    expect(readSection('callback', { ewt: 60 }, schema, log).value.ewt).to.deep.equal({ display: true, queue: undefined, threshold: 30 });
    expect(lines.at(-1)).to.equal('[live-assist] callback.ewt: must be an object');
  });

  it('keeps the valid channels of a list option and names each invalid one, with the path inside it', () => {
    const { lines, log } = collect();
    const { value } = readSection(
      'sidebar',
      {
        channels: [
          { name: 'CallUs', clickCommand: 'CallUs.open' },
          { clickCommand: 'Callback.open' },
          'WebChat',
          { name: 'SendMessage', clickCommand: 'redirect to /kontakt' },
          { name: 'Search', icon: 7 },
          { name: 'Chat', ewt: { queue: 'PPK_Chat', availabilityThresholdMin: '300' } },
          { name: 'Custom', onClick: () => undefined, extra: 1 },
        ],
      },
      sidebarSection,
      log,
    );
    expect(value.channels.map((c) => c.name)).to.deep.equal(['CallUs', 'Custom']);
    expect(lines).to.deep.equal([
      '[live-assist] sidebar.channels[1].name: each channel must be an object with a name',
      '[live-assist] sidebar.channels[2]: each channel must be an object with a name',
      '[live-assist] sidebar.channels[3].clickCommand: must look like Plugin.command',
      '[live-assist] sidebar.channels[4].icon: must be a string',
      '[live-assist] sidebar.channels[5].ewt.availabilityThresholdMin: must be a number of seconds',
    ]);
  });

  it('refuses a clickCommand that does more than open or show a widget, by path, in every section that has one', () => {
    const { lines, log } = collect();
    const hostile = { name: 'Evil', clickCommand: 'App.registerExtension', clickOptions: { name: 'x', extension: 'https://evil.example/x.js' } };
    const sidebar = readSection('sidebar', { channels: [{ name: 'Callback', clickCommand: 'Callback.open' }, hostile] }, sidebarSection, log).value;
    const selector = readSection(
      'channelselector',
      { channels: [hostile, { name: 'Console', clickCommand: 'Console.open' }] },
      channelSelectorSection,
      log,
    ).value;
    const sideButton = readSection('sendmessage', { sideButton: { clickCommand: 'Overlay.open', clickOptions: { autoSubmit: true } } }, sendMessageSection, log)
      .value.sideButton;
    const autoSubmit = { name: 'Callback', clickCommand: 'Callback.open', clickOptions: { form: { phonenumber: '+48 600 000 000' }, autoSubmit: true } };
    expect(readSection('sidebar', { channels: [autoSubmit] }, sidebarSection, log).value.channels).to.deep.equal([]);
    expect(sidebar.channels.map((c) => c.name)).to.deep.equal(['Callback']);
    expect(selector.channels).to.deep.equal([]);
    expect(sideButton.clickCommand).to.equal('SendMessage.open');
    expect(sideButton.clickOptions).to.equal(undefined);
    const refused = (name: string) =>
      `${name} may not run from configuration or markup: a clickCommand may only open or show a widget (e.g. Callback.open, SendMessage.redirect)`;
    expect(lines).to.deep.equal([
      `[live-assist] sidebar.channels[1].clickCommand: ${refused('App.registerExtension')}`,
      `[live-assist] channelselector.channels[0].clickCommand: ${refused('App.registerExtension')}`,
      `[live-assist] channelselector.channels[1].clickCommand: ${refused('Console.open')}`,
      `[live-assist] sendmessage.sideButton.clickCommand: ${refused('Overlay.open')}`,
      '[live-assist] sendmessage.sideButton.clickOptions: must not ask autoSubmit: the visitor submits the form',
      '[live-assist] sidebar.channels[0].clickOptions: must not ask autoSubmit: the visitor submits the form',
    ]);
  });

  it("the schemas' copy of the configured-command rule is the loader's (lazy chunks may not import loader code)", () => {
    expect(CHANNEL_COMMAND.source).to.equal(loaderRule.CHANNEL_COMMAND.source);
    expect(CHANNEL_COMMAND.flags).to.equal(loaderRule.CHANNEL_COMMAND.flags);
    expect(notChannelCommand('X.y')).to.equal(loaderRule.notChannelCommand('X.y'));
  });

  it('reports a list option that is not a list', () => {
    const { lines, log } = collect();
    expect(readList('sidebar.channels', { name: 'x' }, v.string(), 5, log).value).to.deep.equal([]);
    expect(readSection('callus', { hours: 'Mon-Fri' }, { hours: listOf(v.string(), 5) }, log).value).to.deep.equal({ hours: [] });
    expect(lines).to.deep.equal(['[live-assist] sidebar.channels: must be a list', '[live-assist] callus.hours: must be a list']);
  });

  it('every option has a bound: lists a most number of items, numbers a maximum, texts a longest length', () => {
    const { lines, log } = collect();
    expect(readList('callus.hours', ['a', 'b', 'c'], v.string(), 2, log).value).to.deep.equal(['a', 'b']);
    const schema = { wait: seconds(3), delay: number(1), label: text(), code: text(3), list: listOf(v.string(), 1) };
    const { value } = readSection('x', { wait: 86_401, delay: 2e9, label: 'a'.repeat(2001), code: 'abcd', list: ['a'] }, schema, log);
    expect(value).to.deep.equal({ wait: 3, delay: 1, label: undefined, code: undefined, list: ['a'] });
    expect(readSection('x', { wait: 86_400, label: 'a'.repeat(2000) }, schema, log).value).to.deep.include({ wait: 86_400, label: 'a'.repeat(2000) });
    expect(lines).to.deep.equal([
      '[live-assist] callus.hours: must have at most 2 items: the 1 after the first 2 were ignored',
      '[live-assist] x.wait: must be at most 86400 seconds',
      '[live-assist] x.delay: must be at most 1000000000',
      '[live-assist] x.label: must be at most 2000 characters long',
      '[live-assist] x.code: must be at most 3 characters long',
    ]);
  });

  it('a section reader checks a section again only when it was replaced, so each problem is reported once', () => {
    const { lines, log } = collect();
    const read = sectionReader('stats', { timeout: seconds(3, 1) }, log);
    const first = { timeout: 0 };
    expect(read(first).timeout).to.equal(3);
    expect(read(first).timeout).to.equal(3);
    expect(lines).to.have.length(1);
    expect(read({ timeout: 5 }).timeout).to.equal(5);
    expect(read({ timeout: 'x' }).timeout).to.equal(3);
    expect(lines).to.deep.equal(['[live-assist] stats.timeout: must be at least 1 second', '[live-assist] stats.timeout: must be a number of seconds']);
  });
});
