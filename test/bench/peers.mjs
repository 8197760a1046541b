#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:peers`: installs the peers the bench compares live-assist with, and Lighthouse, into
 * test/bench/.peers/ (its own package.json, gitignored), outside the project's dependencies: pinned
 * versions from the npm registry (`npm install --prefix`), nothing from a CDN. The bench serves each
 * peer's files from that folder; a peer whose folder is absent (or whose install failed) is skipped with
 * a note, so `npm run bench` never needs them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PEERS_DIR = resolve(fileURLToPath(new URL('./.peers', import.meta.url)));

/**
 * Pinned: a bench compares like with like only when the versions stay put. `pack`: the package's own
 * browser bundle is self-contained, so only its tarball is unpacked (`npm pack`; its dependency tree is
 * not resolved: @n8n/chat 1.37.0 names a @n8n/design-system version the registry does not have);
 * `install`: installed with its dependencies (`npm install --prefix`).
 */
export const PEER_PACKAGES = /** @type {Record<string, { version: string, how: 'pack' | 'install' }>} */ ({
  'botframework-webchat': { version: '4.18.1', how: 'pack' },
  '@rocket.chat/livechat': { version: '1.13.3', how: 'pack' },
  '@typebot.io/js': { version: '0.10.7', how: 'pack' },
  '@n8n/chat': { version: '1.37.0', how: 'pack' },
  // A React component library: the bench bundles it (esbuild) with the React it brings.
  '@botpress/webchat': { version: '4.5.2', how: 'install' },
  react: { version: '19.2.0', how: 'install' },
  'react-dom': { version: '19.2.0', how: 'install' },
  lighthouse: { version: '13.5.0', how: 'install' },
  'chrome-launcher': { version: '1.2.1', how: 'install' },
});

/** The folder of an installed package, or null. */
export const peerPath = (/** @type {string} */ name) => {
  for (const dir of [join(PEERS_DIR, 'packed', name), join(PEERS_DIR, 'node_modules', name)]) if (existsSync(join(dir, 'package.json'))) return dir;
  return null;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(PEERS_DIR, { recursive: true });
  if (!existsSync(join(PEERS_DIR, 'package.json'))) {
    writeFileSync(
      join(PEERS_DIR, 'package.json'),
      JSON.stringify(
        {
          name: 'live-assist-bench-peers',
          private: true,
          description: 'Installed by npm run bench:peers (test/bench/peers.mjs); not part of live-assist.',
        },
        null,
        2,
      ) + '\n',
    );
  }
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  let failed = 0;
  // One package at a time, so one that fails leaves the others.
  for (const [name, { version, how }] of Object.entries(PEER_PACKAGES)) {
    if (only.length && !only.includes(name)) continue;
    const installed = peerPath(name);
    if (installed && JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version === version) {
      console.log(`bench:peers: ${name}@${version} already there.`);
      continue;
    }
    let ok;
    if (how === 'pack') {
      const tmp = mkdtempSync(join(tmpdir(), 'la-peer-'));
      const packed = spawnSync('npm', ['pack', `${name}@${version}`, '--pack-destination', tmp, '--silent'], { encoding: 'utf8' });
      const tarball = packed.stdout.trim().split('\n').pop();
      // Apart from node_modules/, which the next `npm install --prefix` would prune.
      const dir = join(PEERS_DIR, 'packed', name);
      ok = packed.status === 0 && Boolean(tarball);
      if (ok) {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        ok = spawnSync('tar', ['-xzf', join(tmp, /** @type {string} */ (tarball)), '-C', dir, '--strip-components=1'], { stdio: 'inherit' }).status === 0;
      }
      rmSync(tmp, { recursive: true, force: true });
    } else {
      ok =
        spawnSync('npm', ['install', '--prefix', PEERS_DIR, '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', `${name}@${version}`], {
          stdio: 'inherit',
        }).status === 0;
    }
    if (!ok) failed++;
    console.log(`bench:peers: ${name}@${version} ${ok ? 'installed' : 'did NOT install: the bench skips it'}.`);
  }
  process.exit(failed ? 1 : 0);
}
