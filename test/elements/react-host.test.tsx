import { expect } from '@esm-bundle/chai';
import { createRoot } from 'react-dom/client';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The README's "Using the elements from a React app" example, run for real with React 19.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'la-sidebar': { channels?: string; theme?: 'dark' | 'light'; 'onla-channel-click'?: (event: CustomEvent<{ name: string }>) => void };
    }
  }
}

window.liveAssistConfig = { main: { lang: 'en', preload: 'intent' } };

describe('elements in a React app', () => {
  let api: LiveAssistApi;
  before(async () => {
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });

  it('takes JSON attributes and reports la-* events to React handlers', async () => {
    const clicked: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    root.render(
      <la-sidebar channels={JSON.stringify([{ name: 'Callback' }, { name: 'WebChat' }])} onla-channel-click={(event) => clicked.push(event.detail.name)} />,
    );
    const sidebar = await waitFor(() => container.querySelector('la-sidebar'), 2000, 'the element');
    const buttons = await waitFor(
      () => {
        const found = sidebar.shadowRoot!.querySelectorAll('button');
        return found.length === 2 && found;
      },
      4000,
      'two channel buttons',
    );
    buttons[1]!.click();
    expect(clicked).to.deep.equal(['WebChat']);
    root.render(<la-sidebar channels={JSON.stringify([{ name: 'CallUs' }])} />);
    await waitFor(() => sidebar.shadowRoot!.querySelectorAll('button').length === 1, 2000, 'one button');
    root.unmount();
    container.remove();
  });
});
