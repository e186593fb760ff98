import { messages } from '@myprosper/contract/messages';
import type { AdviseeSignUpForm, FieldProblem } from '@myprosper/contract/profiles';
import { isBlank } from '@myprosper/contract/validation';
import {
  emptyPhone,
  type PhoneInputValue,
  phoneToSend,
} from '../../../components/phone-field/phone-value.ts';

/** The sign-up form as typed: every field a string, the phone with its country. */
export interface SignupFormValues {
  name: string;
  email: string;
  phone: PhoneInputValue;
  industryId: string;
  password: string;
  confirmPassword: string;
  source: string;
  gender: string;
  dob: string;
}

export const emptySignupForm: SignupFormValues = {
  name: '',
  email: '',
  phone: emptyPhone,
  industryId: '',
  password: '',
  confirmPassword: '',
  source: '',
  gender: '',
  dob: '',
};

/** The form in the contract's shape (what validateAdviseeSignUp checks and the server receives). */
export function toSignUpRequest(values: SignupFormValues): Required<AdviseeSignUpForm> {
  return {
    name: values.name,
    email: values.email.trim(),
    phoneNumber: phoneToSend(values.phone),
    industryId: values.industryId,
    password: values.password,
    confirmPassword: values.confirmPassword,
    source: values.source,
    gender: values.gender,
    dob: values.dob,
  };
}

export type SignupField = keyof Required<AdviseeSignUpForm>;

/**
 * Which fields to outline in red for the form's one message: every empty field for 'Please fill all fields',
 * otherwise the field the rule is about.
 */
export function fieldsInError(
  problem: FieldProblem | null,
  request: Required<AdviseeSignUpForm>,
): Set<string> {
  if (!problem) return new Set();
  if (problem.message !== messages.fillAllFields) return new Set([problem.field]);
  const blank = Object.entries(request)
    .filter(([, value]) => isBlank(String(value ?? '')))
    .map(([field]) => field);
  return new Set([problem.field, ...blank]);
}
