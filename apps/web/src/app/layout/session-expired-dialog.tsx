import { messages } from '@myprosper/contract/messages';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';

const MessageDialog = lazy(async () => ({
  default: (await import('../../components/message-dialog.tsx')).MessageDialog,
}));

/** Spec 2.14: a 401 on a signed-in call. OK clears the stored session and goes to /login. */
export function SessionExpiredDialog() {
  const { isExpired, signOut } = useSession();
  const navigate = useNavigate();

  // The dialog's code loads only when a session expires.
  if (!isExpired) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialog
        opened
        title="Session expired"
        message={messages.sessionExpired}
        closeOnOutside={false}
        onOk={() => {
          signOut();
          void navigate('/login', { replace: true });
        }}
      />
    </Suspense>
  );
}
