import { PanelLeftOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
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
    <Dialog
      open={open && !NOT_HERE.has(pathname)}
      onOpenChange={setOpen}
      icon={<PanelLeftOpen className="h-5 w-5" />}
      title="Menu Buttons Have Moved!"
      description="All the menu buttons now live in the sidebar on the left of the screen."
    >
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
        <DialogClose asChild>
          <Button onClick={markGuideViewed}>Got it!</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
