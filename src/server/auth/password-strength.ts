// Weak and common passwords are refused with reasons (spec 01 §5: the auth service "reports a
// weak-password error with reasons"), estimated offline by zxcvbn-ts with its common and English
// dictionaries: no network at sign-up. Levenshtein matching is off: it costs ~240 ms a check for
// little (l33t substitutions are caught without it). Its cost grows with the length (about 0.3 s
// at 128 characters, over a second at 256, all of it on the event loop), so only a prefix is
// estimated: a password whose first STRENGTH_PREFIX characters are hard to guess is hard to guess.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../lib/app-error.ts';

/** zxcvbn's score 2: "somewhat guessable", about 10^6–10^8 guesses; below that is refused. */
const MIN_PASSWORD_SCORE = 2;

/** Characters estimated: tens of milliseconds at most, and far past what score 2 needs. */
export const STRENGTH_PREFIX = 32;

let estimator: ZxcvbnFactory | undefined;
const estimate = (password: string, userInputs: string[]) => {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator.check(password, userInputs);
};

/** Why the password is too easy to guess, or null when it is strong enough. `userInputs`: the user's e-mail and names. */
export function weakPasswordReasons(password: string, userInputs: string[] = []): string | null {
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/)]).filter((part) => part.length >= 3);
  const { score, feedback } = estimate(Array.from(password).slice(0, STRENGTH_PREFIX).join(''), inputs);
  if (score >= MIN_PASSWORD_SCORE) return null;
  const reasons = [feedback.warning, ...feedback.suggestions].filter((line): line is string => Boolean(line));
  return [messages.passwords.weak, ...reasons].join(' ');
}

/** Refuses (400 weak_password, with the reasons) a password that is too easy to guess. */
export function assertStrongPassword(password: string, userInputs: string[] = []) {
  const reasons = weakPasswordReasons(password, userInputs);
  if (reasons) throw new AppError('weak_password', reasons, { title: messages.passwords.weakTitle, fields: { password: reasons } });
}
