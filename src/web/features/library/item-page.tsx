// /library/:id: one item of the library, read in the app as it was sent (issue 27 §1): the document,
// its sources with what could be read of them, how many statements were checked against them, and
// Delete. Someone else's item, or one deleted, is "not in your library" (the server answers 404 for
// both). Its own lazy chunk.
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type LibraryItem, libraryKindLabels, libraryMessages, statementCountLabel } from '../../../shared/library.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.tsx';
import { libraryItemKey, useDeleteLibraryItem, useLibraryItem } from './api.ts';
import { DocumentBlocks, SourceList } from './document-view.tsx';
import { formatItemDate, sourceCountLabel } from './format.ts';

export const DELETE_FAILED = 'Could not delete the item';

export function LibraryItemPage() {
  const { id = '' } = useParams();
  const { data, error, refetch, isRefetching } = useLibraryItem(id);

  if (isApiError(error, 'not_found')) {
    return (
      <Frame>
        <Card>
          <h1 className="text-xl font-bold text-slate-900">{libraryMessages.notFound}</h1>
          <p className="mt-2 text-sm text-slate-600">
            <Link to="/library" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
              See your library
            </Link>
          </p>
        </Card>
      </Frame>
    );
  }
  if (!data) {
    if (error) {
      return (
        <Frame>
          <h1 className="sr-only">{libraryMessages.title}</h1>
          <Card>
            <p role="alert" className="text-slate-800">
              {libraryMessages.loadError}
            </p>
            <Button className="mt-4" variant="secondary" busy={isRefetching} onClick={() => refetch()}>
              Try again
            </Button>
          </Card>
        </Frame>
      );
    }
    return (
      <Frame>
        <output aria-label="Loading the item" className="block space-y-6">
          <div className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
          <div className="h-72 animate-pulse rounded-2xl bg-slate-200/70" />
        </output>
      </Frame>
    );
  }
  return (
    <Frame>
      <ItemDetail item={data} />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <Link
        to="/library"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {libraryMessages.title}
      </Link>
      {children}
    </div>
  );
}

function ItemDetail({ item }: { item: LibraryItem }) {
  const { document } = item;
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700">{libraryKindLabels[item.kind] ?? item.kind}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900">{item.title}</h1>
          <p className="mt-2 text-sm break-words text-slate-600">
            {item.companies.length > 0 && `${item.companies.join(', ')} · `}
            <time dateTime={item.createdAt}>{formatItemDate(item.createdAt)}</time>
            {` · ${sourceCountLabel(item.sourceCount)}`}
          </p>
          {document.statements && <p className="mt-1 text-sm text-slate-600">{statementCountLabel(document.statements)}</p>}
        </div>
        <DeleteItem item={item} />
      </header>

      <Card>
        <article aria-label={item.title}>
          <DocumentBlocks blocks={document.blocks} />
        </article>
      </Card>

      <section aria-labelledby="library-sources-title">
        <Card>
          <h2 id="library-sources-title" className="text-lg font-semibold text-slate-900">
            Sources
          </h2>
          <div className="mt-3">
            {document.sources.length > 0 ? (
              <SourceList sources={document.sources} />
            ) : (
              <p className="text-sm text-slate-600">No sources.</p>
            )}
          </div>
        </Card>
      </section>
    </>
  );
}

function DeleteItem({ item }: { item: LibraryItem }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteLibraryItem(item.id);
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        setOpen(false);
        toast.success(libraryMessages.deleted);
        await navigate('/library');
        // Gone for good: Back to its address asks the server again (and shows it is not there).
        client.removeQueries({ queryKey: libraryItemKey(item.id), exact: true });
      },
      onError: (err) => {
        setOpen(false);
        toast.error(DELETE_FAILED, { description: err.message });
      },
    });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      variant="form"
      title="Delete from your library"
      description={libraryMessages.deleteConfirm}
      trigger={
        <Button variant="secondary">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
    >
      <div className="mt-6 flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button variant="danger" busy={remove.isPending} onClick={confirm}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
