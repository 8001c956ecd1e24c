import { ChevronDown, Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  NEWSLETTER_COMPANY_NAME_MAX_LENGTH,
  NEWSLETTER_KEYWORDS_MAX_LENGTH,
  type NewsletterFormValues,
  newsletterMessages,
  PORTFOLIO_LIMIT,
} from '../../../shared/newsletter.ts';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { cn } from '../../lib/cn.ts';
import { addCompany, COLLAPSED_COMPANY_ROWS, canAddCompany, changeCompany, moreCompaniesText, removeCompany } from './form-state.ts';

type Portfolio = NewsletterFormValues['portfolio'];
type Props = { portfolio: Portfolio; onChange: (portfolio: Portfolio) => void; errors: Record<string, string> };

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500';

/**
 * The company watchlist (spec 02 §2, §5, §9): name and comma-separated keywords per row, at most
 * 25 rows, collapsed to two rows until the arrow expands it.
 */
export function CompanyWatchlist({ portfolio, onChange, errors }: Props) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const collapsible = portfolio.length > COLLAPSED_COMPANY_ROWS;
  const shown = expanded || !collapsible ? portfolio : portfolio.slice(0, COLLAPSED_COMPANY_ROWS);
  const hidden = portfolio.length - shown.length;
  const full = !canAddCompany(portfolio);
  const listError = errors.portfolio;

  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(`${id}-name-${focusRow}`)?.focus();
    setFocusRow(null);
  }, [focusRow, id]);

  function add() {
    // At the limit the button stays focusable (aria-disabled) so activating it can say why nothing happens.
    if (full) {
      toast.error(newsletterMessages.limitTitle, { description: newsletterMessages.limit });
      return;
    }
    onChange(addCompany(portfolio));
    setExpanded(true);
    setFocusRow(portfolio.length);
  }

  return (
    <fieldset aria-describedby={`${id}-hint`} className="relative space-y-3">
      <legend className="text-sm font-medium text-slate-800">
        Company watchlist
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
        <span className="ml-2 font-normal text-slate-600">
          ({portfolio.length} of {PORTFOLIO_LIMIT})
        </span>
      </legend>
      {collapsible && (
        <IconButton
          size="md"
          aria-expanded={expanded}
          aria-controls={`${id}-rows`}
          aria-label={expanded ? 'Collapse company list' : 'Expand company list'}
          onClick={() => setExpanded(!expanded)}
          className="absolute top-0 right-0"
        >
          <ChevronDown aria-hidden="true" className={cn('h-5 w-5 transition', expanded && 'rotate-180')} />
        </IconButton>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Keywords are optional: separate them with commas. 6 to 8 keywords per company improve results.
      </p>
      <ul id={`${id}-rows`} className="space-y-2">
        {shown.map((company, index) => (
          // Rows have no identity of their own; their inputs are controlled, so the index is a safe key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="grid grid-cols-[1fr_1.5fr_auto] items-start gap-2">
            <input
              id={`${id}-name-${index}`}
              aria-label={`Company ${index + 1} name`}
              placeholder="Company name"
              value={company.companyName}
              maxLength={NEWSLETTER_COMPANY_NAME_MAX_LENGTH}
              aria-invalid={errors[`portfolio.${index}.companyName`] ? true : undefined}
              onChange={(e) => onChange(changeCompany(portfolio, index, { companyName: e.target.value }))}
              className={inputClass}
            />
            <input
              aria-label={`Company ${index + 1} keywords`}
              placeholder="Keywords (comma separated)"
              value={company.keywords}
              maxLength={NEWSLETTER_KEYWORDS_MAX_LENGTH}
              aria-invalid={errors[`portfolio.${index}.keywords`] ? true : undefined}
              onChange={(e) => onChange(changeCompany(portfolio, index, { keywords: e.target.value }))}
              className={inputClass}
            />
            <IconButton
              variant="danger"
              size="md"
              aria-label={`Remove company ${index + 1}`}
              onClick={() => onChange(removeCompany(portfolio, index))}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </IconButton>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <p className="font-medium text-slate-800">{moreCompaniesText(hidden)}</p>
          <p className="text-xs text-slate-600">expand list by clicking arrow above</p>
        </div>
      )}
      {listError && (
        <p role="alert" className="text-xs text-red-700">
          {listError}
        </p>
      )}
      <Button variant="secondary" aria-disabled={full || undefined} onClick={add} className={cn(full && 'cursor-not-allowed opacity-60')}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Company
      </Button>
    </fieldset>
  );
}
