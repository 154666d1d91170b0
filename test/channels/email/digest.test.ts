import { describe, expect, it } from 'vitest';
import { composeDigest } from '../../../channels/email/digest.js';
import { incidentChange } from './fixtures.js';

const context = { mapUrl: 'https://eids.example.org/map', subscriptionId: 'sub-1' };

describe('composeDigest: a plain-text message of a subscription’s changes', () => {
  it('lists each change oldest first with what, where and how serious, then links the map', () => {
    const message = composeDigest(
      [incidentChange(1, 'Grass Fire', 'Wallacia'), incidentChange(2, 'Bush Fire', 'Katoomba', 'advice')],
      context,
    );
    expect(message.subject).toBe('2 changes in your area: Grass Fire and more');
    const lines = message.text.split('\n');
    expect(lines[0]).toBe('2 changes in the area of your subscription, oldest first:');
    expect(lines).toContain(
      '- incident.updated: Grass Fire (Wallacia, nsw; watch_and_act; 2026-11-29T01:15:00Z)',
    );
    expect(lines.indexOf('- incident.updated: Bush Fire (Katoomba, nsw; advice; 2026-11-29T02:15:00Z)')).toBe(
      lines.findIndex((line) => line.includes('Grass Fire')) + 1,
    );
    expect(message.text).toContain('See them on the live map: https://eids.example.org/map');
    expect(message.text).toContain('Subscription sub-1.');
  });

  it('names one change in the singular, and still names a change whose body it cannot read', () => {
    const change = { ...incidentChange(3, 'Structure Fire', 'Penrith'), body: 'not json' };
    const message = composeDigest([change], context);
    expect(message.subject).toBe('1 change in your area: nsw-rfs-3');
    expect(message.text).toContain('- incident.updated: nsw-rfs-3');
  });
});
