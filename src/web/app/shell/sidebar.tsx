import {
  Bot,
  Building,
  CalendarClock,
  ChartLine,
  CircleHelp,
  FileSearch,
  House,
  Library,
  LifeBuoy,
  LogOut,
  type LucideIcon,
  Mail,
  Newspaper,
  PenLine,
  TrendingUp,
  UserRound,
} from 'lucide-react';
import { type FocusEvent, useId, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { BRAND, SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';
import { resetNavigationGuide } from '../../lib/navigation-guide.ts';
import { displayName, initials, useSession, useSignOut } from '../../lib/session.ts';

type NavItem = { label: string; to: string; icon: LucideIcon };
type NavGroup = { title: string; items: NavItem[] };

const topItems: NavItem[] = [
  { label: 'Home', to: '/homepage', icon: House },
  { label: 'Profile', to: '/profile', icon: UserRound },
];

const groups: NavGroup[] = [
  {
    title: 'Sonar OS',
    items: [
      { label: 'News Alerts', to: '/sonar-os/news', icon: Newspaper },
      { label: 'Newsletter Alerts', to: '/sonar-os/newsletter', icon: Mail },
      { label: 'Earnings Alerts', to: '/sonar-os/earnings', icon: CalendarClock },
    ],
  },
  {
    title: 'Aurora OS',
    items: [
      { label: 'Company Research', to: '/aurora-os/company-news', icon: Building },
      { label: 'Trend Scanner', to: '/aurora-os/trends', icon: TrendingUp },
      { label: 'Earnings Analysis', to: '/aurora-os/earnings', icon: ChartLine },
    ],
  },
  {
    title: 'LinkedIn OS',
    items: [
      { label: 'Content Creation', to: '/content-os', icon: PenLine },
      { label: 'Resource Library', to: '/client-portal', icon: Library },
      { label: 'Wolfebot Assistant', to: '/wolfebot', icon: Bot },
    ],
  },
  {
    title: 'Prospect OS',
    items: [{ label: 'Account Intelligence Report', to: '/air', icon: FileSearch }],
  },
  {
    title: 'Support',
    items: [{ label: 'Success Center', to: '/success-center', icon: LifeBuoy }],
  },
];

/** Keyboard focus expands the sidebar; a mouse click does not, so it still collapses when the mouse leaves. */
function isKeyboardFocus(target: EventTarget): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return true;
  }
}

function SidebarLink({ item, expanded }: { item: NavItem; expanded: boolean }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      title={expanded ? undefined : item.label}
      className={({ isActive }) =>
        cn(
          'flex h-9 items-center gap-3 rounded-lg px-[12px] text-sm whitespace-nowrap transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
          isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      <Icon aria-hidden="true" className="h-[18px] w-[18px] shrink-0" />
      <span className={cn('truncate', !expanded && 'sr-only')}>{item.label}</span>
    </NavLink>
  );
}

function SidebarGroup({ group, expanded }: { group: NavGroup; expanded: boolean }) {
  const headingId = useId();
  return (
    <li className="mt-3">
      {/* The heading row has one height in both states, so expanding on hover never moves the links
          under the pointer. Collapsed, a rule marks the group and its name stays for screen readers. */}
      <div className="flex h-5 items-center px-[12px]">
        <p
          id={headingId}
          className={cn('text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase', !expanded && 'sr-only')}
        >
          {group.title}
        </p>
        {!expanded && <div aria-hidden="true" className="h-px w-full bg-slate-200" />}
      </div>
      <ul aria-labelledby={headingId} className="flex flex-col gap-0.5">
        {group.items.map((item) => (
          <li key={item.to}>
            <SidebarLink item={item} expanded={expanded} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function SidebarFooter({ expanded }: { expanded: boolean }) {
  const { data: profile, isPending } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      navigate('/login');
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="flex flex-col gap-1 border-t border-slate-200 p-2">
      {isPending ? (
        <div className="flex h-12 items-center gap-3 px-[6px]">
          <span className="sr-only">Loading your profile</span>
          <span aria-hidden="true" className="h-8 w-8 shrink-0 animate-pulse rounded-full bg-slate-200" />
          {expanded && (
            <span aria-hidden="true" className="flex min-w-0 flex-1 flex-col gap-1.5">
              <span className="h-3 w-24 animate-pulse rounded bg-slate-200" />
              <span className="h-2.5 w-32 animate-pulse rounded bg-slate-200" />
            </span>
          )}
        </div>
      ) : (
        <Link
          to="/profile"
          title={expanded ? undefined : displayName(profile)}
          className="flex h-12 items-center gap-3 rounded-lg px-[6px] hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
        >
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
          >
            {initials(profile)}
          </span>
          <span className={cn('flex min-w-0 flex-col', !expanded && 'sr-only')}>
            <span className="truncate text-sm font-semibold text-slate-900">{displayName(profile)}</span>
            {profile?.email && <span className="truncate text-xs text-slate-600">{profile.email}</span>}
          </span>
        </Link>
      )}
      <button type="button" onClick={resetNavigationGuide} title={expanded ? undefined : 'Reset Guide'} className={FOOTER_BUTTON}>
        <CircleHelp aria-hidden="true" className="h-[18px] w-[18px] shrink-0" />
        <span className={cn(!expanded && 'sr-only')}>Reset Guide</span>
      </button>
      <button
        type="button"
        onClick={handleSignOut}
        disabled={signingOut}
        aria-busy={signingOut || undefined}
        title={expanded ? undefined : 'Sign out'}
        className={FOOTER_BUTTON}
      >
        <LogOut aria-hidden="true" className="h-[18px] w-[18px] shrink-0" />
        <span className={cn(!expanded && 'sr-only')}>Sign out</span>
      </button>
    </div>
  );
}

/** Collapsed icon rail that widens over the page content while hovered or keyboard-focused. */
/** The footer's action buttons (Reset Guide, Sign out). */
const FOOTER_BUTTON = cn(
  'flex h-9 items-center gap-3 rounded-lg px-[12px] text-sm whitespace-nowrap text-slate-700 transition-colors',
  'hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-60',
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
);

export function Sidebar() {
  const [hovered, setHovered] = useState(false);
  const [keyboardFocused, setKeyboardFocused] = useState(false);
  const expanded = hovered || keyboardFocused;

  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    if (isKeyboardFocus(event.target)) setKeyboardFocused(true);
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardFocused(false);
  };

  return (
    <aside
      aria-label="Sidebar"
      data-expanded={expanded}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={handleFocus}
      onBlur={handleBlur}
      style={{ width: expanded ? SIDEBAR_EXPANDED_PX : SIDEBAR_COLLAPSED_PX }}
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex flex-col overflow-hidden border-r border-slate-200 bg-white transition-[width] duration-200 ease-out',
        expanded && 'shadow-xl',
      )}
    >
      <div className="flex h-14 shrink-0 items-center gap-3 px-[14px]">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-black text-white"
        >
          E
        </span>
        <span className={cn('text-sm font-bold whitespace-nowrap text-brand-900', !expanded && 'sr-only')}>{BRAND}</span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-x-hidden overflow-y-auto px-2 pb-3">
        <ul className="flex flex-col gap-0.5">
          {topItems.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} expanded={expanded} />
            </li>
          ))}
          {groups.map((group) => (
            <SidebarGroup key={group.title} group={group} expanded={expanded} />
          ))}
        </ul>
      </nav>
      <SidebarFooter expanded={expanded} />
    </aside>
  );
}
