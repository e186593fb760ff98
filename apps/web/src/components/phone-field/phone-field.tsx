import { Group, Input, Select, TextInput } from '@mantine/core';
import { useId, useMemo } from 'react';
import { type CountryCode, listCountries } from './countries.ts';
import type { PhoneInputValue } from './phone-value.ts';

export interface PhoneFieldProps {
  label: string;
  value: PhoneInputValue;
  onChange: (value: PhoneInputValue) => void;
  /** true: marked red; a message: also written under the number. */
  error?: boolean | string;
  readOnly?: boolean;
  required?: boolean;
  name?: string;
  description?: string;
}

/**
 * A phone number with its country (default KE, placeholder 0712 123456): a searchable country list showing
 * the calling code, and the number as people write it at home.
 */
export function PhoneField({
  label,
  value,
  onChange,
  error = false,
  readOnly = false,
  required = false,
  name = 'phoneNumber',
  description,
}: PhoneFieldProps) {
  const id = useId();
  const countries = listCountries();
  const data = useMemo(
    () =>
      countries.map((country) => ({ value: country.code, label: `${country.code} +${country.callingCode}` })),
    [countries],
  );
  const names = useMemo(() => new Map(countries.map((country) => [country.code, country.name])), [countries]);

  return (
    <Input.Wrapper label={label} id={id} description={description} required={required}>
      <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
        <Select
          aria-label="Country"
          w={124}
          data={data}
          value={value.country}
          onChange={(code) => code && onChange({ ...value, country: code as CountryCode })}
          searchable
          allowDeselect={false}
          disabled={readOnly}
          error={Boolean(error)}
          comboboxProps={{ width: 260, position: 'bottom-start' }}
          maxDropdownHeight={280}
          nothingFoundMessage="No such country"
          filter={({ options, search }) => {
            const query = search.trim().toLowerCase().replace(/^\+/, '');
            if (query === '') return options;
            return options.filter((option) => {
              if (!('value' in option)) return false;
              const country = names.get(option.value as CountryCode) ?? '';
              return country.toLowerCase().includes(query) || option.label.toLowerCase().includes(query);
            });
          }}
          renderOption={({ option }) =>
            `${names.get(option.value as CountryCode) ?? option.value} (${option.label.split(' ')[1]})`
          }
        />
        <TextInput
          id={id}
          name={name}
          style={{ flex: 1 }}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="0712 123456"
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.currentTarget.value })}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          error={error}
          aria-required={required}
        />
      </Group>
    </Input.Wrapper>
  );
}
