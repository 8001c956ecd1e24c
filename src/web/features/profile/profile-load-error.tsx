import { messages } from '../../../shared/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/** The profile could not be read (the server, not the session, failed): say so and offer a retry. */
export function ProfileLoadError({ title, retrying, onRetry }: { title: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <Card className="mt-6">
        <p role="alert" className="text-slate-800">
          {messages.profile.loadError}. Please try again later.
        </p>
        <Button className="mt-4" variant="secondary" busy={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Card>
    </div>
  );
}
