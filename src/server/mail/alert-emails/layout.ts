// The frame every alert e-mail shares (brand header, card, why-you-get-this line, footer links) and
// the pieces several mails use (an article list, a small label). Written with createElement because
// the server runs TypeScript by type stripping, which does not compile JSX (ADR 011). React escapes
// every text value; nothing here uses dangerouslySetInnerHTML, and only http(s) links are rendered.
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import { libraryMessages, type StatementCount, statementCountLabel } from '../../../shared/library.ts';
import { notesFor } from '../../../shared/research.ts';
import { capText, httpUrl } from '../../sources/web/text.ts';
import type { EmailArticle, EmailLinks, RenderedEmail } from './types.ts';

/** The web app's palette (src/web/styles.css, Tailwind's slate). */
export const colors = {
  brand50: '#eef4ff',
  brand500: '#3b6cf6',
  brand700: '#1d40b5',
  brand900: '#172554',
  text: '#0f172a',
  muted: '#475569',
  faint: '#64748b',
  border: '#e2e8f0',
  page: '#f8fafc',
};

const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const SUBJECT_MAX = 200;

const styles = {
  body: { backgroundColor: colors.page, fontFamily: FONT, margin: 0, padding: '24px 0' },
  container: { maxWidth: '600px', margin: '0 auto', padding: '0 12px' },
  brand: { color: colors.brand900, fontSize: '18px', fontWeight: 700, margin: '0 0 12px' },
  card: { backgroundColor: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: '12px', padding: '24px' },
  eyebrow: {
    color: colors.brand700,
    fontSize: '12px',
    fontWeight: 600,
    letterSpacing: '0.04em',
    margin: '0 0 4px',
    textTransform: 'uppercase',
  },
  heading: { color: colors.text, fontSize: '22px', lineHeight: '30px', fontWeight: 700, margin: '0 0 12px' },
  subheading: { color: colors.text, fontSize: '17px', lineHeight: '24px', fontWeight: 700, margin: '24px 0 8px' },
  paragraph: { color: colors.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' },
  muted: { color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 12px' },
  article: { margin: '0 0 16px' },
  articleTitle: { color: colors.brand700, fontSize: '15px', fontWeight: 600, lineHeight: '22px', textDecoration: 'none' },
  articleTitlePlain: { color: colors.text, fontSize: '15px', fontWeight: 600, lineHeight: '22px', margin: 0 },
  articleMeta: { color: colors.faint, fontSize: '12px', lineHeight: '18px', margin: '2px 0 0' },
  articleSummary: { color: colors.muted, fontSize: '14px', lineHeight: '21px', margin: '4px 0 0' },
  button: {
    backgroundColor: colors.brand500,
    borderRadius: '8px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '14px',
    fontWeight: 600,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  /** The second button under the first: the same shape, outlined, so the first one leads. */
  secondaryButton: {
    backgroundColor: '#ffffff',
    border: `1px solid ${colors.border}`,
    borderRadius: '8px',
    color: colors.brand700,
    display: 'inline-block',
    fontSize: '14px',
    fontWeight: 600,
    padding: '9px 17px',
    textDecoration: 'none',
  },
  /** A short label above the body (an earnings date's confidence, a date's change). */
  badge: {
    backgroundColor: colors.brand50,
    borderRadius: '999px',
    color: colors.brand700,
    display: 'inline-block',
    fontSize: '12px',
    fontWeight: 600,
    margin: '0 0 12px',
    padding: '2px 10px',
  },
  footer: { color: colors.faint, fontSize: '12px', lineHeight: '18px', margin: '0 0 8px' },
  footerLink: { color: colors.brand700, textDecoration: 'underline' },
} as const;

export { styles };

/** A link when the address is http(s); otherwise the text alone (a `javascript:` URL never becomes a link). */
function linkOrText(url: string | null | undefined, text: string, linkStyle: object, textStyle?: object): ReactNode {
  const href = httpUrl(url);
  if (href) return h(Link, { href, style: linkStyle }, text);
  return textStyle ? h(Text, { style: textStyle }, text) : text;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' });

/** 'Nov 21, 2026' for an ISO time; null when absent or not a date. */
export function shortDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

export function ArticleList({ articles }: { articles: EmailArticle[] }) {
  return h(
    Section,
    null,
    articles.map((article, i) => {
      const href = httpUrl(article.url);
      const meta = [article.publisher, shortDate(article.publishedAt), ...notesFor(article)].filter(Boolean).join(' · ');
      return h(
        Section,
        { key: i, style: styles.article },
        href ? h(Link, { href, style: styles.articleTitle }, article.title) : h(Text, { style: styles.articleTitlePlain }, article.title),
        meta ? h(Text, { style: styles.articleMeta }, meta) : null,
        article.summary ? h(Text, { style: styles.articleSummary }, article.summary) : null,
      );
    }),
  );
}

type LayoutProps = {
  /** The inbox preview line (not in the plain-text version). */
  preview: string;
  /** A short label above the heading, e.g. 'News alert'. */
  eyebrow: string;
  heading: string;
  /** Why this person gets this mail. */
  reason: string;
  links: EmailLinks;
  children?: ReactNode;
};

/** The page every e-mail shares (alert and account mails): the brand line above a white card. */
export function EmailFrame({ preview, footer, children }: { preview: string; footer?: ReactNode; children?: ReactNode }) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, capText(preview, 140)),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, BRAND),
        h(Section, { style: styles.card }, children),
        footer,
      ),
    ),
  );
}

