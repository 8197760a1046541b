/**
 * A fresh random id: `crypto.randomUUID()` where the page is a secure context, else 16 random bytes in
 * hex from `crypto.getRandomValues`, which every browser has on any page (randomUUID is missing on plain
 * http pages other than localhost, where a deployment's staging site may still run).
 */
export function randomId(source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  return Array.from(source.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
