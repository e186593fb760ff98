import { Button, Container, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import {
  applicationSteps,
  validateBioData,
  validateExpertise,
  validateTerms,
} from '@myprosper/contract/advisor-application';
import type { FieldProblem } from '@myprosper/contract/profiles';
import { chosenVideoProblem } from '@myprosper/contract/uploads';
import { verificationMessages } from '@myprosper/contract/verification';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import type { CroppedImage } from '../../../components/image-cropper/crop-image.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { fieldOfServerError } from '../../../lib/server-field-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { checkApplication } from '../api/check-application.ts';
import { useIndustries } from '../api/get-industries.ts';
import { useLiveTopics } from '../api/get-live-topics.ts';
import { useRegisterAdvisor } from '../api/register-advisor.ts';
import { ApplicationSubmitted } from '../components/application-submitted.tsx';
import { BioDataStep } from '../components/bio-data-step.tsx';
import { ExpertiseStep } from '../components/expertise-step.tsx';
import classes from '../components/new-advisor.module.css';
import { ReviewStep } from '../components/review-step.tsx';
import type { StepProps } from '../components/step-props.ts';
import { useAppHeaderHeight } from '../components/use-app-header-height.ts';
import {
  type ApplicationFilesState,
  type ApplicationValues,
  applicationDraftKey,
  fromDraft,
  isPhoneProven,
  markedFields,
  noFiles,
  toApplicationForm,
  toDraft,
  toFormData,
} from '../lib/application-form.ts';

const stepKeys = ['bio', 'expertise', 'terms'] as const;
/** Spec 9: the recruitment page's navigation is fixed once the page has scrolled over 45 px. */
const fixedNavigationAfter = 45;

/** Step 1's own fields, as the browser checks them (the photo too). */
function bioDataProblem(values: ApplicationValues, files: ApplicationFilesState): FieldProblem | null {
  return validateBioData(toApplicationForm(values), {
    hasImage: files.photo !== null || files.isCropping,
    isCropped: !files.isCropping,
  });
}

/**
 * The problem of one step (Next checks only the step on screen), in the spec's order. Step 1's fields first,
 * then what the server's check said of its e-mail, phone and password (`serverProblem`), then the phone's code.
 */
function checkStep(
  step: number,
  values: ApplicationValues,
  files: ApplicationFilesState,
  serverProblem: FieldProblem | null = null,
): FieldProblem | null {
  const form = toApplicationForm(values);
  if (step === 0) {
    const problem = bioDataProblem(values, files) ?? serverProblem;
    if (problem) return problem;
    return isPhoneProven(values)
      ? null
      : { field: 'phoneNumber', message: verificationMessages.applicationPhoneNotVerified };
  }
  if (step === 1) {
    const problem = validateExpertise(form, { videoFileName: files.video?.name ?? null });
    if (problem) return problem;
    const videoProblem = files.video ? chosenVideoProblem(files.video) : null;
    return videoProblem ? { field: 'video', message: videoProblem } : null;
  }
  return validateTerms(form);
}

function readDraft(): string | null {
  try {
    return window.sessionStorage.getItem(applicationDraftKey);
  } catch {
    return null;
  }
}

function writeDraft(values: ApplicationValues): void {
  try {
    window.sessionStorage.setItem(applicationDraftKey, toDraft(values));
  } catch {
    // Storage full or refused: the application still works, only not across a reload.
  }
}

function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(applicationDraftKey);
  } catch {
    // Nothing kept.
  }
}

