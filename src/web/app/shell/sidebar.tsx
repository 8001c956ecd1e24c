import {
  Bot,
  Building,
  CalendarClock,
  ChartLine,
  ChevronDown,
  CircleHelp,
  FileSearch,
  House,
  Library,
  LibraryBig,
  LifeBuoy,
  LogOut,
  type LucideIcon,
  Mail,
  Menu,
  Newspaper,
  PanelLeftClose,
  PenLine,
  ShieldCheck,
  TrendingUp,
  UserRound,
} from 'lucide-react';
import { type FocusEvent, type PointerEvent, type RefObject, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { BRAND, SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';
import { resetNavigationGuide } from '../../lib/navigation-guide.ts';
import { displayName, initials, useSession, useSignOut } from '../../lib/session.ts';

type NavItem = { label: string; to: string; icon: LucideIcon };
type NavGroup = { title: string; items: NavItem[] };

const topItems: NavItem[] = [
  { label: 'Home', to: '/homepage', icon: House },
  { label: 'Library', to: '/library', icon: LibraryBig },
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

/** For operators only (the profile says `operator: true`): the operator console (issue 28 §3). */
const operatorGroup: NavGroup = {
  title: 'Operator',
  items: [{ label: 'Operator console', to: '/admin', icon: ShieldCheck }],
};

/** Keyboard focus expands the sidebar; a mouse click does not, so it still collapses when the mouse leaves. */
function isKeyboardFocus(target: EventTarget): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return true;
  }
}

function SidebarLink({ item, expanded, onFollow }: { item: NavItem; expanded: boolean; onFollow: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      title={expanded ? undefined : item.label}
      onClick={onFollow}
      className={({ isActive }) =>
        cn(
          'flex h-8 items-center gap-3 rounded-lg px-[12px] text-sm whitespace-nowrap transition-colors',
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

function SidebarGroup({ group, expanded, onFollow }: { group: NavGroup; expanded: boolean; onFollow: () => void }) {
  const headingId = useId();
  return (
    // 6 px above each group (not 8): with the Library link the whole rail still fits a 1366×768 laptop screen.
    <li className="mt-1.5">
      {/* The heading row has one height in both states, so expanding on hover never moves the links
          under the pointer. Collapsed, a rule marks the group and its name stays for screen readers. */}
      <div className="flex h-4 items-center px-[12px]">
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
            <SidebarLink item={item} expanded={expanded} onFollow={onFollow} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function SidebarFooter({ expanded, onFollow }: { expanded: boolean; onFollow: () => void }) {
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
        <div className="flex h-10 items-center gap-3 px-[6px]">
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
          onClick={onFollow}
          className="flex h-10 items-center gap-3 rounded-lg px-[6px] hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
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

/** The footer's action buttons (Reset Guide, Sign out). */
const FOOTER_BUTTON = cn(
  'flex h-8 items-center gap-3 rounded-lg px-[12px] text-sm whitespace-nowrap text-slate-700 transition-colors',
  'hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-60',
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
);

/** Whether the element scrolls and is not at its end, kept up to date as it scrolls or resizes. */
function useMoreBelow(ref: RefObject<HTMLElement | null>): boolean {
  const [moreBelow, setMoreBelow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setMoreBelow(element.scrollHeight - element.scrollTop - element.clientHeight > 1);
    update();
    const resized = new ResizeObserver(update);
    resized.observe(element);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, [ref]);
  return moreBelow;
}

/**
 * What widens the rail: its menu button (`open`, the only way on a touch screen, which has no
 * hover), a mouse over it, or keyboard focus in it. Opened with the button, it stays open until a
 * tap or click outside it, Escape, the button again, or following one of its links.
 */
export type RailState = { open: boolean; hovered: boolean; keyboardFocused: boolean; hoverSuppressed: boolean };
export type RailEvent =
  | 'menu-button'
  | 'mouse-move'
  | 'mouse-leave'
  | 'keyboard-focus'
  /** Focus moved on to the rest of the page. */
  | 'focus-left'
  /** Focus went nowhere: the window lost it, or a click landed on nothing focusable. */
  | 'focus-lost'
  | 'link-followed'
  /** Escape, or a tap or click outside the opened rail. */
  | 'dismiss';

export const railCollapsed: RailState = { open: false, hovered: false, keyboardFocused: false, hoverSuppressed: false };

export const isRailExpanded = (state: RailState) => state.open || state.hovered || state.keyboardFocused;

/**
 * Reduced in order, so the menu button acts on the latest state even when a hover arrived just
 * before the click. Collapsing the rail under the mouse keeps it collapsed until the mouse leaves:
 * otherwise the next twitch of the mouse would widen it again.
 */
export function railReducer(state: RailState, event: RailEvent): RailState {
  switch (event) {
    case 'menu-button':
      return isRailExpanded(state) ? { ...railCollapsed, hoverSuppressed: state.hovered } : { ...state, open: true };
    case 'mouse-move':
      return state.hovered || state.hoverSuppressed ? state : { ...state, hovered: true };
    case 'mouse-leave':
      return { ...state, hovered: false, hoverSuppressed: false };
    case 'keyboard-focus':
      return state.keyboardFocused ? state : { ...state, keyboardFocused: true };
    case 'focus-left':
      return { ...state, open: false, keyboardFocused: false };
    case 'focus-lost':
      return { ...state, keyboardFocused: false };
    case 'link-followed':
      return { ...state, open: false };
    case 'dismiss':
      return { ...railCollapsed, hoverSuppressed: state.hovered };
  }
}

/** Collapsed icon rail that widens over the page content (see `railReducer` for when). */
export function Sidebar() {
  const [rail, dispatch] = useReducer(railReducer, railCollapsed);
  const { open } = rail;
  const expanded = isRailExpanded(rail);
  const navId = useId();
  const navRef = useRef<HTMLElement>(null);
  const moreBelow = useMoreBelow(navRef);
  const followLink = () => dispatch('link-followed');
  const operator = useSession().data?.operator === true;

  useEffect(() => {
    if (!expanded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) dispatch('dismiss');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [expanded]);

  // Only a mouse hovers: a touch or pen "enters" the rail with every tap. And only a real move
  // counts, not the enter the browser reports when the rail widens under a mouse left lying there.
  const handlePointerMove = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') dispatch('mouse-move');
  };
  const handlePointerLeave = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') dispatch('mouse-leave');
  };
  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    if (isKeyboardFocus(event.target)) dispatch('keyboard-focus');
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!event.currentTarget.contains(next)) dispatch(next ? 'focus-left' : 'focus-lost');
  };

  return (
    <>
      {open && (
        // Catches the tap or click outside the opened rail, so it closes the rail instead of landing
        // on whatever the rail covers. Keyboard users close it with Escape or the menu button.
        <div aria-hidden="true" onClick={() => dispatch('dismiss')} className="fixed inset-0 z-30 bg-slate-900/20" />
      )}
      <aside
        aria-label="Sidebar"
        data-expanded={expanded}
        onPointerMove={handlePointerMove}
        onPointerLeave={handlePointerLeave}
        onFocus={handleFocus}
        onBlur={handleBlur}
        style={{ width: expanded ? SIDEBAR_EXPANDED_PX : SIDEBAR_COLLAPSED_PX }}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex flex-col overflow-hidden border-r border-slate-200 bg-white transition-[width] duration-200 ease-out',
          expanded && 'shadow-xl',
        )}
      >
        <div className="flex h-12 shrink-0 items-center gap-2 px-2">
          <button
            type="button"
            aria-label="Menu"
            aria-expanded={expanded}
            aria-controls={navId}
            onClick={() => dispatch('menu-button')}
            className={cn(
              'flex h-9 w-11 shrink-0 items-center rounded-lg px-[12px] text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900',
              'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
            )}
          >
            {expanded ? (
              <PanelLeftClose aria-hidden="true" className="h-[18px] w-[18px] shrink-0" />
            ) : (
              <Menu aria-hidden="true" className="h-[18px] w-[18px] shrink-0" />
            )}
          </button>
          <span
            aria-hidden="true"
            className={cn(
              'flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-black text-white',
              !expanded && 'hidden',
            )}
          >
            E
          </span>
          <span className={cn('text-sm font-bold whitespace-nowrap text-brand-900', !expanded && 'sr-only')}>{BRAND}</span>
        </div>
        <div className="relative flex min-h-0 flex-1 flex-col">
          <nav
            id={navId}
            ref={navRef}
            aria-label="Main"
            className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-2 pb-2 [scrollbar-width:thin]"
          >
            <ul className="flex flex-col gap-0.5">
              {topItems.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} expanded={expanded} onFollow={followLink} />
                </li>
              ))}
              {(operator ? [...groups, operatorGroup] : groups).map((group) => (
                <SidebarGroup key={group.title} group={group} expanded={expanded} onFollow={followLink} />
              ))}
            </ul>
          </nav>
          {moreBelow && (
            // On a screen too short for every item, says plainly that the rail scrolls.
            <div
              aria-hidden="true"
              data-testid="sidebar-more-below"
              className="pointer-events-none absolute inset-x-0 bottom-0 flex h-12 items-end bg-linear-to-t from-white via-white/90 to-transparent pb-1 pl-[16px]"
            >
              <ChevronDown className="box-content h-[18px] w-[18px] rounded-full bg-brand-50 p-[3px] text-brand-700 ring-1 ring-brand-100 motion-safe:animate-bounce" />
            </div>
          )}
        </div>
        <SidebarFooter expanded={expanded} onFollow={followLink} />
      </aside>
    </>
  );
}
