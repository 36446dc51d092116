/** The appeals module's public face (ADR 0047): what other modules and the composition may use. */

export { appealsModule } from './appeals.plugin';
export type { OpenAppeals } from './open-appeals';
