// Writes demo/ochrona-danych.pdf (the data-protection notice linked from the deployment's forms).
// Usage: node demo/tools/make-pdf.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildPdf, DATA_PROTECTION_NOTICE } from '../simulator/pdf.js';

const target = fileURLToPath(new URL('../ochrona-danych.pdf', import.meta.url));
writeFileSync(target, buildPdf(DATA_PROTECTION_NOTICE));
console.log(`wrote ${target}`);
