// The content screen's toasts. Every one lasts CONTENT_TOAST_MS (spec 02 §9 "Content toast duration
// 1500 ms"); going through here, none can forget it.
import { toast } from 'sonner';
import { CONTENT_TOAST_MS } from '../../../shared/content.ts';
import type { StatsNotice } from './stats-retry.ts';

export const say = {
  success: (title: string, description?: string) => toast.success(title, { description, duration: CONTENT_TOAST_MS }),
  info: (title: string, description?: string) => toast.info(title, { description, duration: CONTENT_TOAST_MS }),
  error: (title: string, description?: string) => toast.error(title, { description, duration: CONTENT_TOAST_MS }),
};

/** A notice of the stats retry (stats-retry.ts) as its toast. */
export const notify = ({ kind, title, description }: StatsNotice) => say[kind](title, description);
