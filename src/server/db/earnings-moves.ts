// The earnings-date moves ledger (issue 31: moves as trigger events). The earnings check writes a
// move in the transaction that stores the new date, and the earnings trigger poller reads it: the
// two job kinds never import each other (scripts/check-boundaries.ts), so the row and its writing
// live here, in the layer both use.
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

export type EarningsMove = {
  cik: string;
  ticker: string;
  companyName: string;
  previousDate: string;
  earningsDate: string;
  previousLabel: string;
  dateLabel: string;
  change: string;
  sourceName: string;
  sourceUrl: string | null;
};

/** How trigger events name a company EDGAR knows (jobs/triggers/watch.ts companyKeyOf). */
export const cikCompanyKey = (cik: string) => `cik:${cik}`;

/**
 * Records a move once per company: another user's check of the same company seeing the same move
 * adds nothing. Runs in the check's own commit, so a move is recorded exactly when its date is.
 */
export async function recordEarningsMove(tx: Pick<Database, 'execute'>, move: EarningsMove): Promise<void> {
  await tx.execute(sql`
    insert into earnings_moves (company_key, cik, ticker, company_name, previous_date, earnings_date, previous_label, date_label,
                                change, source_name, source_url)
    values (${cikCompanyKey(move.cik)}, ${move.cik}, ${move.ticker}, ${move.companyName}, ${move.previousDate}::timestamptz,
            ${move.earningsDate}::timestamptz, ${move.previousLabel}, ${move.dateLabel}, ${move.change}, ${move.sourceName},
            ${move.sourceUrl})
    on conflict (company_key, previous_date, earnings_date) do nothing`);
}
