import { expect } from '@esm-bundle/chai';
import { drawInputs, formInputs, readOpenForm } from '../../src/plugins/webchat/form-config.ts';
import { readWebChatWindow } from '../../src/plugins/webchat/webchat-window-config.ts';
import { captureConsole } from '../helpers/dom.ts';

describe('webchat.form: the start form’s inputs (src/plugins/webchat/form-config.ts)', () => {
  it('the Polish deployment’s form reads with no issue as one input: first name, required, 100 characters', async () => {
    // @ts-expect-error a classic script without types: it sets window.liveAssistConfig
    await import('../../demo/assets/deployment-config.js');
    const { webchat } = window.liveAssistConfig as { webchat: Record<string, unknown> };
    const logged: string[] = [];
    const settings = readWebChatWindow(webchat, (m) => logged.push(m));
    expect(logged).to.deep.equal([]);
    expect(settings.form.inputs).to.deep.equal([{ name: 'firstname', required: true, maxlength: 100 }]);
  });

  it('form.fields is the simple case of inputs; with neither, the spec’s generic form', () => {
    const fields = [{ name: 'email', required: true, maxlength: 60 }];
    expect(readWebChatWindow({ form: { fields } }, () => undefined).form.inputs).to.deep.equal(fields);
    expect(formInputs({ inputs: [], fields: [] }).map((i) => [i.name, i.required])).to.deep.equal([
      ['firstname', true],
      ['lastname', true],
      ['email', false],
      ['subject', false],
    ]);
    const inputs = [{ name: 'topic', type: 'select' as const, options: [{ text: 'A', value: 'a' }] }];
    expect(readWebChatWindow({ form: { inputs, fields } }, () => undefined).form.inputs, 'inputs win').to.deep.equal(inputs);
  });

  it('reports each bad input with its path and drops it, the others kept; a function given by name is refused, never looked up', () => {
    const logged: string[] = [];
    (window as unknown as Record<string, unknown>).siteValidate = () => true;
    const settings = readWebChatWindow(
      {
        form: {
          inputs: [
            { name: 'firstname', required: true },
            { name: 'policy', validate: 'siteValidate' },
            { name: 'topic', type: 'select' },
            { name: '1st', label: 'x' },
            { name: 'kind', type: 'file' },
            { name: 'note', type: 'textarea', rows: 4, maxlength: 500 },
          ],
        },
      },
      (m) => logged.push(m),
    );
    expect(settings.form.inputs.map((i) => i.name)).to.deep.equal(['firstname', 'note']);
    expect(logged).to.have.length(4);
    expect(logged[0]).to.match(/^\[live-assist\] webchat\.form\.inputs\[1\]\.validate: must be a function .*never by its name$/);
    expect(logged[1]).to.equal("[live-assist] webchat.form.inputs[2]: a select or radio input needs its 'options'");
    expect(logged[2]).to.match(/^\[live-assist\] webchat\.form\.inputs\[3\]\.name: must be a name/);
    expect(logged[3]).to.match(/^\[live-assist\] webchat\.form\.inputs\[4\]\.type: must be one of 'text'/);
  });

  it('draws a value function of the page each time the form is drawn; one that throws gives an empty value', async () => {
    let calls = 0;
    const inputs = readWebChatWindow(
      {
        form: {
          inputs: [
            { name: 'page', type: 'hidden', value: () => `/page-${++calls}` },
            { name: 'broken', type: 'hidden', value: () => JSON.parse('{') },
            { name: 'plain', value: 'as given' },
          ],
        },
      },
      () => undefined,
    ).form.inputs;
    expect(calls, 'not when read').to.equal(0);
    const { errors } = await captureConsole(async () => {
      expect(drawInputs(inputs).map((f) => f.value)).to.deep.equal(['/page-1', '', 'as given']);
    });
    expect(errors.length).to.equal(1);
    await captureConsole(async () => expect(drawInputs(inputs)[0]!.value).to.equal('/page-2'));
  });

  it('WebChat.open’s formJSON: inputs, or fields, or nothing drawn of its own', () => {
    expect(readOpenForm({ inputs: [{ name: 'x' }] }, () => undefined)).to.deep.equal([{ name: 'x' }]);
    expect(readOpenForm({ fields: [{ name: 'email' }] }, () => undefined)).to.deep.equal([{ name: 'email', required: false, maxlength: 100 }]);
    expect(readOpenForm('{"inputs":[]}', () => undefined)).to.equal(null);
    expect(readOpenForm({ inputs: [{ type: 'text' }] }, () => undefined)).to.equal(null);
  });
});