/** /new_advisor: Bio Data, Interest & Expertise, Submit for Review; one multipart request at the end. */
export function NewAdvisorPage() {
  useDocumentTitle('Become a Mentor');
  const industries = useIndustries();
  const topics = useLiveTopics();
  const register = useRegisterAdvisor();
  const [active, setActive] = useState(0);
  // What was typed survives a reload of the tab (not the files or the passwords: they are chosen again).
  const [values, setValues] = useState<ApplicationValues>(() => fromDraft(readDraft()));
  const [files, setFiles] = useState<ApplicationFilesState>(noFiles);
  const [triedStep, setTriedStep] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // What the server's check said of step 1 (an e-mail or number already taken, a refused password), until the
  // applicant changes a field; `checking` while it is asked.
  const [serverProblem, setServerProblem] = useState<FieldProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const [submitted, setSubmitted] = useState<{ message: string; email: string } | null>(null);
  const [scroll] = useWindowScroll();
  const headerHeight = useAppHeaderHeight();

  useEffect(() => {
    if (!submitted) writeDraft(values);
  }, [values, submitted]);

  const photoUrl = files.photo?.previewUrl;
  useEffect(() => () => void (photoUrl && URL.revokeObjectURL(photoUrl)), [photoUrl]);

  const problem = triedStep === active ? checkStep(active, values, files, serverProblem) : null;
  const marked = markedFields(problem, toApplicationForm(values), stepKeys[active] ?? 'terms');

  const set: StepProps['set'] = (field, value) => {
    setServerProblem(null);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const stepProps: StepProps = { values, set, marked };

  function goTo(step: number): void {
    setActive(step);
    setTriedStep(null);
    window.scrollTo({ top: 0 });
  }

  async function next(): Promise<void> {
    setTriedStep(active);
    // Step 1: its fields, then the server's check (before the phone's code is asked for), then the code.
    if (active === 0 && (bioDataProblem(values, files) || !(await passesServerCheck()))) return;
    if (checkStep(active, values, files)) return;
    goTo(active + 1);
  }

  /**
   * Step 1's e-mail, phone and password asked of the server before any upload (issue 27): a taken e-mail or
   * number, or a refused password, is shown beside its field and keeps the applicant on the step.
   */
  async function passesServerCheck(): Promise<boolean> {
    const form = toApplicationForm(values);
    setChecking(true);
    try {
      await checkApplication({
        email: form.email ?? '',
        phoneNumber: form.phoneNumber ?? '',
        password: form.password ?? '',
        name: form.name ?? '',
      });
      return true;
    } catch (failure) {
      const message = errorMessage(failure);
      const field = fieldOfServerError(message);
      if (field) setServerProblem({ field, message });
      else notify.error(message);
      return false;
    } finally {
      setChecking(false);
    }
  }

  async function submit(): Promise<void> {
    setTriedStep(active);
    for (let step = 0; step < applicationSteps.length; step++) {
      if (checkStep(step, values, files)) {
        if (step !== active) goTo(step);
        setTriedStep(step);
        return;
      }
    }
    setProgress(0);
    try {
      const answer = await register.mutateAsync({ form: toFormData(values, files), onProgress: setProgress });
      setSubmitted({ message: answer.message, email: values.email.trim() });
      clearDraft();
      window.scrollTo({ top: 0 });
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  }

  if (submitted) {
    return (
      <Container size={640} px="md" py={{ base: 'lg', sm: 48 }}>
        <ApplicationSubmitted message={submitted.message} email={submitted.email} />
      </Container>
    );
  }

  const isLast = active === applicationSteps.length - 1;
  const hasLoadError = industries.isError || topics.isError;

  return (
    <Container size="md" px="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="md">
        <Title order={1} size="h2">
          Become a Mentor
        </Title>
        <Text c="dimmed">Share your experience with people who need it. Apply in three steps.</Text>
      </Stack>
      <Stepper
        active={active}
        onStepClick={(step) => step < active && goTo(step)}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{
          steps: `${classes.steps} ${scroll.y > fixedNavigationAfter ? classes.stepsFixed : ''}`,
          stepBody: classes.stepBody,
          content: classes.content,
        }}
        style={{ '--application-sticky-top': `${headerHeight}px` }}
      >
        {applicationSteps.map((label, index) => (
          <Stepper.Step key={label} label={label} aria-label={`Step ${index + 1}: ${label}`}>
            <Text className={classes.stepCaption} fw={700} mb="sm">
              Step {index + 1} of {applicationSteps.length}: {label}
            </Text>
            {index === 0 && (
              <BioDataStep
                {...stepProps}
                photo={files.photo}
                onPhoto={(photo: CroppedImage) => setFiles((current) => ({ ...current, photo }))}
                onCroppingChange={(isCropping) => setFiles((current) => ({ ...current, isCropping }))}
              />
            )}
            {index === 1 && (
              <ExpertiseStep
                {...stepProps}
                industries={industries.data}
                topics={topics.data}
                hasLoadError={hasLoadError}
                video={files.video}
                onVideo={(video) => setFiles((current) => ({ ...current, video }))}
              />
            )}
            {index === 2 && (
              <ReviewStep
                {...stepProps}
                files={files}
                industries={industries.data}
                topics={topics.data}
                progress={progress}
              />
            )}
          </Stepper.Step>
        ))}
      </Stepper>

      <Stack gap="md" mt="lg">
        <FormError message={problem?.message ?? null} />
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => goTo(active - 1)}
            disabled={active === 0 || register.isPending}
          >
            Back
          </Button>
          {isLast ? (
            <Button onClick={() => void submit()} loading={register.isPending}>
              Submit for Review
            </Button>
          ) : (
            <Button onClick={() => void next()} loading={checking}>
              Next
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
