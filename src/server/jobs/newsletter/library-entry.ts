// A newsletter's e-mail as its library item (issue 27 §1): the same period, note, sections and
// articles, grouped as the e-mail groups them (the portfolio first, then the industry's trends).
import type { LibraryBlock } from '../../../shared/library.ts';
import { articlesBlock } from '../../library/articles-block.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { freshnessFacts, newsletterTexts } from '../../mail/alert-emails/index.ts';
import type { NewsletterEmailProps, NewsletterSection } from '../../mail/alert-emails/types.ts';

/** `mailed` is what the e-mail was rendered from (the sections left when another run sent some articles meanwhile). */
export function newsletterEntry(mailed: Omit<NewsletterEmailProps, 'links'>): LibraryEntry {
  const regions = mailed.regions.filter((r) => r.trim() !== '');
  const companies = mailed.sections.filter((s) => s.kind === 'company');
  const topics = mailed.sections.filter((s) => s.kind === 'topic');
  const group = (title: string, sections: NewsletterSection[]): LibraryBlock[] =>
    sections.length === 0
      ? []
      : [
          { type: 'heading', text: title },
          ...sections.flatMap((section): LibraryBlock[] => [
            { type: 'heading', text: section.title },
            ...(section.summary ? [{ type: 'paragraph' as const, text: section.summary }] : []),
            articlesBlock(section.items),
          ]),
        ];
  const blocks: LibraryBlock[] = [
    { type: 'note', text: regions.length > 0 ? `${mailed.periodLabel} · Regions: ${regions.join(', ')}` : mailed.periodLabel },
    ...(mailed.note ? [{ type: 'note' as const, text: mailed.note }] : []),
    ...group(newsletterTexts.portfolio, companies),
    ...group(newsletterTexts.trends(mailed.industry), topics),
    ...(mailed.sections.length === 0 ? [{ type: 'paragraph' as const, text: newsletterTexts.nothingNew }] : []),
    freshnessFacts(mailed.receipt),
  ];
  return {
    kind: 'newsletter',
    title: `${mailed.industry} digest · ${mailed.periodLabel}`,
    // The portfolio companies the digest has news of; a topic is no company.
    companies: companies.map((s) => s.title),
    blocks,
    // "N of M statements sourced", as the e-mail says it (issue 27 §4); none for the digest without AI.
    ...(mailed.statements ? { statements: mailed.statements } : {}),
  };
}
