/** The subscription panel's allowance line, e.g. '3 AIR generations per month included'. */
export const airAllowance = (generations: number) => `${generations} AIR generation${generations === 1 ? '' : 's'} per month included`;
