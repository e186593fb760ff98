import type { SelfAssessment, SelfAssessmentInput } from '@myprosper/contract/assessment';
import { messages } from '@myprosper/contract/messages';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AssessmentRepository, type SelfAssessmentRow } from './assessment.repository.ts';

/** The advisee's self assessment: written by themself, read by them, admins and their mentors. */
export class AssessmentService {
  constructor(private readonly db: Db) {}

  async submit(caller: CurrentUser, input: SelfAssessmentInput): Promise<SelfAssessment> {
    if (input.adviseeId !== caller.id) throw forbidden(messages.forbidden);
    return toView(await new AssessmentRepository(this.db).insert(input));
  }

  /** The newest answers, or null; for the advisee, admins, and mentors with a session the advisee booked or accepted. */
  async latest(caller: CurrentUser, adviseeId: number): Promise<SelfAssessment | null> {
    const repository = new AssessmentRepository(this.db);
    const mayRead =
      caller.id === adviseeId ||
      caller.role === 'ADMIN' ||
      (caller.role === 'ADVISOR' && (await repository.hasSessionTogether(caller.id, adviseeId)));
    if (!mayRead) throw forbidden(messages.forbidden);
    const row = await repository.findLatest(adviseeId);
    return row ? toView(row) : null;
  }
}

function toView(row: SelfAssessmentRow): SelfAssessment {
  return {
    id: row.id,
    adviseeId: row.adviseeId,
    strugglingWith: row.strugglingWith,
    strugglingWithThisArea: row.strugglingWithThisArea,
    howHaveYouAddresses: row.howHaveYouAddressed,
    additionalInformation: row.additionalInformation,
    submittedAt: row.createdAt.toISOString(),
  };
}
