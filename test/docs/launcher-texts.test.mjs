// The launchers' part of each language pack (locales/launchers/) is what a page fetches up front: it must
// be the registry's launcherTexts of the whole pack, and hold every text the launchers' code draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { LANGUAGES, launcherPack } from '../../scripts/launcher-texts.mjs';
import { isLauncherText } from '../../scripts/registry.mjs';

const root = new URL('../../', import.meta.url);

test('locales/launchers/<lang>.json is the launchers part of locales/<lang>.json (node scripts/launcher-texts.mjs writes it)', () => {
  for (const lang of LANGUAGES) {
    const file = readFileSync(new URL(`locales/launchers/${lang}.json`, root), 'utf8');
    assert.equal(file, launcherPack(lang), `locales/launchers/${lang}.json is out of step: run node scripts/launcher-texts.mjs`);
  }
});

test("every text the launchers' code draws before a plugin loads is a launcher text", () => {
  const files = [
    'elements/common/host.ts',
    'elements/common/side-button.ts',
    ...readdirSync(new URL('elements/', root))
      .map((dir) => `elements/${dir}/launcher.ts`)
      .filter((path) => existsSync(new URL(path, root))),
  ];
  const en = JSON.parse(readFileSync(new URL('locales/en.json', root), 'utf8'));
  let checked = 0;
  for (const path of files) {
    const source = readFileSync(new URL(path, root), 'utf8');
    // t('key'), t.t('key'), and template keys up to their first ${…} (`sidebar.channel.${name}.title`).
    for (const [, key] of source.matchAll(/\bt(?:\.t)?\(\s*['`]([a-zA-Z0-9.]+)/g)) {
      checked++;
      if (Object.hasOwn(en, key)) assert.ok(isLauncherText(key), `${path}: '${key}' is drawn up front but is not in a registry row's launcherTexts`);
      else
        assert.ok(
          Object.keys(en).some((k) => k.startsWith(key) && isLauncherText(k)),
          `${path}: texts under '${key}' are not launcher texts`,
        );
    }
  }
  assert.ok(checked >= 6, `found the launchers' texts (${checked})`);
});
