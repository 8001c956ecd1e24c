import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/public-config.ts';

const linkClass = 'underline-offset-4 hover:text-slate-900 hover:underline';

/** The company's professional-network page (when configured), support and legal pages, the version. */
export function DashboardFooter() {
  const { data: config } = usePublicConfig();
  return (
    <footer className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 pt-6 text-sm text-slate-600 sm:flex-row">
      <nav aria-label="Dashboard footer">
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
          {config?.companyLinkedinUrl && (
            <li>
              <a href={config.companyLinkedinUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                LinkedIn
              </a>
            </li>
          )}
          <li>
            <Link to="/success-center" className={linkClass}>
              Success Center
            </Link>
          </li>
          <li>
            <Link to="/tos" className={linkClass}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy" className={linkClass}>
              Privacy Policy
            </Link>
          </li>
        </ul>
      </nav>
      {config && <p>{config.version}</p>}
    </footer>
  );
}
