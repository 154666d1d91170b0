import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  sosAvailabilityOf,
  sosFeaturesOf,
  parseSosObservation,
  type XmlTree,
} from '../../sources/gauges/bom-sos2/index.js';
import { GaugeSourceError } from '../../sources/gauges/errors.js';
import {
  parseHydstraDatasourcesBySite,
  parseHydstraGroups,
  parseHydstraTraces,
  parseHydstraVariableList,
} from '../../sources/gauges/hydstra/index.js';
import {
  parseKiwisGroupList,
  parseKiwisParameterList,
  parseKiwisStationList,
  parseKiwisTimeseriesList,
  parseKiwisValues,
} from '../../sources/gauges/kiwis/index.js';
import { allReferenceFiles, source } from './reference.js';
import { requireSharedFolder } from '../../replay/shared-samples.js';

/**
 * Every real gauge file beside the project is read by the parser of its format: a new file without
 * a rule here fails the suite. Each rule returns how many records the file gave (or the typed error
 * the file stands for); the detailed values are checked in the per-system suites.
 */

type Outcome = number | { error: GaugeSourceError['kind'] };
const NSW = source('nsw-hydstra');

const RULES: [RegExp, (bytes: Uint8Array) => Outcome][] = [
  [/^hydstra\/\w+_get_ts_traces_/, (bytes) => parseHydstraTraces(bytes, NSW).traces.length],
  [/^hydstra\/nsw_error_126_no_data\.json$/, (bytes) => (parseHydstraTraces(bytes, NSW).noData ? 0 : -1)],
  [/^hydstra\/nsw_error_120_missing_params\.json$/, (bytes) => errorOf(() => parseHydstraTraces(bytes, NSW))],
  [/^hydstra\/\w+_get_variable_list/, (bytes) => parseHydstraVariableList(bytes, 600).length],
  [/^hydstra\/\w+_get_datasources_by_site\.json$/, (bytes) => parseHydstraDatasourcesBySite(bytes).size],
  [/^hydstra\/\w+_get_groups/, (bytes) => parseHydstraGroups(bytes).length],
  [/^bom-kiwis\/getStationList_/, (bytes) => parseKiwisStationList(bytes).length],
  [/^bom-kiwis\/getTimeseriesList_/, (bytes) => parseKiwisTimeseriesList(bytes).length],
  [/^bom-kiwis\/getTimeseriesValues_/, (bytes) => parseKiwisValues(bytes).length],
  [/^bom-kiwis\/getParameterList_/, (bytes) => parseKiwisParameterList(bytes).length],
  [/^bom-kiwis\/getGroupList\.json$/, (bytes) => parseKiwisGroupList(bytes).length],
  [/^bom-kiwis\/services_root_response\.txt$/, (bytes) => errorOf(() => parseKiwisValues(bytes))],
  // Documentation tables: checked against the code's quality codes in the KiWIS and SOS2 suites.
  [
    /^bom-kiwis\/bom_quality_codes\.md$/,
    (bytes) => (new TextDecoder().decode(bytes).match(/quality-[A-F]/g) ?? []).length,
  ],
  [
    /^bom-sos2\/bom_quality_codes_agency_mapping\.csv$/,
    (bytes) => new TextDecoder().decode(bytes).split('\n').length,
  ],
  [/^bom-sos2\/GetObservation_/, (bytes) => parseSosObservation(bytes).length],
  [/^bom-sos2\/GetFeatureOfInterest_as_json\.json$/, (bytes) => sosFeaturesOf(tree(bytes)).length],
  [/^bom-sos2\/GetDataAvailability_as_json\.json$/, (bytes) => sosAvailabilityOf(tree(bytes)).length],
];

function tree(bytes: Uint8Array): XmlTree {
  return JSON.parse(new TextDecoder().decode(bytes)) as XmlTree;
}

function errorOf(call: () => unknown): Outcome {
  try {
    call();
  } catch (error) {
    if (error instanceof GaugeSourceError) return { error: error.kind };
    throw error;
  }
  return -1;
}

const EXPECTED_ERRORS: Record<string, GaugeSourceError['kind']> = {
  'hydstra/nsw_error_120_missing_params.json': 'upstream',
  'bom-kiwis/services_root_response.txt': 'malformed',
};
const EMPTY = new Set(['hydstra/nsw_error_126_no_data.json']);

describe('every real gauge file', () => {
  const root = requireSharedFolder('reference/gauges/');
  const files = allReferenceFiles();

  it('is in the reference folder (the suite sees the files it is meant to)', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  for (const file of files) {
    it(`${file} is read by its parser`, () => {
      const rules = RULES.filter(([pattern]) => pattern.test(file));
      expect(rules, `rules matching ${file}`).toHaveLength(1);
      const outcome = rules[0]![1](readFileSync(`${root}${file}`));
      const expectedError = EXPECTED_ERRORS[file];
      if (expectedError) expect(outcome).toEqual({ error: expectedError });
      else if (EMPTY.has(file)) expect(outcome).toBe(0);
      else expect(outcome).toBeGreaterThan(0);
    });
  }
});
