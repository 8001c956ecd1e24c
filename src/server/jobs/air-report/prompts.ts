// The AI parts of an Account Intelligence Report: what the model is asked at each step, with the
// documents retrieved for this report only, and the shape of its answer. The model cites by URL,
// and each sentence that states a fact ends with its documents' numbers ("[2]"); grounding
// (ground.ts) keeps only what a retrieved document supports, and statements.ts checks each sentence.
import { z } from 'zod';
import { AIR_EVENT_TYPES, AIR_MAX_PROSPECTS, type AirBuyingCenter, type AirCompany, type AirProspect } from '../../../shared/air.ts';
import { documentsBlock, GROUND_RULES } from '../../ai/documents.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import { CITATION_RULE } from '../../ai/statements.ts';

const text = (description: string) => z.string().min(1).describe(description);
const sourceUrl = z.string().describe('The URL of the document that supports this, copied exactly from the documents above.');

export const eventsOutput = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(AIR_EVENT_TYPES).describe('What kind of event this is.'),
        date: z.string().nullable().describe('YYYY-MM-DD when the document dates the event, else null.'),
        headline: text('The event in one short line.'),
        summary: text(
          'One or two sentences: what happened and why it matters to someone selling to this company; each sentence that states a fact ends with its document\'s number ("[2]").',
        ),
        sourceUrl,
      }),
    )
    .max(15)
    .describe(
      'Events that matter to a seller: leadership changes, funding, M&A, expansions, layoffs, product launches, earnings, partnerships.',
    ),
});

export const personasOutput = z.object({
  buyingCenters: z
    .array(
      z.object({
        name: text('The buying center, e.g. "Supply Chain Operations".'),
        roles: z.array(z.string()).max(8).describe('Roles that decide on, influence or use the solution here.'),
        priorities: z
          .array(
            z.object({
              text: text('A likely priority of this center at this company, one sentence, ending with its document\'s number ("[2]").'),
              sourceUrl,
            }),
          )
          .max(5)
          .describe('Each priority grounded in a document about this company.'),
      }),
    )
    .max(6)
    .describe('The buying centers for this solution at this company, most important first.'),
});

export const prospectsOutput = z.object({
  prospects: z
    .array(
      z.object({
        name: text('The person’s full name exactly as the source writes it.'),
        title: text('Their title exactly as the source gives it.'),
        buyingCenter: text('Which of the buying centers they belong to.'),
        why: text('One sentence: why this person matches the persona, ending with its document\'s number ("[2]") when it states a fact.'),
        score: z
          .number()
          .min(0)
          .max(1)
          .describe(
            'Quality score from 0.00 to 1.00: how well this person matches a buying center for this solution (1.00 decides on it).',
          ),
        sourceUrl,
      }),
    )
    .max(AIR_MAX_PROSPECTS)
    .describe(
      `Up to ${AIR_MAX_PROSPECTS} people from the candidate list or named in the documents, best match first. Never a person who is not named there.`,
    ),
});

export const outreachOutput = z.object({
  outreach: z
    .array(
      z.object({
        prospectName: z
          .string()
          .nullable()
          .describe('The prospect it is written for (exact name from the list), or null for a buying center as a whole.'),
        buyingCenter: text('The buying center.'),
        angle: text('The angle of the conversation, one sentence.'),
        trigger: z.object({
          text: text('The event or fact the message hangs on, one sentence, ending with its document\'s number ("[2]").'),
          sourceUrl,
        }),
        message: text('A short first message (at most 90 words) in the seller’s voice, plain text, no placeholders.'),
      }),
    )
    .max(AIR_MAX_PROSPECTS + 6)
    .describe('One entry per prospect, then one per buying center.'),
});

const RULES = `${GROUND_RULES}\nNever invent a person, an e-mail address or a phone number.\n${CITATION_RULE}`;

export const systems = {
  events: `You are a sales-intelligence analyst. From news articles about one company, pick the events a B2B seller can act on.\n${RULES}`,
  personas: `You are a B2B sales strategist. Map a seller's solution to the buying centers at one account, grounded in what was found about that account.\n${RULES}`,
  prospects: `You are a B2B sales researcher. Choose which named people at one account fit the seller's buying centers. Use only people named in the candidate list or the documents, with the title the source gives.\n${RULES}`,
  outreach: `You are a B2B sales coach. Write outreach angles and short first messages in the seller's own voice, each hung on a real event or fact from the documents.\n${RULES}\nThe angle and the message are advice and the seller's own words: write them without brackets.`,
};

const companyLine = (company: AirCompany) =>
  [
    `Company: ${company.name}`,
    `Website: ${company.website}`,
    company.industry && `Industry: ${company.industry}`,
    company.headquarters && `Headquarters: ${company.headquarters}`,
  ]
    .filter(Boolean)
    .join('\n');

export function eventsPrompt(company: AirCompany, documents: Retrieved[]) {
  return `${companyLine(company)}\n\nFind the events of the last 90 days in these articles.\n\n${documentsBlock(documents)}`;
}

export function personasPrompt(company: AirCompany, solution: string, documents: Retrieved[]) {
  return `${companyLine(company)}\n\nThe seller's solution and buying centers, in their words:\n"""\n${solution}\n"""\n\nWhat was found about the company:\n\n${documentsBlock(documents)}`;
}

export type Candidate = { name: string; title: string; sourceUrl: string; sourceKind: string };

export function prospectsPrompt(
  company: AirCompany,
  solution: string,
  centers: AirBuyingCenter[],
  candidates: Candidate[],
  documents: Retrieved[],
) {
  const list = candidates.map((c, i) => `${i + 1}. ${c.name} — ${c.title} (source: ${c.sourceUrl})`).join('\n');
  const centerLines = centers.map((c) => `- ${c.name}: ${c.roles.join(', ')}`).join('\n');
  return `${companyLine(company)}\n\nThe seller's solution:\n"""\n${solution}\n"""\n\nBuying centers:\n${centerLines || '- (none identified)'}\n\nCandidates named in public sources (${candidates.length}):\n${list || '(none)'}\n\n${documentsBlock(documents)}`;
}

export function outreachPrompt(
  company: AirCompany,
  seller: { name: string; title: string | null; company: string | null },
  solution: string,
  centers: AirBuyingCenter[],
  prospects: AirProspect[],
  documents: Retrieved[],
) {
  const sellerLine = [seller.name, seller.title, seller.company].filter(Boolean).join(', ');
  const prospectLines = prospects.map((p) => `- ${p.name}, ${p.title} (${p.buyingCenter})`).join('\n');
  return `${companyLine(company)}\n\nThe seller (write as them, first person): ${sellerLine}\nTheir solution:\n"""\n${solution}\n"""\n\nBuying centers: ${centers.map((c) => c.name).join('; ') || '(none)'}\n\nProspects:\n${prospectLines || '(none)'}\n\n${documentsBlock(documents)}`;
}
