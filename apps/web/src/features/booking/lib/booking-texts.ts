/** How long an unpaid booking holds its slot (the server's BOOKING_HOLD_MINUTES default). */
export const holdMinutes = 15;

/** Texts of the booking screens beside the spec's own (those live in the contract). */
export const bookingTexts = {
  holdNotice: `We hold this slot for ${holdMinutes} minutes while you pay`,
  noFreeHours: 'This mentor has no free hours in the coming weeks. Please check again later.',
  noTopics: 'This mentor has no topics to book yet.',
  noFreeDates: 'No free dates at this time. Please choose another time.',
  noteLabel: 'Add a note to the mentor (optional)',
  noteDescription: 'What would you like to talk about? Only you and your mentor see it.',
  checkoutSession: 'Checkout Session',
  walletCovers: (balance: string) => `Your wallet balance of ${balance} covers this session`,
  mpesaWithWallet: (wallet: string, mpesa: string) =>
    `${wallet} from your wallet and ${mpesa} from your phone`,
  mpesaCoveredByWallet: 'Not needed: your wallet covers this session',
} as const;
