import { describe, expect, it } from 'vitest';
import { articlesBlock } from './articles-block.ts';

describe('articlesBlock', () => {
  it("keeps each article's link, words and labels as the e-mail listed it, in order, and nothing else of it", () => {
    const mailed = [
      {
        url: 'https://reuters.example.com/acme',
        title: 'Acme beats estimates',
        publisher: 'Reuters',
        publishedAt: '2026-03-01T12:00:00Z',
        summary: 'Revenue hit a record.',
        statements: { sourced: 1, total: 1, dropped: 0 },
      },
      { url: 'https://paper.example.com/acme', title: 'Acme, in depth', publisher: null, publishedAt: null, headlineOnly: true },
      {
        url: 'https://news.google.com/rss/articles/abc',
        title: 'Acme news',
        publisher: null,
        publishedAt: null,
        headlineOnly: false,
        googleLink: true,
      },
    ];
    expect(articlesBlock(mailed)).toEqual({
      type: 'articles',
      items: [
        {
          url: 'https://reuters.example.com/acme',
          title: 'Acme beats estimates',
          publisher: 'Reuters',
          publishedAt: '2026-03-01T12:00:00Z',
          summary: 'Revenue hit a record.',
        },
        {
          url: 'https://paper.example.com/acme',
          title: 'Acme, in depth',
          publisher: null,
          publishedAt: null,
          summary: null,
          headlineOnly: true,
        },
        {
          url: 'https://news.google.com/rss/articles/abc',
          title: 'Acme news',
          publisher: null,
          publishedAt: null,
          summary: null,
          googleLink: true,
        },
      ],
    });
  });
});
