import { Anchor, Button, Divider, Paper, Stack } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import {
  type AdvisorProfile,
  type FieldProblem,
  isEmailChange,
  validateAdvisorUpdate,
  validateEmailChange,
} from '@myprosper/contract/profiles';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdvisorProfile } from '../api/get-advisor-profile.ts';
import { useIndustries } from '../api/get-industries.ts';
import { useUpdateAdvisorDetails } from '../api/update-advisor-details.ts';
import { AdvisorAboutFields } from '../components/advisor-about-fields.tsx';
import { FormSkeleton, LoadError, PageFrame } from '../components/page-frame.tsx';
import { CurrentPasswordField, ProfileFields, ReadOnlyIdentity } from '../components/profile-fields.tsx';
import { ProfilePhotoEditor } from '../components/profile-photo-editor.tsx';
import { ProfileVideoEditor } from '../components/profile-video-editor.tsx';
import {
  type AdvisorProfileValues,
  advisorFormValues,
  displayPhone,
  hasChanges,
  invalidFields,
} from '../lib/profile-form.ts';

/** /profile/advisor/edit: the mentor's public profile; name and phone read-only, photo and video uploads. */
export function AdvisorEditPage() {
  useDocumentTitle('Edit Profile');
  const { user } = useSession();
  const profile = useAdvisorProfile(user?.userId ?? null);

  return (
    <PageFrame
      heading="Edit Profile"
      intro="This is what mentees see on your public profile."
      backTo={paths.advisorTime}
      backLabel="Availability and topics"
    >
      {profile.isError ? (
        <LoadError onRetry={() => void profile.refetch()} />
      ) : profile.data ? (
        <AdvisorEditForm profile={profile.data} />
      ) : (
        <FormSkeleton rows={8} />
      )}
    </PageFrame>
  );
}

interface FormState extends AdvisorProfileValues {
  videoURL: string | null;
}

function AdvisorEditForm({ profile }: { profile: AdvisorProfile }) {
  const industries = useIndustries();
  const update = useUpdateAdvisorDetails();
  const [saved, setSaved] = useState<FormState>(() => ({
    ...advisorFormValues(profile),
    videoURL: profile.videoURL,
  }));
  const [values, setValues] = useState<FormState>(saved);
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const isChanged = hasChanges(saved, values);
  const isNewEmail = isEmailChange(saved.email, values.email);
  const { videoURL: _video, ...textValues } = values;
  const invalid = invalidFields(
    problem && { ...problem, field: problem.field === 'emailAddress' ? 'email' : problem.field },
    textValues,
    messages.fillAllFields,
  );

  // One error at a time: the biography's own length message says it already, beside the field.
  const formMessage = problem && problem.message !== messages.biographyTooLong ? problem.message : null;

  function change(field: keyof AdvisorProfileValues, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const { email, ...rest } = values;
    const form = { ...rest, emailAddress: email };
    const found = validateAdvisorUpdate(form) ?? validateEmailChange(saved.email, email, currentPassword);
    setProblem(found);
    if (found) return;
    try {
      const answer = await update.mutateAsync({
        advisorId: profile.id,
        ...form,
        videoURL: values.videoURL ?? undefined,
        ...(isNewEmail ? { currentPassword } : {}),
      });
      setSaved(values);
      setCurrentPassword('');
      notify.success(answer.message || messages.profileUpdated);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <ProfilePhotoEditor photoUrl={profile.profilePicUrl} />
        <Divider />
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile details">
          <Stack gap="md">
            <ReadOnlyIdentity name={profile.name} phone={displayPhone(profile.phoneNumber)} />
            <ProfileFields
              values={values}
              onChange={change}
              invalid={invalid}
              industries={industries.data ?? []}
              currentIndustry={profile.industry}
              isLoadingIndustries={industries.isPending}
            />
            {isNewEmail && (
              <CurrentPasswordField
                value={currentPassword}
                onChange={setCurrentPassword}
                isInvalid={invalid.has('currentPassword')}
              />
            )}
            <AdvisorAboutFields
              values={values}
              onChange={change}
              invalid={invalid}
              showsLengthError={formMessage === null}
            />
            <Divider />
            <ProfileVideoEditor
              videoUrl={values.videoURL}
              isPendingSave={values.videoURL !== saved.videoURL}
              onUploaded={(url) => setValues((current) => ({ ...current, videoURL: url }))}
            />
            <Divider />
            <FormError message={formMessage} />
            <Button type="submit" size="md" disabled={!isChanged} loading={update.isPending}>
              Update
            </Button>
            <Anchor component={Link} to={paths.advisor(profile.id)} ta="center" fz="sm">
              See your public profile
            </Anchor>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
