// A passkey's name as the profile's form checks it and the server checks it again (server/auth/passkeys.ts).
import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from './passkeys.ts';

/** The name the user types (trimmed); empty is allowed on adding (the maker's name is shown then). */
export const passkeyNameSchema = z.string().trim().max(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong);
export const passkeyRenameSchema = z.object({
  id: z.string().trim().min(1).max(200),
  name: passkeyNameSchema.min(1, passkeyMessages.nameRequired),
});
