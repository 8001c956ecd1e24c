import { Link } from 'react-router';
import { BRAND, VERSION_LABEL } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';

const LINKS = [
  { to: '/hello', label: 'About' },
  { to: '/tos', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
];

/** The footer of the public pages: brand, version and the links to the other public pages. */
export function PublicFooter({ className, except }: { className?: string; except?: string }) {
  return (
    <footer
      className={cn(
        'mx-auto flex w-full flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6',
        className,
      )}
    >
      <p>
        {BRAND} {VERSION_LABEL}
      </p>
      <nav aria-label="Footer">
        <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
          {LINKS.filter((link) => link.to !== except).map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="underline-offset-4 hover:text-slate-900 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
