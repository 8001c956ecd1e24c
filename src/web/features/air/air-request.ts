export const airMessages = {
  comingSoon: 'Coming soon!',
  beThorough: 'IMPORTANT: be thorough to receive an accurate prospect list',
} as const;
// The AIR request rules (spec 02 §5, §9). Nothing is sent yet, so they live only in the browser.

/** The solution text must have at least this many characters, not counting surrounding spaces. */
export const AIR_SOLUTION_MIN_CHARS = 30;

/** AIR is not live, so no credits are issued (spec 02 §9). */
export const AIR_CREDITS = 0;

type AirRequestDraft = { website: string; solution: string };

/** Characters of the solution text that count towards the minimum. */
export const solutionLength = (solution: string) => solution.trim().length;

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
