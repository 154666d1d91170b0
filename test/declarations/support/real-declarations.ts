import { readFileSync } from 'node:fs';
import { parseDrfaActivationsCsv } from '../../../sources/declarations/index.js';
import { requireSharedFolder } from '../../../replay/shared-samples.js';

export function realDrfaCsv(): string {
  const dir = requireSharedFolder('reference/declarations');
  return readFileSync(`${dir}/nema_drfa_activation_history_by_location_2026-01-30.csv`, 'utf8');
}

let parsed: ReturnType<typeof parseDrfaActivationsCsv> | undefined;

/** The real NEMA DRFA activation history, parsed once per test file. */
export function realDrfaActivations(): ReturnType<typeof parseDrfaActivationsCsv> {
  parsed ??= parseDrfaActivationsCsv(realDrfaCsv());
  return parsed;
}
