import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { verificationMessages } from '@myprosper/contract/verification';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdviseeDetails } from '../api/get-advisee-details.ts';
import { useAdvisorProfile } from '../api/get-advisor-profile.ts';
import { useResendEmailLink } from '../api/resend-email-link.ts';
import {
  AssessmentIcon,
  CardIcon,
  ChevronRightIcon,
  DevicesIcon,
  EditIcon,
  HelpIcon,
  JourneyIcon,
  LockIcon,
  SessionsIcon,
  ShareIcon,
  ShieldIcon,
  WalletIcon,
} from '../components/icons.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { ProfileAvatar } from '../components/profile-avatar.tsx';
import classes from './profile-page.module.css';

interface HubLink {
  to: string;
  label: string;
  icon: ReactNode;
}

/** /profile: who is signed in, and the way to everything about their account. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { user, isAdvisor } = useSession();
  const isAdvisee = user?.role === 'ADVISEE';
  const advisee = useAdviseeDetails(isAdvisee && user ? user.userId : null);
  const advisor = useAdvisorProfile(isAdvisor && user ? user.userId : null);
  const details = isAdvisor ? advisor : advisee;

  const name = details.data?.name ?? user?.fullName ?? '';
  const email = details.data?.email ?? user?.username ?? '';
  const photoUrl = details.data?.profilePicUrl ?? null;
  const isLoading = (isAdvisor || isAdvisee) && details.isPending;

  const editLink = isAdvisor ? paths.advisorTime : isAdvisee ? paths.adviseeEdit : null;
  const links: HubLink[] = [
    { to: paths.changePassword, label: 'Change Password', icon: <LockIcon /> },
    { to: paths.signedInDevices, label: 'Signed-in Devices', icon: <DevicesIcon /> },
    { to: paths.twoStep, label: 'Two-step Sign-in', icon: <ShieldIcon /> },
    ...(editLink ? [{ to: editLink, label: 'Edit Profile', icon: <EditIcon /> }] : []),
    { to: paths.sessions, label: 'Sessions', icon: <SessionsIcon /> },
    ...(isAdvisee ? [{ to: paths.journey, label: 'My Journey', icon: <JourneyIcon /> }] : []),
    ...(isAdvisor ? [{ to: paths.paymentPreference, label: 'Payment Preferences', icon: <CardIcon /> }] : []),
    ...(isAdvisee ? [{ to: paths.selfAssessment, label: 'Self Assessment', icon: <AssessmentIcon /> }] : []),
    { to: paths.wallet, label: 'Wallet', icon: <WalletIcon /> },
    { to: paths.invite, label: 'Invite a Friend', icon: <ShareIcon /> },
    { to: paths.help, label: 'Help', icon: <HelpIcon /> },
  ];

  return (
    <PageFrame heading="Profile" size={640} backTo={null}>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Group gap="lg" wrap="nowrap" align="center">
            {isLoading ? (
              <Skeleton height={88} circle />
            ) : (
              <ProfileAvatar name={name} photoUrl={photoUrl} size={88} />
            )}
            <Stack gap={2} miw={0}>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Text c="dimmed">
                <EmailText email={email} />
              </Text>
              {details.data?.emailVerified === false && <UnconfirmedEmail />}
              {isAdvisor && user && (
                <Anchor component={Link} to={paths.advisor(user.userId)} fz="sm">
                  See your public profile
                </Anchor>
              )}
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder radius="lg" component="nav" aria-label="Account" className={classes.list}>
          {links.map((link) => (
            <UnstyledButton key={link.to} component={Link} to={link.to} className={classes.item}>
              <span className={classes.icon}>{link.icon}</span>
              <Text component="span" fw={600} style={{ flex: 1 }}>
                {link.label}
              </Text>
              <ChevronRightIcon size={18} />
            </UnstyledButton>
          ))}
        </Paper>
      </Stack>
    </PageFrame>
  );
}

/** While the address is not confirmed: says so, and sends the link again. */
function UnconfirmedEmail() {
  const resend = useResendEmailLink();
  async function sendAgain(): Promise<void> {
    try {
      const answer = await resend.mutateAsync();
      notify.success(answer.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }
  return (
    <Stack gap={4} align="flex-start" mt={4}>
      <Text fz="sm" c="orange.9" fw={600}>
        {verificationMessages.emailNotVerified}
      </Text>
      <Button size="compact-sm" variant="light" onClick={() => void sendAgain()} loading={resend.isPending}>
        {verificationMessages.sendEmailLinkAgain}
      </Button>
    </Stack>
  );
}
