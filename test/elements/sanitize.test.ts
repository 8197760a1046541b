import { expect } from '@esm-bundle/chai';
import { isSafeLink, sanitizeHtml } from '../../elements/common/sanitize.ts';
import { resetHtmlPolicyForTests } from '../../elements/common/trusted-types.ts';

const html = (input: string) => {
  const box = document.createElement('div');
  box.append(...sanitizeHtml(input));
  return box.innerHTML;
};

describe('sanitizeHtml', () => {
  it('keeps ordinary formatting and safe links', () => {
    expect(html('<p>Wpłata <strong>podstawowa</strong> <a href="https://www.mojeppk.pl/">PPK</a></p>')).to.equal(
      '<p>Wpłata <strong>podstawowa</strong> <a href="https://www.mojeppk.pl/" rel="noopener noreferrer" target="_blank">PPK</a></p>',
    );
    expect(html('<ul><li><a href="tel:+48221002030" target="_self">zadzwoń</a></li></ul>')).to.equal(
      '<ul><li><a href="tel:+48221002030" target="_self" rel="noopener noreferrer">zadzwoń</a></li></ul>',
    );
  });

  it('removes scripts, handlers, styles and dangerous elements', () => {
    expect(html('<img src="x" onerror="alert(1)"><script>alert(2)</script><p style="color:red" onclick="x()">a</p>')).to.equal('<p>a</p>');
    expect(html('<iframe src="https://evil"></iframe><svg><script>1</script></svg><style>*{}</style>b')).to.equal('b');
    expect(html('<form action="/x"><input name="a"><button>go</button></form>c')).to.equal('c');
  });

  it('neutralises javascript: and data: links, keeps the text of unknown wrappers', () => {
    expect(html('<a href="javascript:alert(1)">x</a>')).to.equal('<a href="#" rel="noopener noreferrer" target="_blank">x</a>');
    expect(html('<a href=" JaVaScRiPt:alert(1)">x</a>')).to.equal('<a href="#" rel="noopener noreferrer" target="_blank">x</a>');
    expect(html('<a href="data:text/html,<script>1</script>">x</a>')).to.equal('<a href="#" rel="noopener noreferrer" target="_blank">x</a>');
    expect(html('<marquee><b>tekst</b></marquee>')).to.equal('<b>tekst</b>');
    expect(html('<img src="https://cdn.example/a.png" alt="a" onload="x()">')).to.equal('<img src="https://cdn.example/a.png" alt="a">');
  });

  it('executes nothing when the result is inserted into the page', async () => {
    (window as unknown as { pwned?: boolean }).pwned = false;
    // An absolute http(s) image is kept (a relative one is dropped) and this one fails to load (404):
    // its error event is where a surviving onerror handler would have run.
    const nodes = sanitizeHtml(`<img src="${location.origin}/nope.png" onerror="window.pwned = true"><a href="javascript:window.pwned=true">x</a>`);
    const img = nodes.find((node): node is HTMLImageElement => node instanceof HTMLImageElement)!;
    expect(img, 'the image is kept').to.not.equal(undefined);
    const failed = new Promise((resolve) => img.addEventListener('error', resolve, { once: true }));
    document.body.append(...nodes);
    await failed;
    expect((window as unknown as { pwned?: boolean }).pwned).to.equal(false);
  });

  it('runs no handler of the content while it is parsed, before the sanitiser removes it', async () => {
    const win = window as unknown as { parsed?: boolean };
    win.parsed = false;
    sanitizeHtml('<img src="x" onerror="window.parsed = true"><svg><image href="x" onerror="window.parsed = true"/></svg>');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(win.parsed).to.equal(false);
  });

  it('neutralises links that look relative but resolve off-site', () => {
    const placeholder = (text: string) => `<a href="#" rel="noopener noreferrer" target="_blank">${text}</a>`;
    for (const href of ['/\\evil.example', '/\t/evil.example', '/\n/evil.example', '\\\\evil.example', '//evil.example', '/\\/evil.example/x']) {
      expect(isSafeLink(href), JSON.stringify(href)).to.equal(false);
      expect(html(`<a href="${href}">x</a>`), JSON.stringify(href)).to.equal(placeholder('x'));
    }
    expect(isSafeLink('java\tscript:alert(1)')).to.equal(false);
  });

  it('keeps relative links that stay on the page, and absolute http(s), mailto and tel links', () => {
    for (const href of ['/help', 'help/a.html', './a', '../a', '#faq', '?q=1', 'https://www.mojeppk.pl/', 'mailto:a@b.pl', 'tel:+48221002030']) {
      expect(isSafeLink(href), href).to.equal(true);
    }
    expect(html('<a href="/pomoc?x=1#a" target="_self">p</a>')).to.equal('<a href="/pomoc?x=1#a" target="_self" rel="noopener noreferrer">p</a>');
  });

  describe('under Trusted Types', () => {
    const own = Object.getOwnPropertyDescriptor(window, 'trustedTypes');
    /** Replaces window.trustedTypes with `factory` for one test (the policy is created again). */
    const fake = (factory: unknown) => {
      Object.defineProperty(window, 'trustedTypes', { value: factory, configurable: true, writable: true });
      resetHtmlPolicyForTests();
    };
    afterEach(() => {
      if (own) Object.defineProperty(window, 'trustedTypes', own);
      else delete (window as { trustedTypes?: unknown }).trustedTypes;
      resetHtmlPolicyForTests();
    });

    it("parses through one policy named 'live-assist', created once", () => {
      const names: string[] = [];
      const inputs: string[] = [];
      fake({
        createPolicy: (name: string, rules: { createHTML(s: string): string }) => {
          names.push(name);
          return { createHTML: (s: string) => (inputs.push(s), rules.createHTML(s)) };
        },
      });
      expect(html('<b>a</b><script>1</script>')).to.equal('<b>a</b>');
      expect(html('<i>b</i>')).to.equal('<i>b</i>');
      expect(names).to.deep.equal(['live-assist']);
      expect(inputs).to.have.length(2);
    });

    it('shows text, never markup, and says why once, when the page forbids the policy', () => {
      fake({
        createPolicy: () => {
          throw new TypeError('Failed to execute \'createPolicy\': Policy "live-assist" disallowed.');
        },
      });
      const logged: unknown[][] = [];
      const error = console.error;
      console.error = (...args: unknown[]) => void logged.push(args);
      try {
        const nodes = sanitizeHtml('<p>Hello <img src=x onerror="window.pwned=1"><b>world</b></p>');
        expect(nodes.map((n) => n.nodeType)).to.deep.equal([Node.TEXT_NODE]);
        expect(nodes[0]!.textContent).to.equal('Hello world');
        sanitizeHtml('<b>again</b>');
      } finally {
        console.error = error;
      }
      expect(logged).to.have.length(1);
      expect(String(logged[0]![0])).to.match(/Trusted Types policy 'live-assist'.*trusted-types directive/);
    });
  });
});
