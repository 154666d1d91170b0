import { describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTERING_CONFIG } from '../../config/clustering.js';
import { parseSettings } from '../../config/index.js';

describe('EVENT_CLUSTERING', () => {
  it('is the default clustering configuration when unset', () => {
    expect(parseSettings({}).EVENT_CLUSTERING).toEqual(DEFAULT_CLUSTERING_CONFIG);
  });

  it('overrides the parameters it names, radii category by category', () => {
    const config = parseSettings({
      EVENT_CLUSTERING: '{"radiusKm":{"fire":10,"medical":2},"graceMinutes":5,"excludedEventTypes":[]}',
    }).EVENT_CLUSTERING;
    expect(config.radiusKm).toEqual({ ...DEFAULT_CLUSTERING_CONFIG.radiusKm, fire: 10, medical: 2 });
    expect(config.graceMinutes).toBe(5);
    expect(config.excludedEventTypes).toEqual([]);
    expect(config.matchShare).toBe(DEFAULT_CLUSTERING_CONFIG.matchShare);
  });

  it('refuses text that is not JSON, unknown names, wrong types and values that cannot work', () => {
    const bad: [string, RegExp][] = [
      ['graceMinutes=5', /EVENT_CLUSTERING: must be a JSON object/],
      ['{"grace":5}', /EVENT_CLUSTERING: .*grace/],
      ['{"radiusKm":{"volcano":5}}', /EVENT_CLUSTERING: radiusKm/],
      ['{"minPoints":"2"}', /EVENT_CLUSTERING: minPoints/],
      ['{"excludedEventTypes":["arson"]}', /EVENT_CLUSTERING: excludedEventTypes/],
      ['{"matchShare":0}', /EVENT_CLUSTERING: .*matchShare must be in \(0, 1\]/],
      ['{"radiusKm":{"fire":-1}}', /EVENT_CLUSTERING: .*radiusKm.fire must be positive or null/],
    ];
    for (const [value, message] of bad) {
      expect(() => parseSettings({ EVENT_CLUSTERING: value }), value).toThrow(message);
    }
  });
});
