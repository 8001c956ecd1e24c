// Pure edits of the newsletter form's values (spec 02 §4, §5, §9), kept apart from the components
// so their rules are unit-tested.
import {
  type Newsletter,
  type NewsletterFormValues,
  newNewsletterForm,
  newsletterToForm,
  PORTFOLIO_LIMIT,
  type TrendTopic,
} from '../../../shared/newsletter.ts';
import type { Region } from '../../../shared/sonar.ts';

type Company = NewsletterFormValues['portfolio'][number];

/** Company rows shown while the watchlist is collapsed. */
export const COLLAPSED_COMPANY_ROWS = 2;

const emptyCompany = (): Company => ({ companyName: '', keywords: '' });

/**
 * The form's values for what the server holds. No stored e-mail (NULL: the user's default address,
 * ADR 009) is an empty field, so saving it unchanged keeps NULL and the default stays followed.
 */
export const serverFormValues = (newsletter: Newsletter | null): NewsletterFormValues =>
  newsletter ? newsletterToForm(newsletter) : newNewsletterForm();

/** Global is exclusive: choosing it clears the others, choosing another clears it. */
export function toggleRegion(regions: readonly Region[], region: Region): Region[] {
  if (regions.includes(region)) return regions.filter((r) => r !== region);
  if (region === 'global') return ['global'];
  return [...regions.filter((r) => r !== 'global'), region];
}

export function toggleTopic(topics: readonly TrendTopic[], topic: TrendTopic): TrendTopic[] {
  return topics.includes(topic) ? topics.filter((t) => t !== topic) : [...topics, topic];
}

export const canAddCompany = (portfolio: readonly Company[]) => portfolio.length < PORTFOLIO_LIMIT;

export function addCompany(portfolio: readonly Company[]): Company[] {
  return canAddCompany(portfolio) ? [...portfolio, emptyCompany()] : [...portfolio];
}

/** Removing the only row leaves an empty one to type into. */
export function removeCompany(portfolio: readonly Company[], index: number): Company[] {
  const rest = portfolio.filter((_, i) => i !== index);
  return rest.length ? rest : [emptyCompany()];
}

export function changeCompany(portfolio: readonly Company[], index: number, change: Partial<Company>): Company[] {
  return portfolio.map((company, i) => (i === index ? { ...company, ...change } : company));
}

/** '<n> more companies...' under a collapsed list (spec 02 §2, word for word). */
export const moreCompaniesText = (hidden: number) => `${hidden} more companies...`;
