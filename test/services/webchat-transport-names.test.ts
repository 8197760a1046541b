import { expect } from '@esm-bundle/chai';
import { App } from '../../src/app/app.ts';
import { preloadNames, SITE_NAMES } from '../../src/load-graph.ts';
import { TRANSPORT_ALIASES, transportTypeOf } from '../../src/plugins/shared/webchat-config.ts';
import { fakePage } from '../helpers/fake-page.ts';
import { PURECONNECT_UNSUPPORTED, readServiceSettings, transportProblem } from '../../src/plugins/webchat-service/settings.ts';

/** `webchat.transport.type` as Genesys Widgets sites write it, read by our own configuration (web-chat.md §3, §7). */
describe('webchat transport by the names sites use', () => {
  const read = (section: unknown) => {
    const logged: string[] = [];
    const settings = readServiceSettings(section, (line) => logged.push(line));
    return { settings, logged };
  };

  it("'pureengage-v3-rest' is the next-generation REST transport, 'purecloud-v2-sockets' the cloud one", () => {
    const ngrest = read({ transport: { type: 'pureengage-v3-rest', dataURL: '/api/ngrest/ppk' } });
    expect(ngrest.logged).to.deep.equal([]);
    expect(transportTypeOf(ngrest.settings)).to.equal('ngrest');
    expect(transportProblem(ngrest.settings)).to.equal(undefined);

    const cloud = read({ transport: { type: 'purecloud-v2-sockets', dataURL: 'https://api.mypurecloud.de/', organizationId: 'o', deploymentId: 'd' } });
    expect(cloud.logged).to.deep.equal([]);
    expect(transportTypeOf(cloud.settings)).to.equal('cloud');
    // Widgets is given the API's origin; the cloud transport posts to its guest conversations.
    expect(cloud.settings.transport.dataURL).to.equal('https://api.mypurecloud.de/api/v2/webchat/guest/conversations');
    expect(transportProblem(cloud.settings)).to.equal(undefined);
  });

  it("GMS: webchat.dataURL alone, or type 'rest'; our own names keep working; cometD.enabled wins as before", () => {
    const gms = read({ dataURL: '/api/chat/customer-chat' });
    expect(transportTypeOf(gms.settings)).to.equal('rest');
    expect(gms.settings.transport.dataURL).to.equal('/api/chat/customer-chat');
    expect(transportProblem(gms.settings)).to.equal(undefined);
    // transport.dataURL, when both are given, wins.
    expect(read({ dataURL: '/a', transport: { type: 'rest', dataURL: '/b' } }).settings.transport.dataURL).to.equal('/b');
    // A top-level dataURL is GMS only: it is not the next-generation transport's URL.
    expect(transportProblem(read({ dataURL: '/a', transport: { type: 'ngrest' } }).settings)).to.match(/dataURL is missing/);

    for (const type of ['rest', 'ngrest', 'cloud'] as const) {
      const { settings, logged } = read({ transport: { type, dataURL: '/x', organizationId: 'o', deploymentId: 'd' } });
      expect([transportTypeOf(settings), settings.transport.dataURL, logged]).to.deep.equal([type, '/x', []]);
    }
    const cometd = read({ dataURL: '/a', cometD: { enabled: true, cometURL: '/api/cometd' } });
    expect(transportTypeOf(cometd.settings)).to.equal('cometd');
    expect(transportProblem(cometd.settings)).to.equal(undefined);
  });

  it("'pureconnect-v4-rest' is refused with a clear message: in the console and for every start", () => {
    const { settings, logged } = read({ transport: { type: 'pureconnect-v4-rest', dataURL: '/api/pureconnect' } });
    expect(PURECONNECT_UNSUPPORTED).to.match(/^PureConnect .* is not supported/);
    expect(logged).to.deep.equal([`[live-assist] webchat.transport.type: ${PURECONNECT_UNSUPPORTED}`]);
    expect(transportProblem(settings)).to.equal(PURECONNECT_UNSUPPORTED);
    // An unknown name is still an error that names every accepted one.
    const unknown = read({ transport: { type: 'purecloud-v3', dataURL: '/x' } });
    expect(unknown.logged[0]).to.include("'pureengage-v3-rest'").and.include("'purecloud-v2-sockets'").and.include("'ngrest'");
    expect(transportTypeOf(unknown.settings)).to.equal('rest');
  });

  it("the preload fetches the aliased transport's chunk; a headless page never preloads the chat window", () => {
    expect(SITE_NAMES).to.deep.equal(TRANSPORT_ALIASES);
    const app = (webchat: Record<string, unknown>) =>
      new App({ window: fakePage().window, config: { main: { lang: 'en', deploymentID: 'names' }, webchat }, plugins: {}, loadRuntime: async () => undefined });
    expect(preloadNames(app({ transport: { type: 'pureengage-v3-rest', dataURL: '/x' } }), ['WebChatService'])).to.include('transport:ngrest');
    expect(preloadNames(app({ transport: { type: 'purecloud-v2-sockets', dataURL: '/x' } }), ['WebChatService'])).to.include('transport:cloud');
    expect(preloadNames(app({ transport: { type: 'ngrest', dataURL: '/x' } }), ['WebChatService'])).to.include('transport:ngrest');
    // The chat window is a likely one where a transport is configured — not on a page that draws its own chat.
    expect(preloadNames(app({ transport: { type: 'rest', dataURL: '/x' } }), [], true)).to.include('WebChat');
    expect(preloadNames(app({ headless: true, transport: { type: 'rest', dataURL: '/x' } }), [], true)).not.to.include('WebChat');
  });
});
