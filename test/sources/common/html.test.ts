import { describe, expect, it } from 'vitest';
import { firstHref, hrefsIn } from '../../../sources/common/html.js';

describe('links in HTML fragments', () => {
  const html =
    `MORE INFO: <a href='https://example.org/i/300001?x=1&amp;y=2' target='_blank'>More</a>` +
    '<br />VIEW ON MAP: <A class="map" HREF = " https://example.org/m/300001 ">Map</A>';

  it('reads every href, single or double quoted, any case, entities decoded and trimmed', () => {
    expect(hrefsIn(html)).toEqual(['https://example.org/i/300001?x=1&y=2', 'https://example.org/m/300001']);
    expect(firstHref(html)).toBe('https://example.org/i/300001?x=1&y=2');
  });

  it('gives nothing without a link, or for a blank one', () => {
    expect(hrefsIn('no link here')).toEqual([]);
    expect(firstHref('no <b>link</b> here')).toBeUndefined();
    expect(firstHref('<a href="  ">blank</a>')).toBeUndefined();
  });
});
