import { useEffect } from 'react';
import { toast } from 'sonner';
import { newsletterMessages } from '../../../shared/newsletter.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useNewsletter } from './newsletter-api.ts';
import { NewsletterForm } from './newsletter-form.tsx';

/** /sonar-os/newsletter: the user's one portfolio and industry newsletter (spec 02 §2). */
export function NewsletterPage() {
  const { data, isError, refetch, isRefetching } = useNewsletter();
  const failed = isError && !data;

  useEffect(() => {
    if (failed) toast.error(newsletterMessages.loadError, { description: newsletterMessages.loadErrorDescription });
  }, [failed]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Portfolio &amp; Industry Newsletter</h1>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold tracking-wide text-brand-700">WEEKLY DIGEST</span>
      </div>
      {failed ? (
        <LoadError message={newsletterMessages.loadError} retrying={isRefetching} onRetry={() => refetch()} />
      ) : data ? (
        <NewsletterForm data={data} />
      ) : (
        <Spinner label="Loading newsletter" />
      )}
    </div>
  );
}
