import { describe, expect, it } from 'vitest';
import { bodyText, isHtmlPage, readJsonBody } from '../../../sources/common/body-text.js';
import { MalformedFeedError } from '../../../sources/common/errors.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('body-text helpers', () => {
  it('strips a BOM and leading white space, keeps U+FFFD', () => {
    expect(bodyText(encode('\uFEFF\n\n  {"a":"\uFFFD"}'), 'Feed')).toBe('{"a":"\uFFFD"}');
  });

  it('recognises HTML pages, after an XML declaration or a comment too', () => {
    expect(isHtmlPage('<!DOCTYPE html><html></html>')).toBe(true);
    expect(isHtmlPage('<?xml version="1.0"?><!-- x --><html><body/></html>')).toBe(true);
    expect(isHtmlPage('<kml></kml>')).toBe(false);
    expect(isHtmlPage('<htmlish/>')).toBe(false);
  });

  it('throws MalformedFeedError naming the feed and the page title', () => {
    expect(() => bodyText(encode(' \n '), 'Feed')).toThrow(new MalformedFeedError('Feed: empty body'));
    expect(() => bodyText('<html><head><title>File &amp; Unavailable</title></head></html>', 'Feed')).toThrow(
      'Feed: got an HTML page "File & Unavailable"',
    );
  });

  it('reads JSON, and rejects XML and broken JSON', () => {
    expect(readJsonBody(encode('\uFEFF[1]'), 'Feed')).toEqual([1]);
    expect(() => readJsonBody('<rss/>', 'Feed')).toThrow(MalformedFeedError);
    expect(() => readJsonBody('{"a":', 'Feed')).toThrow(/Feed: not valid JSON/);
  });
});
