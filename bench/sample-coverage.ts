/**
 * Parses every real published sample in ../shared/upstream/samples with its format's parser and prints
 * a table per state: incidents, areas, dropped records, and the values that fell back to other/Unknown
 * (reported as unmapped) with the share of incidents that carry one. Usage: npm run bench:samples
 */
import { readFileSync, readdirSync } from 'node:fs';
import { parserFor } from '../sources/index.js';
import { UPSTREAM_SAMPLES_DIR, formatOfSample, requireSharedFolder } from '../replay/shared-samples.js';

requireSharedFolder('upstream/samples');
let files = 0;
for (const state of readdirSync(UPSTREAM_SAMPLES_DIR).sort()) {
  console.log(`\n${state}`);
  console.log(
    ['sample', 'format', 'incidents', 'areas', 'dropped', 'fell back to other/Unknown'].join(' | '),
  );
  for (const file of readdirSync(`${UPSTREAM_SAMPLES_DIR}${state}`).sort()) {
    files++;
    const format = formatOfSample(file);
    const parser = format ? parserFor(format) : undefined;
    if (!format || !parser) {
      console.log(`${file} | NO PARSER`);
      continue;
    }
    const result = parser(readFileSync(`${UPSTREAM_SAMPLES_DIR}${state}/${file}`));
    const points = result.incidents.filter((draft) => draft.featureType === 'incident').length;
    const withFallback = new Set(result.unmapped.map((value) => value.incidentId).filter((id) => id !== ''))
      .size;
    const share = points === 0 ? 0 : (100 * withFallback) / points;
    console.log(
      [
        file,
        format,
        points,
        result.incidents.length - points,
        result.dropped?.length ?? 0,
        `${result.unmapped.length} values, ${withFallback} incidents (${share.toFixed(1)}%)`,
      ].join(' | '),
    );
  }
}
console.log(`\n${files} sample files`);
