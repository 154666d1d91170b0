import { describe, expect, it } from 'vitest';
import type { IncidentStatus } from '../../../model/index.js';
import { lookupIn, vocabularyTable } from '../../../sources/common/vocabulary.js';

describe('vocabulary tables', () => {
  const statusOf = lookupIn(
    vocabularyTable<IncidentStatus>({
      active: ['going', 'out of control', ''],
      controlled: ['Patrol'],
    }),
  );

  it('finds every spelling of a value, whatever its case and white space', () => {
    expect(statusOf('GOING')).toBe('active');
    expect(statusOf('  Out   of\tControl ')).toBe('active');
    expect(statusOf('')).toBe('active');
    expect(statusOf('patrol')).toBe('controlled');
  });

  it('gives undefined for a spelling the table does not hold', () => {
    expect(statusOf('smouldering')).toBeUndefined();
    expect(statusOf('going going')).toBeUndefined();
  });

  it('refuses one spelling under two values', () => {
    expect(() => vocabularyTable<IncidentStatus>({ active: ['going'], safe: ['Going '] })).toThrow(
      /"Going " means both active and safe/,
    );
  });
});
