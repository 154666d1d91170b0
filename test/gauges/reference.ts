import { readFileSync, readdirSync } from 'node:fs';
import { gaugeSourceByName, type GaugeSourceDefinition } from '../../config/gauge-sources.js';
import { requireSharedFolder } from '../../replay/shared-samples.js';

/** The real gauge answers kept beside the project (third-party data, read in place, never copied). */
export const GAUGE_REFERENCE = 'reference/gauges';

export function referenceDir(system: 'hydstra' | 'bom-kiwis' | 'bom-sos2'): string {
  return requireSharedFolder(`${GAUGE_REFERENCE}/${system}/`);
}

export function referenceBytes(system: 'hydstra' | 'bom-kiwis' | 'bom-sos2', file: string): Uint8Array {
  return readFileSync(`${referenceDir(system)}${file}`);
}

export function referenceText(system: 'hydstra' | 'bom-kiwis' | 'bom-sos2', file: string): string {
  return readFileSync(`${referenceDir(system)}${file}`, 'utf8');
}

/** Every reference file, as `<system>/<file>`. */
export function allReferenceFiles(): string[] {
  const root = requireSharedFolder(`${GAUGE_REFERENCE}/`);
  return readdirSync(root)
    .sort()
    .flatMap((system) =>
      readdirSync(`${root}${system}`)
        .sort()
        .map((file) => `${system}/${file}`),
    );
}

export function source(name: string): GaugeSourceDefinition {
  const definition = gaugeSourceByName(name);
  if (!definition) throw new Error(`no gauge source ${name}`);
  return definition;
}
