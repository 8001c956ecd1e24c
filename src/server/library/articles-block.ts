// The articles an e-mail listed, as its library item lists them (issue 27 §1): each with the link
// the e-mail carried, what the e-mail said of it, and the same labels (headline only, a Google
// link), so the library shows the sources exactly as they were sent. One mapping for every kind
// that mails articles (news alerts, newsletters, earnings summaries); it lives in the library layer
// because jobs' kinds may not import one another, and the library may not import the mail, so the
// e-mail's article is taken by its shape.
import type { LibraryBlock, LibrarySource } from '../../shared/library.ts';

/** An article as an e-mail listed it (the mail's EmailArticle is one, with more the item does not keep). */
export type SentArticle = LibrarySource & { summary?: string | null };

export type ArticlesBlock = Extract<LibraryBlock, { type: 'articles' }>;

/** Only the fields an item keeps, so nothing else of the e-mail's article (its statement count) is stored. */
export function articlesBlock(articles: SentArticle[]): ArticlesBlock {
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
