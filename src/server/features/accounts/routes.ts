import { Hono } from 'hono';
import { z } from 'zod';
import { newPasswordSchema, registrationSchema } from '../../../shared/schemas.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { register, setPasswordFromToken, userForPasswordToken } from './service.ts';

const setPasswordSchema = z.intersection(newPasswordSchema, z.object({ token: z.string().min(1), purpose: z.enum(['invite', 'reset']) }));

export function accountRoutes(db: Database, auth: Auth) {
  return (
    new Hono()
      .post('/registration', async (c) => {
        await register(db, auth, await parseJson(c, registrationSchema));
        return c.json({ ok: true }, 201);
      })
      // POST with the token in the body: a token in a path or query string ends up in access logs.
      .post('/password-links/check', async (c) => {
        const { token } = await parseJson(c, z.object({ token: z.string().min(1).max(200) }));
        return c.json({ valid: Boolean(await userForPasswordToken(db, token)) });
      })
      .post('/password-links', async (c) => {
        const input = await parseJson(c, setPasswordSchema);
        const signedIn = await setPasswordFromToken(db, auth, input.token, input.password, input.purpose === 'invite');
        const res = c.json({ ok: true, signedIn: Boolean(signedIn?.ok) });
        for (const cookie of signedIn?.headers.getSetCookie() ?? []) res.headers.append('set-cookie', cookie);
        return res;
      })
  );
}
