import { passwordMessages } from '@myprosper/contract/password-messages';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, lowestPasswordScore, passwordProblem, passwordScore } from './password-policy.ts';

const owner = { email: 'amina.otieno@example.com', name: 'Amina Otieno' };

describe('the checks of a new password beside its length', () => {
  it('knows the passwords most seen in breaches, in any letter case', () => {
    for (const password of ['password123', 'PASSWORD123', 'Qwerty123', '12345678', 'iloveyou', 'Trustno1']) {
      expect(isCommonPassword(password)).toBe(true);
    }
    for (const password of ['Kilima Ridge#7', 'Jacaranda-Nairobi-42', 'Prosper#2026']) {
      expect(isCommonPassword(password)).toBe(false);
    }
  });

  it('refuses a common password with its message', () => {
    expect(passwordProblem('Football1', owner)).toBe(passwordMessages.tooCommon);
  });

  it("refuses the site's name, the e-mail's local part or its pieces, and each name, in any case", () => {
    for (const password of [
      'MYPROSPER2026',
      'x-myprosper-x',
      'Amina.Otieno#1',
      'otieno-2026!',
      'aMiNa#Secret9',
    ]) {
      expect(passwordProblem(password, owner)).toBe(passwordMessages.personal);
    }
  });

  it('leaves out pieces shorter than four characters', () => {
    expect(passwordProblem('Jo#Kilima#2026', { email: 'jo.ke@example.com', name: 'Jo Ke' })).toBeNull();
    expect(passwordProblem('Kilima Ridge#7', owner)).toBeNull();
  });

  it('refuses a password too easy to guess (zxcvbn-ts score below 2) with its message', () => {
    for (const password of ['aaaaaaaa', '12341234', 'abcdefgh', 'zzzzzzzzzzzz', 'nairobi1']) {
      expect(passwordScore(password), password).toBeLessThan(lowestPasswordScore);
      expect(passwordProblem(password, owner), password).toBe(passwordMessages.tooGuessable);
    }
  });

  it('takes the demo password and the passwords the tests sign up with', () => {
    for (const password of [
      'Prosper#2026',
      'Correct#Horse1',
      'Brand#New#Pass9',
      'Mazingira#2027',
      'Kilima Ridge#7',
    ]) {
      expect(passwordScore(password), password).toBeGreaterThanOrEqual(lowestPasswordScore);
      expect(passwordProblem(password, owner), password).toBeNull();
    }
  });

  it('judges a very long password quickly, by its first characters', () => {
    const started = performance.now();
    expect(passwordProblem('1'.repeat(200), owner)).toBe(passwordMessages.tooGuessable);
    expect(passwordProblem(`Kilima Ridge#7 ${'1'.repeat(180)}`, owner)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
