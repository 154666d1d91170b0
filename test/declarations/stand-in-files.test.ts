import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  agrnDetail,
  buildDeclarationDataset,
  listDeclarations,
  lookupPoint,
  lookupPostcode,
} from '../../declarations/index.js';
import {
  README_EXAMPLE_LGA,
  README_EXAMPLES,
  STAND_IN_BOUNDARIES_NOTE,
  STAND_IN_FILE_NAMES,
  standInDeclarationFiles,
} from '../../replay/stand-ins/declarations/index.js';
import { loadGeography } from '../../geo/index.js';
import { parseDrfaActivationsCsv, parseNswRegisterPage } from '../../sources/declarations/index.js';

/** The stand-in files written to a folder and read back through the real readers and parsers. */
async function loadStandIns(options: Parameters<typeof standInDeclarationFiles>[0] = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'declarations-'));
  for (const [name, text] of Object.entries(standInDeclarationFiles(options)))
    writeFileSync(join(dir, name), text);
  const path = (name: string) => join(dir, name);
  const geography = await loadGeography({
    boundaries: path(STAND_IN_FILE_NAMES.boundaries),
    gnafLocalities: path(STAND_IN_FILE_NAMES.gnafLocalities),
    gnafPostcodes: path(STAND_IN_FILE_NAMES.gnafPostcodes),
    postcodeLocalities: path(STAND_IN_FILE_NAMES.postcodeLocalities),
  });
  return { path, geography };
}

describe('stand-in files for a clone without ../shared', () => {
  it('load through the same readers and parsers as the real files, and answer lookups', async () => {
    const { path, geography } = await loadStandIns();
    expect(Object.values(geography.rejected).flat()).toEqual([]);
    // The boundaries say they are made up, so answers built on them can say so.
    expect(geography.boundaries.madeUp).toBe(STAND_IN_BOUNDARIES_NOTE);
    const lgas = [...geography.index.lgas.values()];
    const drfa = parseDrfaActivationsCsv(readFileSync(path(STAND_IN_FILE_NAMES.drfaActivations), 'utf8'));
    const nsw = parseNswRegisterPage(readFileSync(path(STAND_IN_FILE_NAMES.nswRegister), 'utf8'), {
      sourceUrl: 'https://www.nsw.gov.au/emergency/recovery/natural-disaster-declarations/fy-stand-in',
      lgas,
    });
    expect([...drfa.rejected, ...nsw.rejected]).toEqual([]);
    expect(nsw.records.length).toBeGreaterThan(0);
    const dataset = buildDeclarationDataset({
      records: [...drfa.records, ...nsw.records],
      lgas: geography.index.lgas,
      localities: geography.directory,
    });
    const declared = nsw.records[0];
    if (!declared) throw new Error('no NSW record');
    const postcode = [...Array(10000).keys()]
      .map((n) => String(n).padStart(4, '0'))
      .find((p) => geography.directory.entry(p)?.lgas.some((lga) => lga.code === declared.area.code));
    const result = lookupPostcode(dataset, geography.directory, {
      postcode: postcode ?? '',
      asAt: declared.startDate,
    });
    expect(result.lgas.find((lga) => lga.code === declared.area.code)?.status).toBe('declared');
    expect(['declared', 'partial']).toContain(result.matchStatus);
    expect(agrnDetail(dataset, declared.agrn, { asAt: declared.startDate })?.instruments.length).toBe(2);
    expect(
      listDeclarations(dataset, { activeOn: '2026-06-30', status: 'all', limit: 500 }).items.length,
    ).toBe(13);
  });

  it("with the README's examples, answer them as the real files do: postcode 2480 and the point on 15 March 2022, AGRN 1012", async () => {
    const { path, geography } = await loadStandIns({ readmeExamples: true });
    expect(Object.values(geography.rejected).flat()).toEqual([]);
    const drfa = parseDrfaActivationsCsv(readFileSync(path(STAND_IN_FILE_NAMES.drfaActivations), 'utf8'));
    expect(drfa.rejected).toEqual([]);
    const dataset = buildDeclarationDataset({
      records: drfa.records,
      lgas: geography.index.lgas,
      localities: geography.directory,
    });
    const { postcode, point, asAt, agrn } = README_EXAMPLES;
    const byPostcode = lookupPostcode(dataset, geography.directory, { postcode, asAt });
    expect(byPostcode.matchStatus).toBe('activation_only');
    expect(byPostcode.lgas.map((lga) => [lga.code, lga.status])).toEqual([
      [README_EXAMPLE_LGA.code, 'activation_only'],
    ]);
    const atPoint = lookupPoint(dataset, geography.index, {
      latitude: point.lat,
      longitude: point.lng,
      asAt,
    });
    expect(atPoint.status).toBe('activation_only');
    expect(atPoint.lgas[0]?.records.map((record) => record.agrn)).toContain(agrn);
    const detail = agrnDetail(dataset, agrn, { asAt });
    expect(detail?.eventNames).toEqual([expect.stringMatching(/^AGRN 1012 - Made-up /)]);
    expect(detail?.startDate).toBe('2022-02-22');
  });
});
