import { expect } from '@esm-bundle/chai';
import { Bus } from '../../src/bus/index.ts';
import { createCXBus } from '../../src/genesys/cxbus.ts';
import type { GenesysCommon } from '../../src/genesys/common.ts';
import { createExtensionKit } from '../../src/genesys/extensions.ts';
import { genesysForm, packsOf, widgetsForm, widgetsInput } from '../../src/genesys/form.ts';
import { mapGenesysPacks } from '../../src/genesys/i18n.ts';
import { drawInputs, readOpenForm } from '../../src/plugins/webchat/form-config.ts';
import { readWebChatWindow } from '../../src/plugins/webchat/webchat-window-config.ts';
import { captureConsole } from '../helpers/dom.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- Widgets form definitions, written as sites write them */

// In Node there is no DOM for jQuery: a stand-in `$` that wraps what it is given, so the tests see what went in.
const fake$ = Object.assign((value: unknown) => ({ wrapped: value }), { fn: { jquery: 'fake' } }) as unknown as JQueryStatic;
const cxbus = createCXBus({ bus: new Bus(), ready: Promise.resolve() });
const common = { name: 'Common' } as unknown as GenesysCommon;
const noLog = () => {};

describe('Genesys registration forms drawn by our start form (src/genesys/form.ts)', () => {
  it('writes a Widgets input our way: start-field names, numbers as strings, option values as text; id and wrapper dropped', () => {
    expect(
      widgetsInput({
        id: 'cx_webchat_form_firstname',
        name: 'firstName',
        maxlength: '50',
        rows: '3',
        wrapper: '<tr><th>{label}</th><td>{input}</td></tr>',
        validateWhileTyping: true,
      }),
    ).to.deep.equal({ name: 'firstname', maxlength: 50, rows: 3, validateWhileTyping: true });
    expect(
      widgetsInput({
        name: 'Branch',
        type: 'select',
        value: 2,
        options: [{ text: 'Warszawa', value: 1 }, { text: 'Kraków', value: 2, selected: true }, { text: 'Other' }],
      }),
    ).to.deep.equal({
      name: 'Branch',
      type: 'select',
      value: '2',
      options: [
        { text: 'Warszawa', value: '1' },
        { text: 'Kraków', value: '2', selected: true },
        { text: 'Other', value: 'Other' },
      ],
    });
    expect(widgetsForm({ wrapper: '<table></table>', inputs: [{ name: 'Email', id: 'x' }] })).to.deep.equal({ inputs: [{ name: 'email' }] });
  });

  it('resolves @i18n: labels and placeholders in the page’s language; a token nothing resolves is left out', () => {
    const packs = mapGenesysPacks({
      es: { webchat: { ChatFormFirstName: 'Nombre', ChatFormPlaceholderDni: 'Su DNI' } },
      en: { webchat: { ChatFormPlaceholderDni: 'Your ID' } },
    });
    const definition = {
      inputs: [
        { name: 'firstname', label: '@i18n:webchat.ChatFormFirstName' },
        { name: 'dni', label: 'DNI', placeholder: '@i18n:webchat.ChatFormPlaceholderDni' },
        { name: 'note', label: '@i18n:webchat.NoSuchKey' },
      ],
    };
    const kit = createExtensionKit({ cxbus, common, loadJQuery: async () => fake$ });
    const es = genesysForm(definition, { kit, ...packsOf({ lang: 'es', i18n: packs }) }) as any;
    expect(es.inputs).to.deep.equal([{ name: 'firstname', label: 'Nombre' }, { name: 'dni', label: 'DNI', placeholder: 'Su DNI' }, { name: 'note' }]);
    const pl = genesysForm(definition, { kit, ...packsOf({ lang: 'pl', i18n: packs }) }) as any;
    expect(pl.inputs[1].placeholder, 'English is the fallback').to.equal('Your ID');
    expect(definition.inputs[0]!.label, 'the site’s object is not changed').to.equal('@i18n:webchat.ChatFormFirstName');
  });

  it('calls each validate with Genesys’s arguments through the extension kit, as a promise; a throw refuses', async () => {
    let loads = 0;
    const kit = createExtensionKit({ cxbus, common, loadJQuery: async () => (loads++, fake$) });
    const seen: unknown[][] = [];
    const definition = {
      inputs: [
        { name: 'dni', validate: (...args: unknown[]) => (seen.push(args), (args[2] as any).wrapped.value.length === 9) },
        {
          name: 'broken',
          validate: () => {
            throw new Error('no');
          },
        },
        { name: 'plain' },
      ],
    };
    const form = genesysForm(definition, { kit, pack: {} }) as any;
    expect(loads, 'jQuery loads on the first validate, not before').to.equal(0);
    const [formEl, inputEl, labelEl] = [{ tag: 'form' }, { value: '12345678Z' }, { tag: 'label' }];
    const answer = form.inputs[0].validate('submit', formEl, inputEl, labelEl);
    expect(answer).to.be.instanceOf(Promise);
    expect(await answer).to.equal(true);
    expect(seen[0]).to.deep.equal(['submit', { wrapped: formEl }, { wrapped: inputEl }, { wrapped: labelEl }, fake$, cxbus, common]);
    expect(await form.inputs[0].validate('input', formEl, { value: '1' }, null)).to.equal(false);
    const { errors } = await captureConsole(async () => expect(await form.inputs[1].validate('submit', formEl, inputEl, null)).to.equal(false));
    expect(errors.length).to.equal(1);
    expect(form.inputs[2]).to.deep.equal({ name: 'plain' });
    expect(loads).to.equal(1);
  });

  it('the result reads as our form: every input drawn, the validate kept as a function', () => {
    const kit = createExtensionKit({ cxbus, common, loadJQuery: async () => fake$ });
    const definition = {
      wrapper: '<table></table>',
      inputs: [
        { id: 'a', name: 'firstname', maxlength: '100', validate: () => true },
        { id: 'b', name: 'cedula', label: 'Cédula', maxlength: '20', validateWhileTyping: true, validate: () => true },
        { id: 'c', name: 'origin', type: 'hidden', value: 'landing' },
      ],
    };
    const inputs = readOpenForm(genesysForm(definition, { kit, pack: {} }), noLog)!;
    expect(inputs.map((i) => i.name)).to.deep.equal(['firstname', 'cedula', 'origin']);
    const drawn = drawInputs(inputs);
    expect(typeof drawn[1]!.validate).to.equal('function');
    expect(drawn[1]).to.deep.include({ label: 'Cédula', maxlength: 20, validateWhileTyping: true });
    expect(drawn[2]).to.deep.equal({ name: 'origin', type: 'hidden', value: 'landing' });
    const section = readWebChatWindow({ form: genesysForm(definition, { kit, pack: {} }) }, noLog);
    expect(section.form.inputs.map((i) => i.name)).to.deep.equal(['firstname', 'cedula', 'origin']);
  });

  it('CXBus WebChat.open: formJSON goes to ours through the face’s form adapter', async () => {
    const bus = new Bus();
    const adapted: unknown[] = [];
    const face = createCXBus({ bus, ready: Promise.resolve() }, { form: (definition) => (adapted.push(definition), { inputs: ['ours'] }) });
    const webchat = bus.registerPlugin('WebChat') as unknown as { registerCommand(name: string, run: (o: unknown) => unknown): void; ready(): void };
    webchat.registerCommand('open', (options) => options);
    webchat.ready();
    const formJSON = { wrapper: '<table></table>', inputs: [{ name: 'dni' }] };
    expect(await face.command('WebChat.open', { formJSON, userData: { a: '1' } })).to.deep.equal({ formJSON: { inputs: ['ours'] }, userData: { a: '1' } });
    expect(adapted).to.deep.equal([formJSON]);
    expect(await face.command('WebChat.open', { form: { firstname: 'Ana' } }), 'no formJSON: the options as given').to.deep.equal({
      form: { firstname: 'Ana' },
    });
  });
});
