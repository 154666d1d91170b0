import { describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseKmlCoordinates, readKml } from '../../../sources/common/kml.js';

/** A tiny made-up document: nested folders, escaped and CDATA descriptions, ExtendedData, every geometry. */
const KML = `\uFEFF
<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Made-up incidents</name>
    <Placemark id="p1">
      <name>First &amp; only</name>
      <description>Type A&lt;br&gt;Status: OPEN</description>
      <styleUrl>#OpenIcon</styleUrl>
      <custom>42</custom>
      <ExtendedData>
        <Data name="level"><value>2</value></Data>
        <SchemaData schemaUrl="#s"><SimpleData name="region">North</SimpleData></SchemaData>
      </ExtendedData>
      <Point><coordinates> 147.25,-42.5,0 </coordinates></Point>
    </Placemark>
    <Folder>
      <name>Areas</name>
      <Placemark id="p2">
        <description><![CDATA[<b>Burnt</b> area]]></description>
        <MultiGeometry>
          <Point><coordinates>147.05, -42.05</coordinates></Point>
          <Polygon>
            <outerBoundaryIs><LinearRing><coordinates>
              147,-42,0 147.1,-42,0 147.1,-42.1,0 147,-42.1,0
            </coordinates></LinearRing></outerBoundaryIs>
            <innerBoundaryIs><LinearRing><coordinates>
              147.02,-42.02 147.04,-42.02 147.04,-42.04 147.02,-42.02
            </coordinates></LinearRing></innerBoundaryIs>
          </Polygon>
          <LineString><coordinates>147,-42 148,-43</coordinates></LineString>
        </MultiGeometry>
      </Placemark>
      <Folder>
        <Placemark><name>No geometry</name></Placemark>
      </Folder>
    </Folder>
  </Document>
</kml>`;

describe('readKml', () => {
  it('reads every placemark in document order, at any depth', () => {
    const document = readKml(new TextEncoder().encode(KML), 'Test KML');
    expect(document.name).toBe('Made-up incidents');
    expect(document.placemarks.map((placemark) => placemark.id ?? placemark.name)).toEqual([
      'p1',
      'p2',
      'No geometry',
    ]);
  });

  it('reads the text members, ExtendedData and non-standard elements of a placemark', () => {
    const [first] = readKml(KML, 'Test KML').placemarks;
    expect(first).toMatchObject({
      id: 'p1',
      name: 'First & only',
      description: 'Type A<br>Status: OPEN',
      styleUrl: '#OpenIcon',
      extendedData: { level: '2', region: 'North' },
      fields: { custom: '42' },
      geometry: { points: [[147.25, -42.5]], polygons: [] },
    });
  });

  it('reads MultiGeometry points and polygons (holes closed, altitude dropped, lines ignored)', () => {
    const [, second, third] = readKml(KML, 'Test KML').placemarks;
    expect(second?.description).toBe('<b>Burnt</b> area');
    expect(second?.geometry).toEqual({
      points: [[147.05, -42.05]],
      polygons: [
        [
          [
            [147, -42],
            [147.1, -42],
            [147.1, -42.1],
            [147, -42.1],
            [147, -42],
          ],
          [
            [147.02, -42.02],
            [147.04, -42.02],
            [147.04, -42.04],
            [147.02, -42.02],
          ],
        ],
      ],
    });
    expect(third?.geometry).toEqual({ points: [], polygons: [] });
    expect(third?.extendedData).toEqual({});
  });

  it('parses coordinate tuples and marks unreadable ones for dropping', () => {
    expect(parseKmlCoordinates(' 1,2,3\n\t4 , 5  x,6 7 ')).toEqual([
      [1, 2],
      [4, 5],
      [Number.NaN, 6],
      [7, Number.NaN],
    ]);
  });

  it.each([
    ['an empty body', ''],
    ['an HTML page', '<html><head><title>Unavailable</title></head><body>Unavailable</body></html>'],
    ['a truncated document', KML.slice(0, 300)],
    ['another root', '<rss><channel/></rss>'],
  ])('rejects %s', (_, text) => {
    expect(() => readKml(text, 'Test KML')).toThrow(MalformedFeedError);
  });

  it('accepts a KML without placemarks', () => {
    expect(readKml('<kml><Document/></kml>', 'Test KML')).toEqual({ placemarks: [] });
  });
});
