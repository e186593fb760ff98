import type { Session } from '@myprosper/contract/sessions';
import type { Viewer } from '../lib/session-view.ts';
import { InvitationDialog } from './invitation-dialog.tsx';
import { PayActions } from './pay-actions.tsx';

/**
 * Places on the session page for work of other issues. The page shows each only when it applies.
 */

/**
 * The mentee's pay and checkout actions (M-PESA phone dialog, wallet checkout, 'Payment initiation
 * successful…'). Shown to mentees while their part is unpaid (`owesPayment`). Card and voucher come later.
 */
export function PaymentActionsSlot({ session, viewer }: { session: Session; viewer: Viewer }) {
  return <PayActions session={session} viewer={viewer} />;
}

/**
 * The invitation dialog for a group attendee who is not the host and whose invitation is PENDING
 * (`hasPendingInvitation`); accepting shows 'Session invitation accepted successfully' and reloads the session.
 */
export function InvitationDialogSlot({ session, viewer }: { session: Session; viewer: Viewer }) {
  return <InvitationDialog session={session} viewer={viewer} />;
}
