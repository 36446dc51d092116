/** The social module's public face (ADR 0047): what other modules and the composition may use. */

export { socialModule, type TSocialModule } from './social.plugin';
export { ToggleSignals } from './toggle-signals';
