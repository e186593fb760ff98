import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useInviteLink } from '../api/get-invite-link.ts';
import { ClipboardIcon, MessageIcon, WhatsAppIcon } from '../components/icons.tsx';
import { LoadError, PageFrame } from '../components/page-frame.tsx';
import { copyText, smsShareUrl, whatsAppShareUrl } from '../lib/share-links.ts';

/** /invite: the person's own link to MyProsper, to copy or send by WhatsApp or SMS. */
export function InvitePage() {
  useDocumentTitle('Invite a Friend');
  const { isSignedIn } = useSession();
  const invite = useInviteLink(isSignedIn);
  const fieldRef = useRef<HTMLInputElement>(null);

  async function copy(url: string): Promise<void> {
    const isCopied = await copyText(url, fieldRef.current);
    if (isCopied) notify.success('Link copied');
    else notify.error('Could not copy the link. Please copy it by hand.');
  }

  return (
    <PageFrame
      heading="Invite a Friend"
      intro="Know someone who would grow with a mentor? Send them your personal link."
      size={640}
      backTo={isSignedIn ? paths.profile : null}
    >
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {!isSignedIn ? (
          <Stack gap="sm" align="flex-start">
            <Text>Log in to get your personal invite link.</Text>
            <Button component={Link} to={paths.login}>
              Login
            </Button>
          </Stack>
        ) : invite.isError ? (
          <LoadError onRetry={() => void invite.refetch()} />
        ) : !invite.data ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={56} />
            <Skeleton height={40} />
          </Stack>
        ) : (
          <Stack gap="md">
            <TextInput
              ref={fieldRef}
              label="Your invite link"
              value={invite.data.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
              <Button leftSection={<ClipboardIcon size={18} />} onClick={() => void copy(invite.data.url)}>
                Copy link
              </Button>
              <Button
                component="a"
                href={whatsAppShareUrl(invite.data.text)}
                target="_blank"
                rel="noopener noreferrer"
                // WhatsApp green, dark enough for white text (AA).
                color="#1e7b34"
                leftSection={<WhatsAppIcon size={18} />}
              >
                WhatsApp
              </Button>
              <Button
                component="a"
                href={smsShareUrl(invite.data.text)}
                variant="light"
                leftSection={<MessageIcon size={18} />}
              >
                SMS
              </Button>
            </Group>
            <Text fz="sm" c="dimmed">
              Your message: “{invite.data.text}”
            </Text>
            <Text fz="sm">
              Questions? Visit{' '}
              <Anchor component={Link} to={paths.help} inherit>
                Help
              </Anchor>
              .
            </Text>
          </Stack>
        )}
      </Paper>
    </PageFrame>
  );
}
