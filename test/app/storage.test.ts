import { expect } from '@esm-bundle/chai';
import { candidateDomains, parentDomain } from '../../src/app/storage.ts';

describe('cookie domains', () => {
  it('tries parent domains shortest first, and none for localhost or IP addresses', () => {
    expect(candidateDomains('www.pomoc.example.com.pl')).to.deep.equal([
      '.com.pl',
      '.example.com.pl',
      '.pomoc.example.com.pl',
      '.www.pomoc.example.com.pl',
    ]);
    expect(candidateDomains('example.pl')).to.deep.equal(['.example.pl']);
    expect(candidateDomains('localhost')).to.deep.equal([]);
    expect(candidateDomains('127.0.0.1')).to.deep.equal([]);
    expect(candidateDomains('::1')).to.deep.equal([]);
  });

  it('uses host-only cookies on the test server (localhost)', () => {
    expect(parentDomain(document)).to.equal(undefined);
  });
});
