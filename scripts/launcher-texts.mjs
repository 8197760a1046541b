#!/usr/bin/env node
// @ts-check
// Writes locales/launchers/<lang>.json: of each bundled pack, the texts the launchers draw before any
// plugin loads (the registry's launcherTexts and SHELL_TEXTS). Only these are fetched up front; the whole
// pack comes with the first plugin. test/docs/launcher-texts.test.mjs fails when a file is out of step:
// run `node scripts/launcher-texts.mjs` after changing locales/*.json or the registry.
import { readFileSync, writeFileSync } from 'node:fs';
import { isLauncherText } from './registry.mjs';

export const LANGUAGES = ['en', 'pl'];

/** The launchers' part of the pack at locales/<lang>.json, as the file's text. */
export function launcherPack(/** @type {string} */ lang) {
  const pack = JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8'));
  const part = Object.fromEntries(Object.entries(pack).filter(([key]) => isLauncherText(key)));
  return `${JSON.stringify(part, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const lang of LANGUAGES) writeFileSync(new URL(`../locales/launchers/${lang}.json`, import.meta.url), launcherPack(lang));
}
