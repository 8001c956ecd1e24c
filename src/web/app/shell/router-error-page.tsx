import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../../components/ui/button.tsx';

export function RouterErrorPage() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold">{messages.errors.routerDefault}</h1>
      {detail && <p className="text-slate-600">{detail}</p>}
      <Button variant="secondary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
