import { messages } from '../../../shared/messages.ts';
import { LoadError } from '../../components/load-error.tsx';

/** The profile could not be read (the server, not the session, failed): say so and offer a retry. */
export function ProfileLoadError({ title, retrying, onRetry }: { title: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <LoadError className="mt-6" message={messages.profile.loadError} retrying={retrying} onRetry={onRetry} />
    </div>
  );
}
