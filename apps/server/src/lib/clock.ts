/** Time as a dependency (DESIGN 1), so tests can move it instead of waiting. */
export type TClock = () => Date;

export const systemClock: TClock = () => new Date();
