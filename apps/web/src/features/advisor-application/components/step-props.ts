import type { ApplicationValues } from '../lib/application-form.ts';

/** What every step gets: the values, a setter, and the fields to outline in red. */
export interface StepProps {
  values: ApplicationValues;
  set: <K extends keyof ApplicationValues>(field: K, value: ApplicationValues[K]) => void;
  marked: Set<string>;
}
