// Form 8-K's items, once for every reader: the form's own title (filing titles, what the model
// reads) and, for the items a seller acts on, a short plain-English label (AIR's filing highlights).

/** Form 8-K's item titles by number, with a seller's short label where one is worth having. */
export const EIGHT_K_ITEMS: Record<string, { title: string; short?: string }> = {
  '1.01': { title: 'Entry into a Material Definitive Agreement', short: 'Entry into a material agreement' },
  '1.02': { title: 'Termination of a Material Definitive Agreement', short: 'Termination of a material agreement' },
  '1.03': { title: 'Bankruptcy or Receivership' },
  '1.04': { title: 'Mine Safety - Reporting of Shutdowns and Patterns of Violations' },
  '1.05': { title: 'Material Cybersecurity Incidents' },
  '2.01': { title: 'Completion of Acquisition or Disposition of Assets', short: 'Completion of an acquisition or disposition' },
  '2.02': { title: 'Results of Operations and Financial Condition', short: 'Results of operations (earnings release)' },
  '2.03': {
    title: 'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant',
    short: 'New direct financial obligation',
  },
  '2.04': {
    title:
      'Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement',
  },
  '2.05': { title: 'Costs Associated with Exit or Disposal Activities', short: 'Exit or disposal costs (restructuring)' },
  '2.06': { title: 'Material Impairments', short: 'Material impairments' },
  '3.01': {
    title: 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing',
    short: 'Delisting notice',
  },
  '3.02': { title: 'Unregistered Sales of Equity Securities' },
  '3.03': { title: 'Material Modification to Rights of Security Holders' },
  '4.01': { title: "Changes in Registrant's Certifying Accountant" },
  '4.02': { title: 'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review' },
  '5.01': { title: 'Changes in Control of Registrant', short: 'Change in control' },
  '5.02': {
    title:
      'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers',
    short: 'Departure or appointment of directors or officers',
  },
  '5.03': { title: 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year', short: 'Amendments to articles or bylaws' },
  '5.04': { title: "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans" },
  '5.05': { title: "Amendment to Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics" },
  '5.06': { title: 'Change in Shell Company Status' },
  '5.07': { title: 'Submission of Matters to a Vote of Security Holders', short: 'Shareholder vote results' },
  '5.08': { title: 'Shareholder Director Nominations' },
  '7.01': { title: 'Regulation FD Disclosure', short: 'Regulation FD disclosure' },
  '8.01': { title: 'Other Events', short: 'Other events' },
  '9.01': { title: 'Financial Statements and Exhibits' },
};
