import { expect } from '@esm-bundle/chai';
import { sanitizeHtml } from '../../elements/common/sanitize.ts';

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
});
