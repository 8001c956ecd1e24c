// A news alert's e-mail as its library item (issue 27 §1): the same headline, analysis and articles
// (or the digest, said to be not analysed), in the e-mail's order.
import type { LibraryBlock } from '../../../shared/library.ts';
import { articlesBlock } from '../../library/articles-block.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { freshnessFacts, searchedNote } from '../../mail/alert-emails/index.ts';
import type { NewsAlertEmailProps } from '../../mail/alert-emails/types.ts';

/** `mailed` is what the e-mail was rendered from; `analysed` false when it is the digest sent without AI. */
export function newsAlertEntry(mailed: Omit<NewsAlertEmailProps, 'links'>, analysed: boolean): LibraryEntry {
  const keywords = mailed.keywords.filter((k) => k.trim() !== '');
  const blocks: LibraryBlock[] = [];
  if (keywords.length > 0) blocks.push({ type: 'note', text: `Keywords: ${keywords.join(', ')}` });
  // Without AI the analysis is the label saying so: said about the item, not in it.
  if (mailed.analysis.trim()) blocks.push({ type: analysed ? 'paragraph' : 'note', text: mailed.analysis });
  if (mailed.articles.length > 0) {
    blocks.push({ type: 'heading', text: mailed.articles.length === 1 ? 'Source' : 'Sources' }, articlesBlock(mailed.articles));
  }
  blocks.push({ type: 'note', text: searchedNote(mailed.searchedAt) }, freshnessFacts(mailed.receipt));
  return {
    kind: 'news_alert',
    title: mailed.headline,
    companies: [mailed.companyName],
    blocks,
    // "N of M statements sourced", as the e-mail says it (issue 27 §4); none for the digest without AI.
    ...(mailed.statements ? { statements: mailed.statements } : {}),
  };
}
