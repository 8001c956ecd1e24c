// The landing page's three icons, lucide's own drawings (lucide-react's Sparkles, LogIn and
// ExternalLink) as plain SVG: lucide-react's icon-building code was about a fiftieth of the landing
// and sign-in pages' JavaScript, for three icons (issue 27). The other screens use lucide-react.
import type { ReactNode } from 'react';

function LucideIcon({ name, className, children }: { name: string; className: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name} ${className}`}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export const SparklesIcon = ({ className }: { className: string }) => (
  <LucideIcon name="sparkles" className={className}>
    <path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z" />
    <path d="M20 2v4" />
    <path d="M22 4h-4" />
    <circle cx="4" cy="20" r="2" />
  </LucideIcon>
);

export const LogInIcon = ({ className }: { className: string }) => (
  <LucideIcon name="log-in" className={className}>
    <path d="m10 17 5-5-5-5" />
    <path d="M15 12H3" />
    <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
  </LucideIcon>
);

export const ExternalLinkIcon = ({ className }: { className: string }) => (
  <LucideIcon name="external-link" className={className}>
    <path d="M15 3h6v6" />
    <path d="M10 14 21 3" />
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </LucideIcon>
);
