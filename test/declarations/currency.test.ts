import { describe, expect, it } from 'vitest';
import { DEFAULT_HORIZONS, recordStanding } from '../../declarations/index.js';

describe('record currency', () => {
  const open = { startDate: '2024-01-01', endDate: null };

  it('an open-ended record is presumed current up to 730 days from its start, inclusive', () => {
    expect(recordStanding(open, '2024-01-01')).toMatchObject({
      status: 'active',
      currency: 'presumed_current',
    });
    expect(recordStanding(open, '2025-12-31')).toMatchObject({
      status: 'active',
      currency: 'presumed_current',
    });
    expect(recordStanding(open, '2026-01-01')).toMatchObject({ status: 'expired', currency: 'unconfirmed' });
  });

  it('then its currency cannot be confirmed until 1,461 days, and it is taken as over after that', () => {
    expect(recordStanding(open, '2028-01-01')).toMatchObject({ status: 'expired', currency: 'unconfirmed' });
    expect(recordStanding(open, '2028-01-02')).toMatchObject({ status: 'expired', currency: 'lapsed' });
  });

  it('a published end date decides on its own', () => {
    const dated = { startDate: '2020-01-01', endDate: '2030-06-30' };
    expect(recordStanding(dated, '2030-06-30')).toMatchObject({ status: 'active', currency: 'current' });
    expect(recordStanding(dated, '2030-07-01')).toMatchObject({ status: 'expired', currency: 'ended' });
  });

  it('a record starting after the date has not started', () => {
    expect(recordStanding(open, '2023-12-31')).toMatchObject({ status: 'expired', currency: 'not_started' });
  });

  it('horizons are a parameter, echoed in the notes', () => {
    const short = { presumedCurrentDays: 10, unconfirmedUntilDays: 20 };
    expect(recordStanding(open, '2024-01-15', short)).toMatchObject({ currency: 'unconfirmed' });
    expect(recordStanding(open, '2024-01-15', short).note).toContain('10-day horizon');
    expect(DEFAULT_HORIZONS).toEqual({ presumedCurrentDays: 730, unconfirmedUntilDays: 1461 });
  });
});
