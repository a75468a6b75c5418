/** What services stamp times with; a test passes one it moves on by hand (tests/api/helpers/test-clock.ts). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
