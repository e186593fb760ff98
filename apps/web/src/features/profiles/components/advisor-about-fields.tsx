import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { biographyMaxLength, favouriteQuoteMaxLength } from '@myprosper/contract/profiles';
import type { AdvisorProfileValues } from '../lib/profile-form.ts';

type AboutField = 'biography' | 'favouriteQuote' | 'country';

/** What only mentors fill: biography (at most 400 characters, counted as they type), quote and country. */
export function AdvisorAboutFields({
  values,
  onChange,
  invalid,
  showsLengthError = true,
}: {
  values: AdvisorProfileValues;
  onChange: (field: AboutField, value: string) => void;
  invalid: ReadonlySet<string>;
  /** False while the form shows another error: one error at a time (the counter still turns red). */
  showsLengthError?: boolean;
}) {
  const length = values.biography.trim().length;
  const isTooLong = length > biographyMaxLength;
  return (
    <>
      <Textarea
        label="Biography"
        name="biography"
        required
        autosize
        minRows={4}
        maxRows={12}
        value={values.biography}
        onChange={(event) => onChange('biography', event.currentTarget.value)}
        error={
          isTooLong && showsLengthError ? messages.biographyTooLong : invalid.has('biography') || isTooLong
        }
        description={
          <Text component="span" fz="xs" c={isTooLong ? 'red.9' : 'dimmed'} aria-live="polite">
            {length}/{biographyMaxLength} characters
          </Text>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Favourite quote"
          name="favouriteQuote"
          required
          maxLength={favouriteQuoteMaxLength}
          value={values.favouriteQuote}
          onChange={(event) => onChange('favouriteQuote', event.currentTarget.value)}
          error={invalid.has('favouriteQuote')}
        />
        <TextInput
          label="Country"
          name="country"
          required
          autoComplete="country-name"
          value={values.country}
          onChange={(event) => onChange('country', event.currentTarget.value)}
          error={invalid.has('country')}
        />
      </SimpleGrid>
    </>
  );
}
