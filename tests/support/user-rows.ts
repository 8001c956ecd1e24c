// What is left of a user in the database: every column that holds a user id (named user_id, or a
// foreign key to users) read from information_schema, so a table added later is covered without
// being named here. Used wherever an account is deleted (the operator console, the user's own delete).

/** Runs one statement and gives its rows (pg's pool.query(...).rows, or the e2e's sql). */
type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The user-id columns of the public schema. A healthy schema has at least 18 (the test says so). */
export async function userIdColumns(query: Query): Promise<{ table_name: string; column_name: string }[]> {
  return (await query(`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
     WHERE c.table_schema = 'public' AND c.column_name = 'user_id'
    UNION
    SELECT kcu.table_name, kcu.column_name
      FROM information_schema.referential_constraints rc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
     WHERE ccu.table_name = 'users' AND kcu.table_schema = 'public'`)) as { table_name: string; column_name: string }[];
}

/** 'table.column' for every user-id column with a row of `userId`; [] when nothing is left. */
export async function userRowsLeft(query: Query, userId: string): Promise<string[]> {
  const left: string[] = [];
  for (const { table_name, column_name } of await userIdColumns(query)) {
    const rows = await query(`SELECT 1 FROM "${table_name}" WHERE "${column_name}"::text = $1 LIMIT 1`, [userId]);
    if (rows.length > 0) left.push(`${table_name}.${column_name}`);
  }
  return left;
}
