// The audit log as the console shows it: newest first, a page at a time.
import { count, desc } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminPage, type AuditRow } from '../../../shared/admin.ts';
import type { Database } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema.ts';

export async function listAudit(db: Database, query: { page?: number }): Promise<AdminPage<AuditRow>> {
  const page = query.page ?? 1;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminAuditLog.id,
        operator: adminAuditLog.operatorLabel,
        action: adminAuditLog.action,
        subject: adminAuditLog.subject,
        detail: adminAuditLog.detail,
        createdAt: adminAuditLog.createdAt,
      })
      .from(adminAuditLog)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(adminAuditLog),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
