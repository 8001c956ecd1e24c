import { describe, expect, it } from 'vitest';
import { metaTags, schemaItems, schemaText, schemaTypes } from './structured-data.ts';

describe('metaTags', () => {
  it('maps property, name and itemprop to the content as a browser reads it; the first of each wins', () => {
    const html = `<head><meta property="og:title" content=" Acme &amp; Co &ndash; results ">
      <meta name="OG:Title" content="later"><meta name="description" content=""><meta itemprop="datePublished" value="2026-11-20">
      </head><body><svg><meta name="inside" content="kept"></svg></body>`;
    const meta = metaTags(html);
    expect(meta.get('og:title')).toBe('Acme & Co – results');
    expect(meta.has('description')).toBe(false);
    expect(meta.get('datepublished')).toBe('2026-11-20');
    expect(meta.get('inside')).toBe('kept');
  });
});

describe('schemaItems', () => {
  const html = `
    <script type="application/ld+json">{ "broken": </script>
    <script type="Application/LD+JSON"><!--
      {"@context":"https://schema.org","@graph":[
        {"@type":"WebPage","mainEntity":{"@type":"schema:NewsArticle","headline":"Acme buys Beta"},
         "relatedLink":[{"@type":"https://schema.org/NewsArticle","headline":"Another story"}]},
        {"@type":["Organization","Corporation"],"name":"Acme","employee":[{"@type":"Person","name":"Jane Roe"}]}]}
    --></script>`;

  it('finds every typed object, a parent before what it holds, in every block that parses', () => {
    expect(schemaItems(html).map((item) => item.headline ?? item.name ?? schemaTypes(item)[0])).toEqual([
      'WebPage',
      'Acme buys Beta',
      'Another story',
      'Acme',
      'Jane Roe',
    ]);
    expect(schemaTypes(schemaItems(html)[3]!)).toEqual(['Organization', 'Corporation']);
  });

  it('goes only down the properties it is told to', () => {
    expect(schemaItems(html, { through: ['@graph', 'mainEntity'] }).map((item) => schemaTypes(item)[0])).toEqual([
      'WebPage',
      'NewsArticle',
      'Organization',
    ]);
  });

  it('stops at its bounds on depth and count', () => {
    let deep: unknown = { '@type': 'Thing', name: 'bottom' };
    for (let i = 0; i < 50; i += 1) deep = { '@type': 'Thing', child: deep };
    expect(schemaItems(`<script type="application/ld+json">${JSON.stringify(deep)}</script>`)).toHaveLength(9);
    const many = Array.from({ length: 5_000 }, () => ({ '@type': 'Thing' }));
    expect(schemaItems(`<script type="application/ld+json">${JSON.stringify(many)}</script>`).length).toBe(2_000);
  });
});

describe('schemaText', () => {
  it('reads a string, the first of a list or a thing’s name as one line of plain text, capped', () => {
    expect(schemaText('  Initech &amp; <b>Sons</b>\n Inc. ', 100)).toBe('Initech & Sons Inc.');
    expect(schemaText(['', 'Chief Executive Officer', 'CEO'], 100)).toBe('Chief Executive Officer');
    expect(schemaText({ '@type': 'DefinedTerm', name: 'Director of Safety' }, 100)).toBe('Director of Safety');
    expect(schemaText('A description that goes on and on', 20)).toBe('A description that…');
    for (const nothing of [undefined, null, 7, {}, ['  '], '<br>']) expect(schemaText(nothing, 100)).toBeNull();
  });
});
