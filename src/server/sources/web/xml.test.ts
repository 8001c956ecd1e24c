import { describe, expect, it } from 'vitest';
import { walkXml } from './xml.ts';

/** The walk as a list of events: "<name depth attrs>", "</name depth>", "text@depth". */
function events(xml: string) {
  const seen: string[] = [];
  walkXml(xml, {
    open: (name, attrs, depth) => seen.push(`<${name} ${depth}${Object.keys(attrs).length ? ` ${JSON.stringify(attrs)}` : ''}>`),
    close: (name, depth) => seen.push(`</${name} ${depth}>`),
    text: (text, depth) => {
      if (text.trim()) seen.push(`${text.trim()}@${depth}`);
    },
  });
  return seen;
}

describe('walkXml', () => {
  it('gives elements with their depth and decoded attributes, text with entities and CDATA decoded once, names without prefixes', () => {
    expect(
      events(
        '<?xml version="1.0"?><a:feed xmlns:a="x"><t k="AT&amp;T">A &amp;amp; B &#233;</t><e/><c><![CDATA[<b>raw</b> &amp;]]></c></a:feed>',
      ),
    ).toEqual([
      '<feed 0 {"a":"x"}>',
      '<t 1 {"k":"AT&T"}>',
      'A &amp; B é@2',
      '</t 1>',
      '<e 1>',
      '</e 1>',
      '<c 1>',
      '<b>raw</b> &amp;@2',
      '</c 1>',
      '</feed 0>',
    ]);
  });

  it('closes what was left open inside an element with it, and ignores a close tag nothing near matches', () => {
    expect(events('<r><e><br>x</e></nothing><e>y</e></r>')).toEqual([
      '<r 0>',
      '<e 1>',
      '<br 2>',
      'x@3',
      '</br 2>',
      '</e 1>',
      '<e 1>',
      'y@2',
      '</e 1>',
      '</r 0>',
    ]);
  });

  it('walks deeply nested input in one pass', () => {
    const depth = 100_000;
    const xml = `${'<d>'.repeat(depth)}${'</x>'.repeat(depth)}`;
    const started = performance.now();
    let opened = 0;
    walkXml(xml, { open: () => opened++ });
    expect(opened).toBe(depth);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
