import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

type Props = { message: string; description?: string; retrying: boolean; onRetry: () => void; className?: string };

/** A screen's data could not be loaded: say so in the spec's words and offer a retry. */
export function LoadError({ message, description = 'Please try again later.', retrying, onRetry, className }: Props) {
  return (
    <Card className={className}>
      <p role="alert" className="text-slate-800">
        {message}. {description}
      </p>
      <Button className="mt-4" variant="secondary" busy={retrying} onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
