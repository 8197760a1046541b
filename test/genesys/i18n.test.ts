import { expect } from '@esm-bundle/chai';
import { createTranslator, mergePacks } from '../../src/app/i18n.ts';
import { KEY_ROWS, convertText, loadGenesysPacks, mapGenesysPacks, resolveFormTokens, resolveToken } from '../../src/genesys/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };

const ours = en as Record<string, string>;
const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Part of a Widgets 9 pack as sites write it (the master file's keys and texts). */
const genesysEs = {
  webchat: {
    ChatTitle: 'Chat en línea',
    ChatButton: 'Chat',
    AgentConnected: '<%Agent%> se ha unido',
    AgentNameDefault: 'Agente',
    ChatFormFirstName: 'Nombre',
    ChatFormPlaceholderDni: 'Ingresa tu cédula',
    Errors: {
      '201': "El archivo no se envió.<br/><strong><p class='filename' title='<%FilenameFull%>'>'<%FilenameTruncated%>'</p></strong>",
      Reconnected: "<div style='text-align:center'>Conexión restablecida</div>",
    },
  },
  callback: { CallbackTitle: 'Le llamamos', Errors: { '7042': 'Oficina cerrada &amp; sin agentes' } },
  sendmessage: { Errors: { attachmentsLimit: 'Número total de adjuntos supera el límite: ' } },
  sidebar: { WebChatName: 'Chat', WebChatTitle: 'Chat en vivo' },
};

describe('Genesys language packs on our keys', () => {
  it('maps each documented key to ours, placeholders as ours, HTML as text', () => {
    const packs = mapGenesysPacks({ es: genesysEs })!;
    const es = packs.es!;
    expect(es['chat.title']).to.equal('Chat en línea');
    expect(es['chat.button']).to.equal('Chat');
    expect(es['chat.transcript.joined']).to.equal('{name} se ha unido');
    expect(es['chat.agentName']).to.equal('Agente');
    expect(es['chat.transcript.agent']).to.equal('Agente');
    expect(es['chat.form.firstname']).to.equal('Nombre');
    expect(es['chat.transcript.connectionRestored']).to.equal('Conexión restablecida');
    expect(es['callback.title']).to.equal('Le llamamos');
    expect(es['callback.error.officeClosed']).to.equal('Oficina cerrada & sin agentes');
    expect(es['sendmessage.attachmentsLimit']).to.equal('Número total de adjuntos supera el límite: {limit}');
    expect(es['sidebar.channel.WebChat.name']).to.equal('Chat');
    expect(es['sidebar.channel.WebChat.title']).to.equal('Chat en vivo');
    // A text with a placeholder ours cannot fill (the file's name) keeps our text for the key.
    expect(es).to.not.have.property('chat.error.201');
  });

  it('fills the placeholders through our translator, and a key the site does not give falls back to our text', () => {
    const packs = mapGenesysPacks({ es: genesysEs, pl: { webchat: { ChatTitle: 'Czat z konsultantem' } } })!;
    const es = createTranslator('es', packs.es!, ours);
    expect(es.t('chat.transcript.joined', { name: 'Ana' })).to.equal('Ana se ha unido');
    expect(es.t('chat.form.start')).to.equal(ours['chat.form.start']);
    const polish = mergePacks({ pl: pl as Record<string, string> }, packs).pl!;
    const translator = createTranslator('pl', polish, ours);
    expect(translator.t('chat.title')).to.equal('Czat z konsultantem');
    expect(translator.t('chat.form.start')).to.equal((pl as Record<string, string>)['chat.form.start']);
  });

  it('converts one text: <%Agent%> and <%Bot%> are {name}; another placeholder, unless ours has it, keeps ours', () => {
    expect(convertText('<%Agent%> Connected', ['name'])).to.equal('{name} Connected');
    expect(convertText('<%Bot%> Connected', ['name'])).to.equal('{name} Connected');
    expect(convertText('<%Agent%> Connected')).to.equal(undefined);
    expect(convertText('Open this link <%link%>', ['name'])).to.equal(undefined);
    expect(convertText('Line<br/>two &lt;ok&gt;')).to.equal('Line two <ok>');
    expect(convertText('Limit: ', ['limit'], '{limit}')).to.equal('Limit: {limit}');
  });

  it('names only keys ours has, with placeholders our text has', () => {
    for (const [genesys, targets, rowParams = []] of KEY_ROWS) {
      for (const key of typeof targets === 'string' ? [targets] : targets) {
        expect(ours, `${genesys} → ${key}`).to.have.property(key);
        expect((pl as Record<string, string>)[key], `pl ${key}`).to.be.a('string');
        expect(params(ours[key]!), `${genesys} → ${key}`).to.include.members([...rowParams]);
      }
    }
  });

  it('refuses an inline main.i18n that is not packs', () => {
    expect(mapGenesysPacks('https://example.com/x.json')).to.equal(null);
    expect(mapGenesysPacks({ es: 'not a pack' })).to.equal(null);
  });

  it('fetches main.i18n given as a URL and maps it; a failed fetch is null (our texts)', async () => {
    const ok = (async () => new Response(JSON.stringify({ es: genesysEs }), { headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;
    expect((await loadGenesysPacks('/i18n/widgets-es.i18n.json', ok))!.es!['chat.title']).to.equal('Chat en línea');
    const down = (async () => {
      throw new TypeError('network');
    }) as unknown as typeof fetch;
    expect(await loadGenesysPacks('/i18n/widgets-es.i18n.json', down)).to.equal(null);
  });
});

describe('@i18n: tokens in form labels and placeholders', () => {
  const es = mapGenesysPacks({ es: genesysEs })!.es!;

  it("resolves a token to the site's text, then ours for the key it maps to, in the page's language then English", () => {
    expect(resolveToken('@i18n:webchat.ChatFormPlaceholderDni', es, ours)).to.equal('Ingresa tu cédula');
    expect(resolveToken('@i18n:webchat.ChatFormFirstName', es, ours)).to.equal('Nombre');
    // Not in the site's pack: our text for the same field.
    expect(resolveToken('@i18n:webchat.ChatFormLastName', es, ours)).to.equal(ours['chat.form.lastname']);
    expect(resolveToken('@i18n:webchat.ChatFormLastName', pl as Record<string, string>, ours)).to.equal((pl as Record<string, string>)['chat.form.lastname']);
    expect(resolveToken('@i18n:webchat.NoSuchKey', es, ours)).to.equal(undefined);
    expect(resolveToken('Plain label', es, ours)).to.equal('Plain label');
  });

  it('resolves a form definition’s labels and placeholders on a copy; an unresolved token is left out', () => {
    const form = {
      wrapper: '<table></table>',
      inputs: [
        { name: 'firstname', label: '@i18n:webchat.ChatFormFirstName', placeholder: '@i18n:webchat.ChatFormPlaceholderFirstName' },
        { name: 'cedula', label: 'Cédula', placeholder: '@i18n:webchat.ChatFormPlaceholderDni' },
        { name: 'x', label: '@i18n:webchat.Nope' },
      ],
    };
    const resolved = resolveFormTokens(form, es, ours);
    expect(resolved.inputs).to.deep.equal([
      { name: 'firstname', label: 'Nombre' },
      { name: 'cedula', label: 'Cédula', placeholder: 'Ingresa tu cédula' },
      { name: 'x' },
    ]);
    expect(form.inputs[0]!.label).to.equal('@i18n:webchat.ChatFormFirstName');
  });
});
