export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <output className="flex min-h-[40vh] items-center justify-center" aria-label={label}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
    </output>
  );
}
