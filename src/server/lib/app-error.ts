// The one error type a request can end with. It carries a code, never an HTTP status: any layer may
// throw it (a source that is down, the AI runner, a feature's rule), and only the HTTP edge
// (http/errors.ts) turns the code into a status.
import type { AppErrorCode } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';

type AppErrorDetails = {
  /** The toast's title on screens that show one for this refusal. */
  title?: string;
  /** Field → message, for forms that mark the fields they refuse. */
  fields?: Record<string, string>;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly title?: string;
  readonly fields?: Record<string, string>;
  constructor(code: AppErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.code = code;
    this.title = details.title;
    this.fields = details.fields;
  }

  /** The same refusal, told under the screen's own toast title. */
  titled(title: string) {
    return new AppError(this.code, this.message, { title, fields: this.fields });
  }
}

export const unauthorized = () => new AppError('unauthorized', messages.auth.required, { title: messages.auth.requiredTitle });
