import { describe, expect, it } from 'vitest';
import { joinedTextOf, readXml, textOf, type ReadXmlOptions } from '../../../sources/common/xml.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The reading the WA DFES RSS parsers use. */
const AS_WRITTEN: ReadXmlOptions = {
  keepPrefixes: true,
  ignoreAttributes: true,
  separateCdata: true,
  xmlEntitiesOnly: true,
};

describe('readXml', () => {
  it('reads XML text with CDATA, and names the root it found instead of the expected one', () => {
    const channel = readXml(
      encode('  <rss><channel><d>a <![CDATA[<b>b</b>]]></d></channel></rss>'),
      'test',
      ['rss'],
      AS_WRITTEN,
    ).root.channel as Record<string, unknown>;
    expect(joinedTextOf(channel.d)).toBe('a<b>b</b>');
    expect(() => readXml(encode('<feed/>'), 'test', ['rss'], AS_WRITTEN)).toThrow(/got <feed>/);
  });

  it('by default reads local names, keeps attributes, merges CDATA and decodes character references', () => {
    const text = '<rss><geo:lat a="1">-31 &#39;x&#39;</geo:lat><d>a <![CDATA[<b>]]></d></rss>';
    const { root } = readXml(text, 'test', ['rss']);
    expect(root.lat).toEqual({ '#text': "-31 'x'", '@_a': '1' });
    expect(textOf(root.d)).toBe('a<b>');
  });

  it('with options keeps prefixes, drops attributes, keeps CDATA apart and XML entities only', () => {
    const text = '<rss><geo:lat a="1">-31 &#39;x&#39; &amp;</geo:lat><d>a <![CDATA[<b>]]></d></rss>';
    const { root } = readXml(text, 'test', ['rss'], AS_WRITTEN);
    expect(root['geo:lat']).toBe('-31 &#39;x&#39; &');
    expect(root.d).toEqual({ '#text': 'a', '#cdata': '<b>' });
    expect(joinedTextOf(root.d)).toBe('a<b>');
  });
});
