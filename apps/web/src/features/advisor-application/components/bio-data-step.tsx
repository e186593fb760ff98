import { Group, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { todayIn } from '@myprosper/contract/dates';
import { passwordMessages } from '@myprosper/contract/password-messages';
import { biographyMaxLength, favouriteQuoteMaxLength, genders } from '@myprosper/contract/profiles';
import { useMemo } from 'react';
import type { CroppedImage } from '../../../components/image-cropper/crop-image.ts';
import { PhotoCropField } from '../../../components/image-cropper/photo-crop-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { type CountryCode, listCountries } from '../../../components/phone-field/countries.ts';
import { PhoneField } from '../../../components/phone-field/phone-field.tsx';
import { ApplicationPhoneCheck } from './application-phone-check.tsx';
import type { StepProps } from './step-props.ts';

interface BioDataStepProps extends StepProps {
  photo: CroppedImage | null;
  onPhoto: (photo: CroppedImage) => void;
  onCroppingChange: (isCropping: boolean) => void;
}

/** Step 1, Bio Data: who the mentor is, with a photo cropped to a square. */
export function BioDataStep({ values, set, marked, photo, onPhoto, onCroppingChange }: BioDataStepProps) {
  const countries = useMemo(
    () => listCountries().map((country) => ({ value: country.code, label: country.name })),
    [],
  );
  const biographyLength = values.biography.trim().length;

  return (
    <Stack gap="md">
      <PhotoCropField
        label="Profile photo"
        description="A clear photo of your face; people see it beside your name"
        previewUrl={photo?.previewUrl ?? null}
        onCropped={onPhoto}
        onCroppingChange={onCroppingChange}
        error={marked.has('profilePic')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Full name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={marked.has('name')}
          required
        />
        <TextInput
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={marked.has('email')}
          required
        />
        <Stack gap="xs">
          <PhoneField
            label="Phone number"
            value={values.phone}
            onChange={(phone) => set('phone', phone)}
            error={marked.has('phoneNumber')}
            required
          />
          <ApplicationPhoneCheck values={values} set={set} />
        </Stack>
        <Select
          label="Country"
          name="country"
          data={countries}
          value={values.country}
          onChange={(code) => code && set('country', code as CountryCode)}
          searchable
          allowDeselect={false}
          autoComplete="off"
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          description={passwordMessages.newPasswordHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={values.password}
          onChange={(event) => set('password', event.currentTarget.value)}
          error={marked.has('password')}
          required
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => set('confirmPassword', event.currentTarget.value)}
          error={marked.has('confirmPassword')}
          required
        />
        <TextInput
          label="Date of birth"
          name="dob"
          type="date"
          max={todayIn()}
          min="1900-01-01"
          value={values.dob}
          onChange={(event) => set('dob', event.currentTarget.value)}
          error={marked.has('dob')}
          required
        />
        <Radio.Group
          label="Gender"
          name="gender"
          value={values.gender}
          onChange={(value) => set('gender', value)}
          error={marked.has('gender')}
          required
        >
          <Group gap="lg" mt={8}>
            {genders.map((gender) => (
              <Radio key={gender} value={gender} label={gender} />
            ))}
          </Group>
        </Radio.Group>
      </SimpleGrid>
      <TextInput
        label="LinkedIn profile"
        name="linkedInUrl"
        type="url"
        inputMode="url"
        placeholder="https://www.linkedin.com/in/your-name"
        value={values.linkedInUrl}
        onChange={(event) => set('linkedInUrl', event.currentTarget.value)}
        error={marked.has('linkedInUrl')}
        required
      />
      <Textarea
        label="Favourite quote"
        name="favouriteQuote"
        autosize
        minRows={2}
        maxLength={favouriteQuoteMaxLength}
        value={values.favouriteQuote}
        onChange={(event) => set('favouriteQuote', event.currentTarget.value)}
        error={marked.has('favouriteQuote')}
        required
      />
      <Textarea
        label="Biography"
        name="biography"
        description="Your experience and what you can help with"
        autosize
        minRows={4}
        value={values.biography}
        onChange={(event) => set('biography', event.currentTarget.value)}
        error={marked.has('biography')}
        required
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <Text
        fz="xs"
        ta="right"
        mt={-10}
        c={biographyLength > biographyMaxLength ? 'red.9' : 'dimmed'}
        aria-live="polite"
      >
        {biographyLength}/{biographyMaxLength} characters
      </Text>
    </Stack>
  );
}
