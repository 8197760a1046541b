import { expect } from '@esm-bundle/chai';
import { readList, readSection, v } from '../../src/app/section.ts';
import { channelSchema, sidebarSection } from '../../src/plugins/sidebar.ts';

const collect = () => {
  const lines: string[] = [];
  return { lines, log: (line: string) => lines.push(line) };
};

describe('plugin sections (valibot)', () => {
  it('keeps good options, reports bad ones by path and uses their defaults', () => {
    const { lines, log } = collect();
    const { value } = readSection('sidebar', { position: 'top', showOnStartup: 'yes', expandOnHover: false }, sidebarSection, log);
    expect(value).to.deep.equal({ position: 'right', showOnStartup: true, expandOnHover: false, availability: undefined });
    expect(lines).to.deep.equal([
      "[live-assist] sidebar.position: position must be 'left' or 'right'",
      '[live-assist] sidebar.showOnStartup: showOnStartup must be true or false',
    ]);
  });

  it('reads a missing or non-object section as all defaults, silently', () => {
    const { lines, log } = collect();
    expect(readSection('sidebar', undefined, sidebarSection, log).value.position).to.equal('right');
    expect(readSection('sidebar', 'oops', sidebarSection, log).value.expandOnHover).to.equal(true);
    expect(lines).to.deep.equal([]);
  });

  it('keeps the valid channels and names each invalid one', () => {
    const { lines, log } = collect();
    const { value } = readList(
      'sidebar.channels',
      [
        { name: 'CallUs', clickCommand: 'CallUs.open' },
        { clickCommand: 'Callback.open' },
        'WebChat',
        { name: 'SendMessage', clickCommand: 'redirect to /kontakt' },
        { name: 'Search', icon: 7 },
        { name: 'Custom', onClick: () => undefined, extra: 1 },
      ],
      channelSchema,
      log,
    );
    expect(value.map((c) => c.name)).to.deep.equal(['CallUs', 'Custom']);
    expect(lines).to.deep.equal([
      '[live-assist] sidebar.channels[1].name: each channel must be an object with a name',
      '[live-assist] sidebar.channels[2]: each channel must be an object with a name',
      '[live-assist] sidebar.channels[3].clickCommand: clickCommand must look like Plugin.command',
      '[live-assist] sidebar.channels[4].icon: icon must be a string',
    ]);
  });

  it('reports a list option that is not a list', () => {
    const { lines, log } = collect();
    expect(readList('sidebar.channels', { name: 'x' }, v.string(), log).value).to.deep.equal([]);
    expect(lines).to.deep.equal(['[live-assist] sidebar.channels: must be a list']);
  });
});
