/** An integer amount of KES as people read it: 'KES 2,900'. */
export function formatKes(amount: number): string {
  return `KES ${amount.toLocaleString('en-KE')}`;
}
