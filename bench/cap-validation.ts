/**
 * Emits the CAP messages of every incident's life (Alert, Update, Cancel) for every record of every
 * real upstream sample, and times building them and validating them in-process: the CAP 1.2 XSD alone,
 * then the full check (CAP 1.2 XSD, the stricter XSD, the CAP-AU profile rules). Usage: npm run bench:cap
 */
import { performance } from 'node:perf_hooks';
import { FEED_CATALOGUE, parseSettings } from '../config/index.js';
import { capAlertDocument } from '../exports/cap/cap-document.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { lifecycle, sampleRecords } from '../replay/cap-samples.js';
import { CapValidators } from '../replay/cap-validation.js';

const settings = parseSettings({});
const issuer = capIssuerFromSettings(settings, FEED_CATALOGUE);

let started = performance.now();
const validators = CapValidators.load();
const compileMs = performance.now() - started;

const samples = sampleRecords();
started = performance.now();
const documents = samples.flatMap(({ records }) =>
  records.flatMap((record) =>
    lifecycle(record).map(({ record: r, message }) => capAlertDocument(r, message, issuer)),
  ),
);
const buildMs = performance.now() - started;

started = performance.now();
let schemaFailures = 0;
for (const xml of documents) if (validators.xsdProblems(xml).length > 0) schemaFailures++;
const xsdMs = performance.now() - started;

started = performance.now();
let failures = 0;
for (const xml of documents) if (validators.alertProblems(xml, issuer.profileCode).length > 0) failures++;
const fullMs = performance.now() - started;

const bytes = documents.reduce((sum, xml) => sum + Buffer.byteLength(xml), 0);
const perDoc = (ms: number) => `${((ms * 1000) / documents.length).toFixed(0)} µs`;
console.log(`samples: ${samples.length} files, ${samples.reduce((n, s) => n + s.records.length, 0)} records`);
console.log(
  `CAP documents: ${documents.length} (${(bytes / documents.length / 1024).toFixed(1)} KiB average)`,
);
console.log(`schemas compiled once: ${compileMs.toFixed(0)} ms`);
console.log(`build: ${perDoc(buildMs)} per document`);
console.log(`CAP-v1.2.xsd only: ${perDoc(xsdMs)} per document, ${schemaFailures} invalid`);
console.log(
  `full check (both XSDs + CAP-AU rules): ${perDoc(fullMs)} per document, ${failures} with problems`,
);
