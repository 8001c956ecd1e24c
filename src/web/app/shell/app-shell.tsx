import { Outlet } from 'react-router';
import { SIDEBAR_COLLAPSED_PX } from '../../../shared/constants.ts';
import { useLiveUpdates } from '../../lib/live-stream.ts';
import { useToaster } from '../../lib/use-toaster.ts';
import { SearchBox } from './search-box.tsx';
import { Sidebar } from './sidebar.tsx';
import { WelcomeDialog } from './welcome-dialog.tsx';

/** Layout of every signed-in page: fixed sidebar, the library's search box, then the page in a centred, padded container. */
export function AppShell() {
  useLiveUpdates();
  // The signed-in screens call sonner themselves: its Toaster comes once the shell has painted.
  useToaster();
  return (
    <div className="min-h-screen bg-[radial-gradient(circle_at_top,_#eef4ff,_#ffffff_60%)]">
      <Sidebar />
      {/* Only the collapsed width is reserved: the expanded sidebar (hover, focus or its menu button) overlays the content. */}
      <div style={{ paddingLeft: SIDEBAR_COLLAPSED_PX }}>
        <header className="mx-auto flex w-full max-w-6xl justify-end px-4 pt-4 sm:px-6 lg:px-8">
          <SearchBox />
        </header>
        <main className="min-h-screen">
          <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-8 sm:px-6 lg:px-8">
            <Outlet />
          </div>
        </main>
      </div>
      <WelcomeDialog />
    </div>
  );
}
