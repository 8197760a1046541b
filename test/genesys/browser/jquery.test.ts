import { expect } from '@esm-bundle/chai';
import { Bus } from '../../../src/bus/index.ts';
import { createCXBus } from '../../../src/genesys/cxbus.ts';
import { createCommon } from '../../../src/genesys/common.ts';
import { createExtensionKit, loadJQuery } from '../../../src/genesys/extensions.ts';

// The parts of the Genesys extension kit that need a DOM: the real jQuery, `Generate`, and a validate's
// wrapped elements. The rest is tested in Node (test/genesys/extensions.test.ts).
describe('Genesys extensions in the browser', () => {
  it('hands extensions the real jQuery 3, loaded by import() without making it a global of the page', async () => {
    const cxbus = createCXBus({ bus: new Bus(), ready: Promise.resolve() });
    const kit = createExtensionKit({ cxbus, common: ($) => createCommon({ $, window }) });
    let given: JQueryStatic | undefined;
    await kit.run({ Probe: ($: JQueryStatic) => (given = $) });
    expect(given).to.equal(await loadJQuery());
    expect(given!.fn.jquery).to.match(/^3\./);
    expect(typeof given!.ajax).to.equal('function');
    expect((window as { jQuery?: unknown }).jQuery).to.equal(undefined);
    const div = given!('<div>').addClass('probe').text('ok');
    expect(div[0]!.outerHTML).to.equal('<div class="probe">ok</div>');
  });

  it("gives a form's validate jQuery-wrapped nodes, as Genesys's examples call ndInput.val()", async () => {
    const cxbus = createCXBus({ bus: new Bus(), ready: Promise.resolve() });
    const kit = createExtensionKit({ cxbus, common: ($) => createCommon({ $, window }) });
    const form = document.createElement('form');
    const input = Object.assign(document.createElement('input'), { value: 'anna@example.com' });
    const label = document.createElement('label');
    form.append(label, input);
    const isEmail = (_e: unknown, _form: JQuery<Element>, ndInput: JQuery<Element>) => /@/.test(String(ndInput.val()));
    expect(await kit.validate(isEmail, 'blur', form, input, label)).to.equal(true);
    input.value = 'nope';
    expect(await kit.validate(isEmail, 'blur', form, input, label)).to.equal(false);
  });

  it('Common.Generate builds buttons and containers with the .cx- class names, texts as text', async () => {
    const $ = await loadJQuery();
    const common = createCommon({ $, window });
    const buttons = common.Generate.Buttons({ type: 'binary', primary: 'Send', secondary: 'Cancel' });
    expect(buttons.hasClass('cx-button-group')).to.equal(true);
    expect(
      buttons
        .find('button')
        .toArray()
        .map((b) => [b.className, b.textContent]),
    ).to.deep.equal([
      ['cx-btn cx-btn-default', 'Cancel'],
      ['cx-btn cx-btn-primary', 'Send'],
    ]);
    const body = document.createElement('p');
    const container = common.Generate.Container({ title: '<b>Hi</b>', body, icon: 'chat', controls: 'all', buttons: { type: 'single', primary: 'OK' } });
    expect(container.hasClass('cx-widget')).to.equal(true);
    expect(container.find('.cx-title').text()).to.equal('<b>Hi</b>');
    expect(container.find('b').length).to.equal(0);
    expect(container.find('.cx-icon').attr('data-icon')).to.equal('chat');
    expect(container.find('.cx-button-close, .cx-button-minimize').length).to.equal(2);
    expect(container.find('.cx-body')[0]!.firstChild).to.equal(body);
    expect(container.find('.cx-footer .cx-btn-primary').text()).to.equal('OK');
    expect(container.attr('aria-labelledby')).to.equal(container.find('.cx-title').attr('id'));
  });
});
