// What each of the eight steps does (shared/air.ts AIR_STEPS), as the page explains it. Said as it
// is built: the sources each step reads, and what it never does (invent people, read private posts).
import { Building, FileText, type LucideIcon, MessagesSquare, Newspaper, Radio, Send, UserSearch, UsersRound } from 'lucide-react';
import { AIR_MAX_PROSPECTS, AIR_NEWS_DAYS, type AirStepId } from '../../../shared/air.ts';

export const stepInfo: Record<AirStepId, { icon: LucideIcon; description: string }> = {
  company_enrichment: {
    icon: Building,
    description:
      'Profiles the account from its own website and, for a public company, SEC EDGAR: legal name, ticker, industry, headquarters, recent figures and its latest filings.',
  },
  news_intelligence: {
    icon: Newspaper,
    description: `Reads the last ${AIR_NEWS_DAYS} days of news about the company and picks out funding, leadership changes, M&A, expansions, layoffs, launches, earnings and partnerships, each with its article.`,
  },
  social_listening: {
    icon: Radio,
    description: 'Reads public Hacker News discussions of the company. Private posts and professional networks are not read.',
  },
  persona_builder: {
    icon: UsersRound,
    description:
      'Maps your buying centers to the roles that decide on, influence and use your solution, with their likely priorities at this account.',
  },
  prospect_discovery: {
    icon: UserSearch,
    description: `Names up to ${AIR_MAX_PROSPECTS} people found on the company's website, in its SEC filings or in the news, each with the page that names them. Nobody is invented.`,
  },
  outreach_strategy: {
    icon: MessagesSquare,
    description:
      'Suggests an opening angle and a short first message for each prospect or buying center, tied to a recent event and its source.',
  },
  report_builder: {
    icon: FileText,
    description: 'Builds the report page you can open here and the e-mail version of it, with every source it was built from.',
  },
  instant_delivery: {
    icon: Send,
    description: 'E-mails the finished report to your alerts address as soon as it is ready.',
  },
};
