/** The ceiling's answer (ceiling-answer.mjs). */
export declare const ceilingAnswer: { status: string; data: string };
