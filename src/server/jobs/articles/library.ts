// The articles an alert e-mail listed, as its library item lists them (issue 27 §1): each with the
// link the e-mail carried, what the e-mail said of it, and the same labels (headline only, a Google
// link), so the library shows the sources exactly as they were sent.
import type { LibraryBlock } from '../../../shared/library.ts';
import type { EmailArticle } from '../../mail/alert-emails/types.ts';

type ArticlesBlock = Extract<LibraryBlock, { type: 'articles' }>;

export function articlesBlock(articles: EmailArticle[]): ArticlesBlock {
  return {
    type: 'articles',
    items: articles.map((a) => ({
      url: a.url,
      title: a.title,
      publisher: a.publisher,
      publishedAt: a.publishedAt,
      summary: a.summary ?? null,
      ...(a.headlineOnly ? { headlineOnly: true } : {}),
      ...(a.googleLink ? { googleLink: true } : {}),
    })),
  };
}
