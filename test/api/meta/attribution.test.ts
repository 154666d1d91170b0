import { describe, expect, it } from 'vitest';
import { LICENCE_UNDER_REVIEW, publishedLicence } from '../../../api/meta/attribution.js';

describe('licence publication rule', () => {
  it('publishes recognised Creative Commons licences and explicit permissions as they are', () => {
    for (const licence of [
      'CC BY 4.0',
      'CC BY 3.0 AU',
      'CC BY-NC-ND 4.0',
      'CC BY 4.0 International',
      'Permission: written consent of PFES, 2026-03',
    ]) {
      expect(publishedLicence(licence)).toBe(licence);
    }
  });

  it('shows anything else as under review', () => {
    for (const licence of ['', 'Copyright', 'Emergency WA terms', 'CC BY 9.0', 'not specified']) {
      expect(publishedLicence(licence)).toBe(LICENCE_UNDER_REVIEW);
    }
  });
});
