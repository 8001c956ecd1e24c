import { PanelLeftOpen, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { guideViewed, markGuideViewed, RESET_EVENT, resetNavigationGuide } from '../../lib/navigation-guide.ts';

/** Paths where the guide waits: the one-time profile form comes first. */
const NOT_HERE = new Set(['/profile-completion']);

export function WelcomeDialog() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => !guideViewed());

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(RESET_EVENT, show);
    return () => window.removeEventListener(RESET_EVENT, show);
  }, []);

  return (
    <Dialog.Root open={open && !NOT_HERE.has(pathname)} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <div className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700"
            >
              <PanelLeftOpen className="h-5 w-5" />
            </span>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-bold text-slate-900">Menu Buttons Have Moved!</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-slate-700">
                All the menu buttons now live in the sidebar on the left of the screen.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close"
                className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </Dialog.Close>
          </div>
          <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
            <li>Hover over the sidebar to expand it and see the name of every page.</li>
            <li>It auto-collapses when your mouse leaves, so your page keeps its full width.</li>
            <li>On a touch screen, tap the menu button at the top of the sidebar to open it, and tap outside it to close it.</li>
            <li>Pages are grouped by module: Sonar OS, Aurora OS, LinkedIn OS, Prospect OS and Support.</li>
          </ul>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={resetNavigationGuide}>
              Reset Guide
            </Button>
            <Dialog.Close asChild>
              <Button onClick={markGuideViewed}>Got it!</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