export function EmailLayout({ preview, eyebrow, heading, reason, links, children }: LayoutProps) {
  const footerLink = (url: string, text: string) => linkOrText(url, text, styles.footerLink);
  return h(
    EmailFrame,
    {
      preview,
      footer: h(
        Section,
        { style: { padding: '16px 4px 0' } },
        h(Text, { style: styles.footer }, reason),
        h(Hr, { style: { borderColor: colors.border, margin: '8px 0' } }),
        h(
          Text,
          { style: styles.footer },
          footerLink(links.manage, links.manageLabel ?? 'Manage this alert'),
          links.unsubscribe ? ' · ' : null,
          links.unsubscribe ? footerLink(links.unsubscribe, 'Unsubscribe') : null,
        ),
      ),
    },
    h(Text, { style: styles.eyebrow }, eyebrow),
    h(Heading, { as: 'h1', style: styles.heading }, heading),
    children,
    // The library's copy first: the mail as sent with its sources, kept and searchable in the app.
    // One button a row, so the plain-text twin has each address on its own line.
    links.library ? h(Section, { style: { marginTop: '20px' } }, buttonLink(links.library, libraryMessages.readInApp)) : null,
    h(
      Section,
      { style: { marginTop: links.library ? '8px' : '20px' } },
      links.library
        ? linkOrText(links.viewInApp, `View in ${BRAND}`, styles.secondaryButton)
        : buttonLink(links.viewInApp, `View in ${BRAND}`),
    ),
  );
}

/** The card's button: a link when the address is http(s), else its text alone. */
export const buttonLink = (url: string, text: string) => linkOrText(url, text, styles.button);

/** One line, at most 200 characters: a subject never carries a line break into the mail header. */
function subjectLine(text: string): string {
  return capText(text.replace(/\s+/g, ' ').trim(), SUBJECT_MAX);
}

/** The HTML and its plain-text twin (React Email's converter; headings keep their case). */
export async function renderEmail(subject: string, element: ReactNode): Promise<RenderedEmail> {
  const html = await render(element);
  const text = toPlainText(html, {
    selectors: [
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  });
  return { subject: subjectLine(subject), html, text };
}

export const heading2 = (text: string) => h(Heading, { as: 'h2', style: styles.subheading }, text);
export const paragraph = (text: string) => h(Text, { style: styles.paragraph }, text);
export const mutedLine = (text: string) => h(Text, { style: styles.muted }, text);

/**
 * "12 of 12 statements sourced" (issue 27 §4): how many of the mail's factual sentences were checked
 * against the passage they cite, and how many were dropped. Nothing when the mail states no checked fact.
 */
export const statementsLine = (count: StatementCount | null | undefined) =>
  count && count.total > 0 ? mutedLine(statementCountLabel(count)) : null;
