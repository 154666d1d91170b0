import { describe, expect, it } from 'vitest';
import { prefersHtml } from '../../../api/pages/negotiation.js';

describe('which clients get the HTML page', () => {
  it('browsers, whose Accept names text/html first', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
  });

  it('not API clients, curl or fetch(), nor a client that weighs JSON higher or refuses HTML', () => {
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(prefersHtml('text/html;q=0, application/json')).toBe(false);
    expect(prefersHtml('application/problem+json')).toBe(false);
  });
});
