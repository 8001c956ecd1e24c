// The Resource Library (spec 02 §2): the external client portal, full screen, in an iframe.
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';

function PortalFrame() {
  const { data: config, isPending, isError } = usePublicConfig();
  if (isPending) return <Spinner label="Loading the Resource Library" />;
  if (isError) {
    return (
      <p role="alert" className="mx-auto max-w-xl p-8 text-center text-slate-700">
        The Resource Library could not be loaded. Reload the page to try again.
      </p>
    );
  }
  if (!config.clientPortalUrl) {
    return (
      <p role="status" className="mx-auto max-w-xl p-8 text-center text-slate-700">
        The Resource Library is not configured. An operator sets CLIENT_PORTAL_URL to the client portal's address.
      </p>
    );
  }
  return (
    <iframe
      title="Resource Library"
      src={config.clientPortalUrl}
      // The portal may run its own app and open links in new tabs, but never navigate this tab away
      // (no allow-top-navigation) nor learn which page of ours embeds it beyond our origin.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
      referrerPolicy="strict-origin"
      className="h-full w-full border-0"
    />
  );
}

/** For portals that refuse to be framed (X-Frame-Options, frame-ancestors): the same page, full tab. */
function OpenInNewTab() {
  const { data: config } = usePublicConfig();
  if (!config?.clientPortalUrl) return null;
  return (
    <a
      href={config.clientPortalUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="ml-auto inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      Open in a new tab
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
    </a>
  );
}

/** /client-portal: signed-in users only (the router's ProtectedRoute), full screen without the shell. */
export function ResourceLibraryPage() {
  return (
    <div className="flex h-screen flex-col bg-white">
      <header className="flex h-12 shrink-0 items-center gap-4 border-b border-slate-200 px-4">
        <Link
          to="/homepage"
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to dashboard
        </Link>
        <h1 className="text-base font-semibold text-slate-900">Resource Library</h1>
        <OpenInNewTab />
      </header>
      <main className="min-h-0 flex-1">
        <PortalFrame />
      </main>
    </div>
  );
}
