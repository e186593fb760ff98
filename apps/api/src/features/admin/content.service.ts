import {
  type AdminFaq,
  type AdminTestimonial,
  adminCatalogueMessages,
} from '@myprosper/contract/admin-catalogue';
import type { UserType } from '@myprosper/contract/common';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { AdminContentRepository, type FaqValues, type TestimonialValues } from './content.repository.ts';

/** Whether `ids` is exactly `current` in some order. */
export function isPermutation(ids: readonly number[], current: readonly number[]): boolean {
  return (
    ids.length === current.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => current.includes(id))
  );
}

/** FAQs by user type and testimonials: create, edit, order, hide (isActive false). Every change audited. */
export class AdminContentService {
  constructor(private readonly db: Db) {}

  listFaqs(): Promise<AdminFaq[]> {
    return new AdminContentRepository(this.db).listFaqs();
  }

  createFaq(admin: CurrentUser, values: FaqValues): Promise<AdminFaq> {
    return this.db.transaction(async (tx) => {
      const row = await new AdminContentRepository(tx).insertFaq(values);
      await audit(tx, admin, 'CREATE_FAQ', 'faq', row.id, null, row);
      return row;
    });
  }

  updateFaq(admin: CurrentUser, id: number, values: FaqValues): Promise<AdminFaq> {
    return this.db.transaction(async (tx) => {
      const repository = new AdminContentRepository(tx);
      const before = await repository.lockFaq(id);
      if (!before) throw notFound(adminCatalogueMessages.faqNotFound);
      const after =
        before.userType === values.userType
          ? await repository.updateFaq(id, values)
          : await this.moveFaq(repository, id, values);
      await audit(tx, admin, 'UPDATE_FAQ', 'faq', id, before, after);
      return after;
    });
  }

  /** A FAQ moved to the other user type goes last there. */
  private async moveFaq(repository: AdminContentRepository, id: number, values: FaqValues) {
    const order = await repository.lockFaqOrder(values.userType);
    await repository.updateFaq(id, values);
    await repository.setFaqPosition(id, values.userType, order.length);
    return (await repository.lockFaq(id))!;
  }

  async orderFaqs(admin: CurrentUser, userType: UserType, ids: readonly number[]): Promise<AdminFaq[]> {
    await this.db.transaction(async (tx) => {
      const repository = new AdminContentRepository(tx);
      const current = await repository.lockFaqOrder(userType);
      if (!isPermutation(ids, current)) throw invalid(adminCatalogueMessages.orderMismatch);
      for (const [position, id] of ids.entries()) await repository.setFaqPosition(id, userType, position);
      await audit(tx, admin, 'ORDER_FAQS', 'faq', null, { userType, ids: current }, { userType, ids });
    });
    return this.listFaqs();
  }

  listTestimonials(): Promise<AdminTestimonial[]> {
    return new AdminContentRepository(this.db).listTestimonials();
  }

  createTestimonial(admin: CurrentUser, values: TestimonialValues): Promise<AdminTestimonial> {
    return this.db.transaction(async (tx) => {
      const row = await new AdminContentRepository(tx).insertTestimonial(values);
      await audit(tx, admin, 'CREATE_TESTIMONIAL', 'testimonial', row.id, null, row);
      return row;
    });
  }

  updateTestimonial(admin: CurrentUser, id: number, values: TestimonialValues): Promise<AdminTestimonial> {
    return this.db.transaction(async (tx) => {
      const repository = new AdminContentRepository(tx);
      const before = await repository.lockTestimonial(id);
      if (!before) throw notFound(adminCatalogueMessages.testimonialNotFound);
      const after = await repository.updateTestimonial(id, values);
      await audit(tx, admin, 'UPDATE_TESTIMONIAL', 'testimonial', id, before, after);
      return after;
    });
  }

  async orderTestimonials(admin: CurrentUser, ids: readonly number[]): Promise<AdminTestimonial[]> {
    await this.db.transaction(async (tx) => {
      const repository = new AdminContentRepository(tx);
      const current = await repository.lockTestimonialOrder();
      if (!isPermutation(ids, current)) throw invalid(adminCatalogueMessages.orderMismatch);
      for (const [position, id] of ids.entries()) await repository.setTestimonialOrder(id, position);
      await audit(tx, admin, 'ORDER_TESTIMONIALS', 'testimonial', null, { ids: current }, { ids });
    });
    return this.listTestimonials();
  }
}

async function audit(
  tx: DbOrTx,
  admin: CurrentUser,
  action: string,
  entity: string,
  entityId: number | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await new AuditLogRepository(tx).record({ actorId: admin.id, action, entity, entityId, before, after });
}
