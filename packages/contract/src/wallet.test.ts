import { describe, expect, it } from 'vitest';
import { transactionsQuery, transactionTypeOf, walletTabs, walletTransaction } from './wallet.ts';

describe('wallet shapes', () => {
  it('calls money in CREDIT and money out DEBIT', () => {
    expect(transactionTypeOf(2900)).toBe('CREDIT');
    expect(transactionTypeOf(-2900)).toBe('DEBIT');
  });

  it('reads the type filter in any case and pages the list', () => {
    expect(transactionsQuery.parse({ type: 'debit' })).toEqual({ type: 'DEBIT', page: 1, pageSize: 100 });
    expect(transactionsQuery.parse({})).toEqual({ page: 1, pageSize: 100 });
    expect(transactionsQuery.safeParse({ type: 'REFUND' }).success).toBe(false);
  });

  it('shows amounts as positive whole shillings', () => {
    const base = { id: 1, transactionType: 'DEBIT', date: '2026-01-01T00:00:00.000Z', description: 'x' };
    expect(walletTransaction.safeParse({ ...base, amount: 2900 }).success).toBe(true);
    expect(walletTransaction.safeParse({ ...base, amount: -2900 }).success).toBe(false);
    expect(walletTransaction.safeParse({ ...base, amount: 29.5 }).success).toBe(false);
  });

  it('has the tabs of the spec', () => {
    expect(walletTabs.map((t) => t.label)).toEqual(['Credited', 'Deducted']);
  });
});
