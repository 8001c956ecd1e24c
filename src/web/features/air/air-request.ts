// The form's rules for 'Email me the report' (spec 02 §5, §9). The limits and texts are the ones the
// server validates with (shared/air.ts); this file only says how the form shows them.
import { AIR_SOLUTION_MIN_CHARS, solutionLength } from '../../../shared/air.ts';

type AirRequestDraft = { website: string; solution: string };

/** 'Email me the report' is enabled only for a website and a thorough enough solution text. */
export const canRequestReport = ({ website, solution }: AirRequestDraft) =>
  website.trim() !== '' && solutionLength(solution) >= AIR_SOLUTION_MIN_CHARS;

/** The 'be thorough' hint waits until the user has left the field once, then follows the text. */
export const needsMoreDetail = (solution: string, leftField: boolean) => leftField && solutionLength(solution) < AIR_SOLUTION_MIN_CHARS;

/** The counter under the solution field: progress towards the minimum, then just the count. */
export function solutionCounter(solution: string): string {
  const length = solutionLength(solution);
  const missing = AIR_SOLUTION_MIN_CHARS - length;
  if (missing <= 0) return `${length} characters`;
  return `${length}/${AIR_SOLUTION_MIN_CHARS} characters (${missing} more needed)`;
}
