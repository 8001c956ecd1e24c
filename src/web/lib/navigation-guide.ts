// The navigation guide's local flag (spec 01 §3, spec 02 §2): the shell shows the guide until it
// is marked viewed; any screen (the sidebar, the content screen) can reopen it.
/** Local flag recording that the navigation guide was viewed (spec 01 §3). */
export const NAVIGATION_GUIDE_KEY = 'navigationGuideViewed';

/** Lets a reset from anywhere reopen the guide in the mounted dialog without a reload. */
export const RESET_EVENT = 'navigation-guide-reset';

export function guideViewed(): boolean {
  try {
    return localStorage.getItem(NAVIGATION_GUIDE_KEY) === 'true';
  } catch {
    // Storage can be blocked (private mode, policies); never trap the user in the dialog then.
    return true;
  }
}

export function markGuideViewed() {
  try {
    localStorage.setItem(NAVIGATION_GUIDE_KEY, 'true');
  } catch {
    // Without storage the guide simply shows again next visit.
  }
}

/** Forgets that the guide was viewed and shows it again. */
export function resetNavigationGuide() {
  try {
    localStorage.removeItem(NAVIGATION_GUIDE_KEY);
  } catch {
    // Still reopen the guide for this visit.
  }
  window.dispatchEvent(new Event(RESET_EVENT));
}
